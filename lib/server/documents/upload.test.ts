import { createHash, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { DocumentUploadQuery, MAX_DOCUMENT_BYTES } from "@/lib/schemas/documents";
import { pgliteTestDatabase, postgresAvailable, postgresTestDatabase, SKIP_POSTGRES_MESSAGE, type TestDatabase } from "@/lib/testing/databases";
import { startPlatformHarness, TEST_CLIENT_ID, TEST_ENCRYPTION, type PlatformHarness } from "@/lib/testing/platform-harness";
import { recordAudit } from "../audit";
import { auditLog, patientDocuments } from "../db/schema";
import { AppError } from "../errors";
import { createPlatform, type Platform } from "@/lib/platform/client";
import { readDocumentCopy, type CopyStore } from "./copies";
import { listPatientDocuments } from "./records";
import { uploadPatientDocument } from "./upload";

const PDF = Buffer.from("%PDF-1.7\n%âãÏÓ\n");
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const fileOf = (head: Buffer, size: number) => Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]).subarray(0, size);
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

/** A browser-like request: the raw file as a stream in 64 KB pieces, with its Content-Length. */
function uploadRequest(bytes: Buffer, opts: { contentLength?: string | null; cutAt?: number } = {}) {
  let at = 0;
  const end = opts.cutAt ?? bytes.length;
  const body = new ReadableStream<Uint8Array>({
    pull(c) {
      if (at >= end) {
        if (opts.cutAt !== undefined) c.error(new Error("socket hang up"));
        else c.close();
        return;
      }
      c.enqueue(bytes.subarray(at, Math.min(end, at + 65536)));
      at += 65536;
    },
  });
  const headers = new Headers();
  const length = opts.contentLength === undefined ? String(bytes.length) : opts.contentLength;
  if (length !== null) headers.set("content-length", length);
  return new Request("http://desk.test/api/documents", { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

const pgUp = await postgresAvailable();
if (!pgUp) console.warn(SKIP_POSTGRES_MESSAGE);

// The JWE case streams over a real connection, through the client's production transport (undici
// with the file as a Node stream); the others reach the sandbox in-process (a WHATWG stream body).
describe.each([
  ["plain, PGlite, copies in files", false, pgliteTestDatabase, true, "files", false],
  ["JWE, PGlite, copies in files, over HTTP", true, pgliteTestDatabase, true, "files", true],
  ["plain, PostgreSQL, copies in the database", false, postgresTestDatabase, pgUp, "database", false],
] as const)("document upload through the BFF (%s)", (_name, encrypted, openDb, available, copyKind, overHttp) => {
  let t: TestDatabase;
  let h: PlatformHarness;
  let platform: Platform;
  const patient = `pat-${Math.random().toString(36).slice(2, 8)}`;
  const copyDir = mkdtempSync(path.join(tmpdir(), "clinic-upload-copies-"));
  const copies: CopyStore = copyKind === "files" ? { kind: "files", dir: copyDir } : { kind: "database" };

  beforeAll(async () => {
    if (!available) return;
    t = await openDb();
    h = await startPlatformHarness(t.database, { overHttp });
    platform = createPlatform(
      { ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 5000, encryption: encrypted ? TEST_ENCRYPTION : undefined },
      { database: t.database, idp: h.idp },
    );
    // PGlite's first open (WASM start + migrations) can take tens of seconds on a busy machine.
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.dispose();
    rmSync(copyDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    if (!available) return;
    await h.resetFaults();
    await h.resetStats();
  });

  const upload = (bytes: Buffer, name: string, opts: Parameters<typeof uploadRequest>[1] = {}, extra: Record<string, string> = {}) =>
    uploadPatientDocument({
      req: uploadRequest(bytes, opts),
      query: DocumentUploadQuery.parse({ patient, name, dt: "lr", tasks: "smart,pii", ...extra }),
      platform: platform.forStaff(h.staff),
      db: t.database.db,
      staffId: h.staff.id,
      audit: (e) => recordAudit(t.database.db, { ...e, staffId: h.staff.id }),
      copies,
    });

  async function storedInSandbox(documentId: string) {
    const res = await h.fetch(`${h.sandboxUrl}/__sandbox/documents/${documentId}`);
    expect(res.status).toBe(200);
    return (await res.json()) as { sha256: string; size: number; mime: string; encrypted: boolean; tasks: string[]; dt: string; fileName: string | null };
  }

  const failure = async (p: Promise<unknown>) => {
    const err = await p.then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  };

  it.skipIf(!available).each([17, 70_001, 1024 * 1024 + 3, MAX_DOCUMENT_BYTES])("a %i-byte file arrives byte-identical and is recorded", async (size) => {
    const bytes = fileOf(PDF, size);
    const doc = await upload(bytes, "cbc-report.pdf");
    expect(doc.sha256).toBe(sha(bytes));
    const stored = await storedInSandbox(doc.documentId);
    expect(stored).toMatchObject({ sha256: sha(bytes), size, mime: "application/pdf", encrypted, tasks: ["smart", "pii"], dt: "lr" });
    if (!encrypted) expect(stored.fileName).toBe("cbc-report.pdf");
    const listed = await listPatientDocuments(t.database.db, patient);
    expect(listed.find((d) => d.documentId === doc.documentId)).toMatchObject({ sizeBytes: size, fileName: "cbc-report.pdf", uploadedByName: "Dr. Test Harness" });
    const audits = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resourceId, patient), eq(auditLog.action, "upload"), eq(auditLog.outcome, "ok")));
    expect(audits.some((a) => (a.detail as { documentId?: string }).documentId === doc.documentId)).toBe(true);
    const copy = await readDocumentCopy(t.database.db, doc.id, copies);
    expect(sha(new Uint8Array(await new Response(copy!.stream).arrayBuffer()))).toBe(sha(bytes));
  });

  it.skipIf(!available)("refuses too large, empty, unknown and lying files before calling the platform", async () => {
    const before = (await t.database.db.select().from(patientDocuments)).length;
    expect((await failure(upload(fileOf(PDF, 100), "big.pdf", { contentLength: String(MAX_DOCUMENT_BYTES + 1) }))).status).toBe(413);
    expect((await failure(upload(Buffer.alloc(0), "empty.pdf"))).status).toBe(400);
    expect((await failure(upload(Buffer.from("plain text pretending"), "notes.pdf"))).status).toBe(415);
    const lying = await failure(upload(fileOf(PNG, 2000), "scan.pdf"));
    expect(lying.status).toBe(415);
    expect(lying.detail).toMatch(/named \.pdf but contains a PNG/);
    expect((await failure(upload(fileOf(PDF, 100), "x.pdf", { contentLength: null }))).status).toBe(411);
    expect((await h.stats())["documents.upload"] ?? 0).toBe(0);
    expect((await t.database.db.select().from(patientDocuments)).length).toBe(before);
    const failed = await t.database.db.select().from(auditLog).where(and(eq(auditLog.resourceId, patient), eq(auditLog.outcome, "failed")));
    expect(failed.length).toBeGreaterThanOrEqual(5);
  });

  it.skipIf(!available)("a body longer than announced, or cut off, is refused and nothing is stored anywhere", async () => {
    const before = (await t.database.db.select().from(patientDocuments)).length;
    const sandboxBefore = ((await (await h.fetch(`${h.sandboxUrl}/__sandbox/documents`)).json()) as { documents: unknown[] }).documents.length;
    const longer = await failure(upload(fileOf(PDF, 200_000), "long.pdf", { contentLength: "100000" }));
    expect(longer.status).toBe(400);
    const cut = await failure(upload(fileOf(PDF, 300_000), "cut.pdf", { cutAt: 131072 }));
    expect(cut.status).toBe(400);
    expect(cut.detail).toMatch(/connection was lost/);
    expect((await t.database.db.select().from(patientDocuments)).length).toBe(before);
    const sandboxAfter = ((await (await h.fetch(`${h.sandboxUrl}/__sandbox/documents`)).json()) as { documents: unknown[] }).documents.length;
    expect(sandboxAfter).toBe(sandboxBefore);
  });

  it.skipIf(!available)("a platform 5xx is a clear 502 and nothing is recorded; the next upload goes through", async () => {
    const before = (await t.database.db.select().from(patientDocuments)).length;
    await h.setFaults({ pathPrefix: "/mr/", errorRate: 1 });
    expect((await failure(upload(fileOf(PDF, 5000), "report.pdf"))).status).toBe(502);
    expect((await t.database.db.select().from(patientDocuments)).length).toBe(before);
    await h.resetFaults();
    const doc = await upload(fileOf(PDF, 5000), "report.pdf");
    expect(doc.documentId).toMatch(/^doc_/);
  });

  it.skipIf(!available)("a rejected token mid-upload is not re-sent blindly: a clear error, and the retry works", async () => {
    await platform.tokens.accessToken(h.staff);
    await h.expireAccessTokens();
    const err = await failure(upload(fileOf(PDF, 5000), "report.pdf"));
    expect(err.detail).toMatch(/try again/);
    const doc = await upload(fileOf(PDF, 5000), "report.pdf");
    expect(doc.documentId).toMatch(/^doc_/);
  });
});
