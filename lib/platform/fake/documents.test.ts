import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { FlattenedEncrypt, flattenedDecrypt } from "jose";
import { MAX_UPLOAD_BYTES as MAX_DOCUMENT_BYTES } from "./file-kinds";
import { JweResponseEnvelope } from "../wire/jwe";
import { call, ENCRYPTION_KEY, ENCRYPTION_KID, sandboxForTests } from "./test-support";

const key = new TextEncoder().encode(ENCRYPTION_KEY + ENCRYPTION_KEY);
const PDF_HEAD = Buffer.from("%PDF-1.7\n");
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_HEAD = Buffer.from([0xff, 0xd8, 0xff, 0xe0]);

const fileOf = (head: Buffer, size: number) => Buffer.concat([head, randomBytes(Math.max(0, size - head.length))]).subarray(0, size);
const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

const harness = sandboxForTests({ signIn: true });

async function postMultipart(bytes: Buffer, opts: { query?: string; partName?: string; auth?: boolean; fileName?: string } = {}) {
  const form = new FormData();
  form.append(opts.partName ?? "file", new Blob([new Uint8Array(bytes)]), opts.fileName ?? "report.pdf");
  const headers: Record<string, string> = opts.auth === false ? {} : { authorization: `Bearer ${harness.token}` };
  const res = await fetch(`${harness.sandbox.url}/mr/api/v2/docs${opts.query ?? ""}`, { method: "POST", body: form, headers });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> & { document_id?: string; error?: { code: string } } };
}

async function postEncrypted(plaintext: unknown, query = "") {
  const jwe = await new FlattenedEncrypt(new TextEncoder().encode(JSON.stringify(plaintext))).setProtectedHeader({ alg: "dir", enc: "A128CBC-HS256" }).encrypt(key);
  const envelope = { protected: jwe.protected, iv: jwe.iv, ciphertext: jwe.ciphertext, tag: jwe.tag, kid: ENCRYPTION_KID };
  const r = await call(harness.sandbox.url, "POST", `/mr/api/v2/docs${query}`, { body: envelope, headers: { authorization: `Bearer ${harness.token}`, "x-encryption": "JWE" } });
  if (r.status < 300) {
    const env = JweResponseEnvelope.parse(r.json);
    const { plaintext: out } = await flattenedDecrypt({ ...env, protected: env.protected! }, key);
    return { status: r.status, json: JSON.parse(new TextDecoder().decode(out)) as { document_id: string } };
  }
  return { status: r.status, json: r.json as { error: { code: string } } };
}

/** The stored document; its bytes too (base64) only when asked: 10 MB of them cost ~1 s to send as JSON and parse. */
async function stored(id: string, withBytes = true) {
  const r = await call(harness.sandbox.url, "GET", `/__sandbox/documents/${id}${withBytes ? "?bytes=1" : ""}`);
  expect(r.status).toBe(200);
  return r.json as { sha256: string; size: number; mime: string; dt: string | null; tasks: string[]; encrypted: boolean; base64: string };
}

