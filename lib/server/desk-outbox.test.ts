import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DocumentUploadQuery } from "@/lib/schemas/documents";
import { PatientRegistration } from "@/lib/schemas/patients";
import { bothDatabases, type TestDatabase } from "@/lib/testing/databases";
import { startPlatformHarness, TEST_CLIENT_ID, type PlatformHarness } from "@/lib/testing/platform-harness";
import type { Db } from "./db";
import { deskOutbox, patientDocuments, patientIndex, patientRegistrations } from "./db/schema";
import { drainDeskOutbox, setDeskWriteRetryDelays, stopDeskOutboxDrain } from "./desk-outbox";
import { PlatformTimeoutError } from "./errors";
import { createPlatform, type Platform } from "@/lib/platform/client";
import { uploadPatientDocument } from "./documents/upload";
import { registerPatient as registerOrConfirm } from "./patients/register-patient";
import { settled } from "@/lib/testing/settled-registration";

const registerPatient = async (...a: Parameters<typeof registerOrConfirm>) => settled(await registerOrConfirm(...a));

const PDF = Buffer.from("%PDF-1.7\n%hostile test\n");
const pdfOf = (size: number) => Buffer.concat([PDF, randomBytes(size)]);

/** The database, except that writes to `table` fail while `failures.left` > 0 (a lost connection, a constraint). */
function flakyDb(db: Db, table: object, failures: { left: number; passFirst?: number }, ops = ["insert", "update"]): Db {
  const fail = () => {
    failures.left--;
    throw new Error("connection to the database was lost");
  };
  return new Proxy(db, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof prop === "string" && ops.includes(prop) && typeof value === "function") {
        return (t: object) => (t === table && failures.left > 0 && !(failures.passFirst && failures.passFirst-- > 0) ? fail() : value.call(target, t));
      }
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

const databases = await bothDatabases();

// The PGlite and the PostgreSQL half each have their own database and platform, and wait mostly on
// retries and time limits: they run side by side (concurrent), each one's tests one after another (sequential).
for (const { name, open: openDb, available } of databases) describe.skipIf(!available)(`a desk write that fails after the platform answered converges, exactly once (${name})`, { concurrent: true }, () => {
  let t: TestDatabase;
  let h: PlatformHarness;
  let platform: Platform;
  const patient = `pat-${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    t = await openDb();
    h = await startPlatformHarness(t.database);
    platform = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 3000 }, { database: t.database, idp: h.idp });
    // Three in-line attempts as in production, 10 ms apart instead of 100 and 400: a write that keeps failing cost 0.5 s a time.
    setDeskWriteRetryDelays(t.database.db, [0, 10, 10]);
  }, 120_000);
  afterAll(async () => {
    if (t) setDeskWriteRetryDelays(t.database.db, null);
    await h?.close();
    await t?.dispose();
  });
  beforeEach(async () => {
    await h.resetFaults();
    await h.resetStats();
  });
  // Each test owns the background drain its queued writes start: one left running would settle, with
  // that test's database wrapper, a write a later test expects still queued.
  afterEach(() => stopDeskOutboxDrain(t.database.db));

  const platformDocuments = async () => ((await (await h.fetch(`${h.sandboxUrl}/__sandbox/documents`)).json()) as { documents: { id: string }[] }).documents;
  const upload = (db: Db, bytes: Buffer, name = "report.pdf") =>
    uploadPatientDocument({
      req: new Request("http://desk.test/api/documents", { method: "POST", body: new Uint8Array(bytes), headers: { "content-length": String(bytes.length) } }),
      query: DocumentUploadQuery.parse({ patient, name, dt: "lr" }),
      platform: platform.forStaff(h.staff),
      db,
      staffId: h.staff.id,
      audit: async () => {},
    });

  it.sequential("an upload whose desk record fails once is recorded by the retry: one record, one platform document", async () => {
    const before = (await platformDocuments()).length;
    const doc = await upload(flakyDb(t.database.db, patientDocuments, { left: 1 }), pdfOf(1000));
    expect(doc.deskCopy).toBe("done");
    expect(await platformDocuments()).toHaveLength(before + 1);
    expect(await t.database.db.select().from(patientDocuments).where(eq(patientDocuments.documentId, doc.documentId))).toHaveLength(1);
  });

  it.sequential("an upload whose desk record keeps failing answers 'uploaded, catching up' and the reconcile step records it once", async () => {
    const before = (await platformDocuments()).length;
    const failures = { left: 1000 };
    const doc = await upload(flakyDb(t.database.db, patientDocuments, failures), pdfOf(2000));
    expect(doc.deskCopy).toBe("catching-up");
    expect(doc.documentId).toMatch(/^doc_/);
    expect(await platformDocuments()).toHaveLength(before + 1);
    expect(await t.database.db.select().from(patientDocuments).where(eq(patientDocuments.documentId, doc.documentId))).toHaveLength(0);

    // Still failing: the write stays queued; then the database recovers and the desk converges.
    expect(await drainDeskOutbox(flakyDb(t.database.db, patientDocuments, failures))).toBeGreaterThan(0);
    failures.left = 0;
    expect(await drainDeskOutbox(t.database.db)).toBe(0);
    expect(await drainDeskOutbox(t.database.db)).toBe(0);
    const rows = await t.database.db.select().from(patientDocuments).where(eq(patientDocuments.documentId, doc.documentId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: doc.id, patientId: patient, fileName: "report.pdf", sizeBytes: PDF.length + 2000 });
    expect(await platformDocuments()).toHaveLength(before + 1);
  });

  it.sequential("a registration whose desk row cannot be written is retried with the same key without a second platform profile", async () => {
    const r = PatientRegistration.parse({ firstName: "Meena", lastName: "Kulkarni", gender: "F", dob: "1985-02-01", uhid: `UH-${randomUUID().slice(0, 8)}` });
    const key = randomUUID();
    // The intent is written before the platform is called (else nothing is sent); what follows the platform's answer fails.
    const failures = { left: 1000, passFirst: 1 };
    const deps = (db: Db) => ({ db, patients: platform.forStaff(h.staff).patients, staffId: h.staff.id });
    const first = await registerPatient(deps(flakyDb(t.database.db, patientRegistrations, failures, ["update"])), key, r);
    expect(first).toMatchObject({ directory: "done", deskCopy: "catching-up" });
    const [row] = await t.database.db.select().from(patientRegistrations).where(eq(patientRegistrations.idempotencyKey, key));
    expect(row?.patientId).toBeNull();

    // The staff member retries once the database is back: the queued step is settled first, the platform is not asked again.
    failures.left = 0;
    const again = await registerPatient(deps(t.database.db), key, r);
    expect(again.id).toBe(first.id);
    expect(again.deskCopy).toBeUndefined();
    expect((await h.stats())["profiles.create"]).toBe(1);
    const [settled] = await t.database.db.select().from(patientRegistrations).where(eq(patientRegistrations.idempotencyKey, key));
    expect(settled?.patientId).toBe(first.id);
    expect(settled?.directoryDoneAt).not.toBeNull();
    expect(await t.database.db.select().from(patientIndex).where(eq(patientIndex.id, first.id))).toHaveLength(1);
    expect(await t.database.db.select().from(deskOutbox).where(eq(deskOutbox.kind, "registration.profile"))).toSatisfy((rows: { doneAt: Date | null }[]) =>
      rows.every((q) => q.doneAt !== null),
    );
  });

  it.sequential("with the database unreachable even for the outbox, the write waits in memory and is applied when it answers", async () => {
    const before = (await platformDocuments()).length;
    const down = { left: 1000 };
    const outboxDown = { left: 1000 };
    const db = flakyDb(flakyDb(t.database.db, patientDocuments, down), deskOutbox, outboxDown);
    const doc = await upload(db, pdfOf(500));
    expect(doc.deskCopy).toBe("catching-up");
    down.left = 0;
    outboxDown.left = 0;
    expect(await drainDeskOutbox(t.database.db)).toBe(0);
    expect(await t.database.db.select().from(patientDocuments).where(eq(patientDocuments.documentId, doc.documentId))).toHaveLength(1);
    expect(await platformDocuments()).toHaveLength(before + 1);
  });

  it.sequential("a write waiting in memory for one database is never applied to another opened in the same process", async () => {
    const other = await openDb();
    try {
      const outboxDown = { left: 1000 };
      const doc = await upload(flakyDb(flakyDb(t.database.db, patientDocuments, { left: 1000 }), deskOutbox, outboxDown), pdfOf(300));
      expect(doc.deskCopy).toBe("catching-up");
      outboxDown.left = 0;
      expect(await drainDeskOutbox(other.database.db)).toBe(0);
      expect(await other.database.db.select().from(patientDocuments)).toHaveLength(0);
      expect(await drainDeskOutbox(t.database.db)).toBe(0);
      expect(await t.database.db.select().from(patientDocuments).where(eq(patientDocuments.documentId, doc.documentId))).toHaveLength(1);
    } finally {
      await other.dispose();
    }
  });

  /** A browser on a slow link: the file arrives in 64 KB pieces, `gapMs` apart. */
  const trickle = (bytes: Buffer, gapMs: number) => {
    let at = 0;
    return new ReadableStream<Uint8Array>({
      async pull(c) {
        if (at >= bytes.length) return c.close();
        if (at > 0) await new Promise((r) => setTimeout(r, gapMs));
        c.enqueue(bytes.subarray(at, at + 65536));
        at += 65536;
      },
    });
  };

  it.sequential.each([
    ["a file sent at once: the answer limit after the last byte", 20_000, 0, 250],
    ["a file still arriving: the whole-upload limit", 40 * 65536, 100, 900],
  ])("an upload to a hanging platform gives up with a 504 and keeps no document on either side (%s)", async (_case, size, gapMs, limit) => {
    const quick = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 250, uploadTimeoutMs: 900 }, { database: t.database, idp: h.idp });
    await quick.tokens.accessToken(h.staff);
    const before = (await platformDocuments()).length;
    const desk = (await t.database.db.select().from(patientDocuments)).length;
    await h.setFaults({ pathPrefix: "/mr/", hangRate: 1 });
    const bytes = pdfOf(size);
    const err = await uploadPatientDocument({
      req: new Request("http://desk.test/api/documents", {
        method: "POST",
        body: trickle(bytes, gapMs),
        headers: { "content-length": String(bytes.length) },
        duplex: "half",
      } as RequestInit),
      query: DocumentUploadQuery.parse({ patient, name: "slow.pdf", dt: "lr" }),
      platform: quick.forStaff(h.staff),
      db: t.database.db,
      staffId: h.staff.id,
      audit: async () => {},
    }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err, String((err as Error)?.stack ?? err)).toBeInstanceOf(PlatformTimeoutError);
    expect((err as PlatformTimeoutError).status).toBe(504);
    // Which limit ended the call, not how long it took: that depends on the machine's load.
    expect((err as PlatformTimeoutError).limitMs).toBe(limit);
    await h.resetFaults();
    expect(await platformDocuments()).toHaveLength(before);
    expect(await t.database.db.select().from(patientDocuments)).toHaveLength(desk);
  });
});
