import { createHash, randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { parseBody } from "hono/utils/body";
import { z } from "zod";
import { PlatformDocumentQuery, type PlatformDocumentTask, type PlatformDocumentType } from "../wire/documents";
import { FILE_KINDS, isKeepableName, MAX_UPLOAD_BYTES, sniffFileKind } from "./file-kinds";
import type { Authenticate } from "./authenticate";
import { describeIssues, type SandboxRoute, type Services } from "./context";
import { badRequest, HttpError } from "./errors";
import { controlRoute } from "./control-routes";

/** Room for a 10 MB file as base64 inside a JWE envelope (≈ 1.78×) plus headers. */
export const DOCUMENT_BODY_LIMIT = 24 * 1024 * 1024;

export interface StoredDocument {
  id: string;
  sha256: string;
  size: number;
  mime: string;
  fileName: string | null;
  dt: PlatformDocumentType | null;
  tasks: PlatformDocumentTask[];
  encrypted: boolean;
  clientId: string;
  receivedAt: string;
}

const EnvelopePlaintext = z.object({ file: z.string() }).strict();
// Linear checks: a grouped regex over a 14 MB string overflows the stack.
const isStandardBase64 = (s: string) => s.length % 4 === 0 && /^[A-Za-z0-9+/]*={0,2}$/.test(s);

/** Spec 4.11: the file is the multipart part `file`, or standard base64 in the decrypted JSON. */
async function fileFromRequest(contentType: string, body: Buffer, encrypted: boolean): Promise<{ bytes: Buffer; fileName: string | null }> {
  if (encrypted) {
    let value: unknown;
    try {
      value = JSON.parse(body.toString("utf8"));
    } catch {
      throw badRequest("Decrypted body is not JSON");
    }
    const parsed = EnvelopePlaintext.safeParse(value);
    if (!parsed.success) throw badRequest(`Decrypted body must be {"file": "<base64>"}: ${describeIssues(parsed.error)}`);
    if (!isStandardBase64(parsed.data.file)) throw badRequest("file is not standard Base64");
    return { bytes: Buffer.from(parsed.data.file, "base64"), fileName: null };
  }
  if (!/^multipart\/form-data\s*;.*\bboundary=/i.test(contentType)) throw badRequest("Content-Type must be multipart/form-data with a boundary (or send X-Encryption: JWE)");
  let form: Record<string, unknown>;
  try {
    // Hono's form parser (the Fetch API's multipart reader) over the body the server already read within its limit.
    form = await parseBody(new Request("http://sandbox.local/", { method: "POST", headers: { "content-type": contentType }, body: new Uint8Array(body) }));
  } catch {
    throw badRequest("Malformed multipart body");
  }
  const file = form.file;
  if (file === undefined) throw badRequest('The multipart body has no part named "file"');
  if (!(file instanceof File)) throw badRequest('The part "file" must be a file (with a filename)');
  if (!isKeepableName(file.name)) throw badRequest("The file name contains a character that cannot be stored", "invalid_file_name");
  return { bytes: Buffer.from(await file.arrayBuffer()), fileName: file.name };
}

export function documentRoutes(s: Services, authenticate: Authenticate): SandboxRoute[] {
  const documents = s.store.collection<StoredDocument>("documents");
  const dir = path.join(s.config.dataDir, "documents");
  return [
    {
      method: "POST",
      pattern: "/mr/api/v2/docs",
      name: "documents.upload",
      family: "sandbox",
      query: ["task", "dt"],
      maxBodyBytes: DOCUMENT_BODY_LIMIT,
      handler: async (ctx) => {
        const principal = await authenticate(ctx, { scheme: "bearer" });
        const query = PlatformDocumentQuery.safeParse({ task: ctx.url.searchParams.getAll("task"), dt: ctx.url.searchParams.get("dt") ?? undefined });
        if (!query.success) throw badRequest(`Invalid query parameter ${describeIssues(query.error)}`);
        const encrypted = String(ctx.header("x-encryption") ?? "").toUpperCase() === "JWE";
        const { bytes, fileName } = await fileFromRequest(ctx.header("content-type") ?? "", ctx.rawBody, encrypted);
        if (bytes.length === 0) throw badRequest("The file is empty", "empty_file");
        if (bytes.length > MAX_UPLOAD_BYTES) throw new HttpError(413, "file_too_large", `The file is ${bytes.length} bytes; at most ${MAX_UPLOAD_BYTES} are accepted`);
        const kind = sniffFileKind(bytes.subarray(0, 16));
        if (!kind) throw new HttpError(415, "unsupported_media_type", "The file's contents are not a PDF, JPEG, PNG, TIFF, WebP or HEIC document");
        const id = `doc_${randomBytes(12).toString("hex")}`;
        await mkdir(dir, { recursive: true });
        await writeFile(path.join(dir, `${id}.bin`), bytes);
        documents.set(id, {
          id,
          sha256: createHash("sha256").update(bytes).digest("hex"),
          size: bytes.length,
          mime: FILE_KINDS[kind].mime,
          fileName,
          dt: query.data.dt ?? null,
          tasks: query.data.task,
          encrypted,
          clientId: principal.kind === "token" ? principal.clientId : "",
          receivedAt: new Date(s.now()).toISOString(),
        });
        return { status: 201, body: { document_id: id } };
      },
    },
  ];
}

/** Lets tests prove a file arrived intact: its sha256, size, and (on request) the bytes. */
export function documentControlRoutes(s: Services): SandboxRoute[] {
  const documents = s.store.collection<StoredDocument>("documents");
  const dir = path.join(s.config.dataDir, "documents");
  return [
    controlRoute("GET", "documents", "documents.list", () => ({ body: { documents: documents.values() } })),
    controlRoute("GET", "documents/:id", "documents.get", async (ctx) => {
      const doc = documents.get(ctx.params.id ?? "");
      if (!doc) throw new HttpError(404, "not_found", "No such document");
      if (ctx.url.searchParams.get("bytes") !== "1") return { body: doc };
      const bytes = await readFile(path.join(dir, `${doc.id}.bin`));
      return { body: { ...doc, base64: bytes.toString("base64") } };
    }),
  ];
}