describe("POST /mr/api/v2/docs", () => {
  it.each([1, 4096, 1024 * 1024 + 7, MAX_DOCUMENT_BYTES])("keeps a %i-byte multipart upload byte-identical", async (size) => {
    const bytes = fileOf(PDF_HEAD, size);
    const r = await postMultipart(bytes, { query: "?task=smart&task=pii&dt=lr" });
    if (size < PDF_HEAD.length) {
      expect(r.status).toBe(415);
      return;
    }
    expect(r.status).toBe(201);
    const doc = await stored(r.json.document_id!);
    expect(doc).toMatchObject({ sha256: sha(bytes), size, mime: "application/pdf", dt: "lr", tasks: ["smart", "pii"], encrypted: false });
    expect(Buffer.from(doc.base64, "base64").equals(bytes)).toBe(true);
  });

  it.each([9, 100_003, MAX_DOCUMENT_BYTES])("keeps a %i-byte JWE upload byte-identical", async (size) => {
    const bytes = fileOf(PNG_HEAD, size);
    const r = await postEncrypted({ file: bytes.toString("base64") }, "?dt=ps&task=classification");
    expect(r.status).toBe(201);
    // The stored sha256 and size prove the bytes; the multipart case above compares them whole.
    const doc = await stored((r.json as { document_id: string }).document_id, false);
    expect(doc).toMatchObject({ sha256: sha(bytes), size, mime: "image/png", dt: "ps", tasks: ["classification"], encrypted: true });
  });

  it("refuses a file over 10 MB with 413 in both modes", async () => {
    const bytes = fileOf(JPEG_HEAD, MAX_DOCUMENT_BYTES + 1);
    expect((await postMultipart(bytes)).status).toBe(413);
    const enc = await postEncrypted({ file: bytes.toString("base64") });
    expect(enc.status).toBe(413);
  });

  it("checks the bytes, not the name: a text file called report.pdf is 415", async () => {
    const r = await postMultipart(Buffer.from("just some text, not a pdf"));
    expect(r.status).toBe(415);
    expect(r.json.error?.code).toBe("unsupported_media_type");
    expect((await postEncrypted({ file: Buffer.from("MZ\x90\x00 an exe").toString("base64") })).status).toBe(415);
  });

  it("answers 400 for an empty file, a missing part, malformed multipart, a bad envelope or bad base64", async () => {
    expect((await postMultipart(Buffer.alloc(0))).status).toBe(400);
    expect((await postMultipart(fileOf(PDF_HEAD, 100), { partName: "document" })).status).toBe(400);
    const broken = await call(harness.sandbox.url, "POST", "/mr/api/v2/docs", {
      rawBody: "--x\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\n%PDF-1.4 no closing boundary",
      headers: { authorization: `Bearer ${harness.token}`, "content-type": "multipart/form-data; boundary=x" },
    });
    expect(broken.status).toBe(400);
    const notMultipart = await call(harness.sandbox.url, "POST", "/mr/api/v2/docs", { body: { file: "JVBERi0=" }, headers: { authorization: `Bearer ${harness.token}` } });
    expect(notMultipart.status).toBe(400);
    const badEnvelope = await call(harness.sandbox.url, "POST", "/mr/api/v2/docs", { body: { ciphertext: "x" }, headers: { authorization: `Bearer ${harness.token}`, "x-encryption": "JWE" } });
    expect(badEnvelope.status).toBe(400);
    expect((await postEncrypted({ file: "%%%not base64" })).status).toBe(400);
    expect((await postEncrypted({ document: "JVBERi0=" })).status).toBe(400);
  });

  it("refuses a file name with NUL, a text part named file, and an unknown query parameter", async () => {
    const storedBefore = (await call(harness.sandbox.url, "GET", "/__sandbox/documents")).json.documents.length as number;
    const nul = await postMultipart(fileOf(PDF_HEAD, 100), { fileName: "report\u0000.pdf" });
    expect(nul.status).toBe(400);
    expect(nul.json.error?.code).toBe("invalid_file_name");
    const text = await call(harness.sandbox.url, "POST", "/mr/api/v2/docs", {
      rawBody: '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\n%PDF-1.4 as text\r\n--x--\r\n',
      headers: { authorization: `Bearer ${harness.token}`, "content-type": "multipart/form-data; boundary=x" },
    });
    expect(text.status).toBe(400);
    const unknown = await postMultipart(fileOf(PDF_HEAD, 100), { query: "?task=smart&folder=x" });
    expect(unknown.status).toBe(400);
    expect(unknown.json.error).toEqual({ code: "unknown_parameter", message: "Unknown query parameter: folder" });
    expect((await call(harness.sandbox.url, "GET", "/__sandbox/documents")).json.documents).toHaveLength(storedBefore);
  });

  it("needs a Bearer token and valid query values", async () => {
    expect((await postMultipart(fileOf(PDF_HEAD, 100), { auth: false })).status).toBe(401);
    expect((await postMultipart(fileOf(PDF_HEAD, 100), { query: "?task=astrology" })).status).toBe(400);
    expect((await postMultipart(fileOf(PDF_HEAD, 100), { query: "?dt=zz" })).status).toBe(400);
  });
});
