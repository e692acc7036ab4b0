import { createHash, randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { DocumentUploadQuery } from "@/lib/schemas/documents";
import { pgliteTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { startPlatformHarness, TEST_CLIENT_ID, type PlatformHarness } from "@/lib/testing/platform-harness";
import { documentUploadAttempts, patientDocuments } from "../db/schema";
import { AppError } from "../errors";
import { createPlatform, type Platform } from "@/lib/platform/client";
import { uploadPatientDocument } from "./upload";
import { resolveCancelledUpload } from "./cancelled-upload";

const PDF = Buffer.from("%PDF-1.7\n%unknown outcome\n");
const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

function uploadRequest(bytes: Buffer) {
  return new Request("http://desk.test/api/documents", {
    method: "POST",
    body: new Blob([new Uint8Array(bytes)]).stream(),
    headers: { "content-length": String(bytes.length) },
    duplex: "half",
  } as RequestInit);
}

describe("an upload whose platform answer is lost: the same file again is flagged, not silently filed twice", () => {
  let t: TestDatabase;
  let h: PlatformHarness;
  let platform: Platform;
  /** The same desk giving up on an upload's answer after 0.5 s: only the upload meant to be lost goes through it. */
  let hurried: Platform;
  const patient = `pat-${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    t = await pgliteTestDatabase();
    h = await startPlatformHarness(t.database);
    // The answer after the last byte may take 2 s (0.5 s for the hurried desk); the platform is made slower than that.
    platform = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 2_000, uploadTimeoutMs: 2_000 }, { database: t.database, idp: h.idp });
    hurried = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 500, uploadTimeoutMs: 500 }, { database: t.database, idp: h.idp });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.dispose();
  });
  beforeEach(async () => {
    await h.resetFaults();
    await h.resetStats();
  });

  const upload = (bytes: Buffer, extra: Record<string, string> = {}, through = platform) =>
    uploadPatientDocument({
      req: uploadRequest(bytes),
      query: DocumentUploadQuery.parse({ patient, name: "xray-report.pdf", dt: "lr", sha256: sha(bytes), ...extra }),
      platform: through.forStaff(h.staff),
      db: t.database.db,
      staffId: h.staff.id,
      audit: async () => {},
    });
  const failure = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => e as AppError);
  const attempts = (bytes: Buffer) =>
    t.database.db
      .select()
      .from(documentUploadAttempts)
      .where(and(eq(documentUploadAttempts.patientId, patient), eq(documentUploadAttempts.sha256, sha(bytes))));

  it("records the attempt before sending, says 'may already be filed' for the same file, and uploads it when staff choose to", async () => {
    const bytes = Buffer.concat([PDF, randomBytes(3000)]);
    await h.setFaults({ latencyMs: 4_000, pathPrefix: "/mr/" });
    const lost = await failure(upload(bytes, {}, hurried));
    expect(lost).toMatchObject({ status: 504 });
    expect(await attempts(bytes)).toMatchObject([{ state: "unknown", fileName: "xray-report.pdf" }]);
    await h.resetFaults();
    await h.resetStats();

    const again = await failure(upload(bytes));
    expect(again).toMatchObject({ status: 409, extra: { code: "maybe_filed" } });
    expect(again?.detail).toMatch(/may already be filed/);
    expect((await h.stats())["documents.upload"] ?? 0).toBe(0);

    // Staff chose "Upload anyway": filed once more, and later sends of it are no longer flagged.
    const sent = await upload(bytes, { resend: "1" });
    expect(sent.sha256).toBe(sha(bytes));
    expect((await attempts(bytes)).map((a) => a.state).sort()).toEqual(["filed", "unknown"]);
    expect(await upload(bytes)).toMatchObject({ sha256: sha(bytes) });
    expect(await t.database.db.select().from(patientDocuments).where(eq(patientDocuments.patientId, patient))).toHaveLength(2);
  });

  describe("the browser cancelled: the desk says what became of the upload", () => {
    const cancelled = (attempt: string, forPatient = patient) => resolveCancelledUpload(t.database.db, { attempt, patient: forPatient, staffId: h.staff.id });

    it("its last bytes had reached the desk: stored and listed, and the same file again asks first instead of filing a second copy", async () => {
      const bytes = Buffer.concat([PDF, randomBytes(2500)]);
      const attempt = randomUUID();
      await h.setFaults({ latencyMs: 1_200, pathPrefix: "/mr/" });
      const sending = upload(bytes, { attempt });
      // The browser cancels while the desk waits for the platform's answer: not settled yet.
      await expect.poll(async () => (await attempts(bytes)).length).toBe(1);
      expect(await cancelled(attempt)).toEqual({ outcome: "sending" });
      const doc = await sending;
      await h.resetFaults();
      expect(await cancelled(attempt)).toMatchObject({ outcome: "stored", document: { id: doc.id, documentId: doc.documentId, sha256: sha(bytes) } });
      await h.resetStats();
      expect(await failure(upload(bytes, { attempt: randomUUID() }))).toMatchObject({ status: 409, extra: { code: "maybe_filed" } });
      expect((await h.stats())["documents.upload"] ?? 0).toBe(0);
      expect(await t.database.db.select().from(patientDocuments).where(eq(patientDocuments.documentId, doc.documentId))).toHaveLength(1);
    });

    it("asked before its request got here: nothing stored, and the request arriving later is refused before the platform is called", async () => {
      const bytes = Buffer.concat([PDF, randomBytes(1500)]);
      const attempt = randomUUID();
      expect(await cancelled(attempt)).toEqual({ outcome: "nothing" });
      expect(await cancelled(attempt)).toEqual({ outcome: "nothing" });
      await h.resetStats();
      expect(await failure(upload(bytes, { attempt }))).toMatchObject({ status: 409, extra: { code: "upload_cancelled" } });
      expect((await h.stats())["documents.upload"] ?? 0).toBe(0);
      // Not a "may already be filed" either: the same file goes up normally afterwards.
      expect(await upload(bytes, { attempt: randomUUID() })).toMatchObject({ sha256: sha(bytes) });
    });

    it("stopped part-way: nothing stored; a lost answer is 'unknown'; another patient's attempt is not found", async () => {
      const bytes = Buffer.concat([PDF, randomBytes(4000)]);
      const attempt = randomUUID();
      const half = new ReadableStream<Uint8Array>({
        start(c) {
          c.enqueue(new Uint8Array(bytes.subarray(0, 2000)));
          c.error(new Error("the browser went away"));
        },
      });
      const req = new Request("http://desk.test/api/documents", { method: "POST", body: half, headers: { "content-length": String(bytes.length) }, duplex: "half" } as RequestInit);
      await failure(
        uploadPatientDocument({ req, query: DocumentUploadQuery.parse({ patient, name: "cut.pdf", sha256: sha(bytes), attempt }), platform: platform.forStaff(h.staff), db: t.database.db, staffId: h.staff.id, audit: async () => {} }),
      );
      expect(await cancelled(attempt)).toEqual({ outcome: "nothing" });

      const lostBytes = Buffer.concat([PDF, randomBytes(3000)]);
      const lostAttempt = randomUUID();
      await h.setFaults({ latencyMs: 4_000, pathPrefix: "/mr/" });
      expect(await failure(upload(lostBytes, { attempt: lostAttempt }, hurried))).toMatchObject({ status: 504 });
      await h.resetFaults();
      expect(await cancelled(lostAttempt)).toEqual({ outcome: "unknown" });
      await expect(cancelled(lostAttempt, "pat-someone-else")).rejects.toMatchObject({ status: 404 });
    });
  });

  it("a file the platform refused or never got whole is not flagged", async () => {
    const bytes = Buffer.concat([PDF, randomBytes(2000)]);
    await h.setFaults({ errorRate: 1, pathPrefix: "/mr/" });
    expect(await failure(upload(bytes))).toMatchObject({ status: 502 });
    await h.resetFaults();
    expect(await attempts(bytes)).toMatchObject([{ state: "failed" }]);
    expect(await upload(bytes)).toMatchObject({ sha256: sha(bytes) });
  });
});
