import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { bothDatabases, type TestDatabase } from "@/lib/testing/databases";
import type { Db } from "../db/connect";
import { auditLog, deskOutbox, documentCopies, documentCopyChunks, documentUploadAttempts, patientDocuments, patientErasures, patientIndex, patientRegistrations, queueAppointments, queueStatusHistory, slotBookings, webhookInbox, abdmShares } from "../db/schema";
import { applyErasureEvent, ERASURE_STEPS, erasePatient, erasureLog, requestErasure, resumeErasures, runErasure, wasErased } from "./erase-patient";
import * as clock from "@/lib/clock";
import { signatureHeader } from "@/lib/platform/wire/webhook-signature";
import { receiptsWritten, receivePlatformEvent } from "../webhooks/receiver";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { copyFilesDir } from "../documents/copies";

const databases = await bothDatabases();

/** Everything a busy desk holds about one patient: index, registration, documents and their bytes, queue visits, bookings, events, audit. */
async function seedPatient(db: Db, id: string, name: string) {
  const staffId = randomUUID();
  await db.insert(patientIndex).values({ id, firstName: name, lastName: "Verma", gender: "F", dob: "1990-04-12", mobile: "+919812345678", mobileNational: "9812345678", uhid: `UH-${id.slice(0, 4)}`, uhidLower: `uh-${id.slice(0, 4)}`, searchKeys: [name.toLowerCase()], abhaNumber: "91-2345-6789-0123", abhaAddress: `${name.toLowerCase()}@abdm` });
  await db.insert(patientRegistrations).values({ idempotencyKey: randomUUID(), staffId, requestHash: "h", patientId: id, partnerRef: `UH-${id.slice(0, 4)}`, details: { firstName: name, lastName: "Verma", mobile: "+919812345678" } });
  const [doc] = await db.insert(patientDocuments).values({ patientId: id, documentId: `doc-${id}`, fileName: `${name}-lab-report.pdf`, mime: "application/pdf", sizeBytes: 3, sha256: "ab", documentType: "lr", tasks: [] }).returning();
  const copyId = randomUUID();
  await db.insert(documentCopyChunks).values({ copyId, seq: 0, bytes: Buffer.from(name) });
  await db.insert(documentCopies).values({ documentRowId: doc!.id, copyId, sizeBytes: 3 });
  await db.insert(documentUploadAttempts).values({ patientId: id, fileName: `${name}-scan.jpg`, sizeBytes: 3, state: "unknown" });
  const appointmentId = `apt-${randomUUID()}`;
  await db.insert(queueAppointments).values({ appointmentId, clinicId: "c1", doctorId: "d1", day: "2026-11-23", startAt: new Date("2026-11-23T04:30:00Z"), patientId: id, patientLabel: `${name} Verma`, confId: "conf", mode: "in_clinic", source: "walk_in", tokenNumber: Math.floor(Math.random() * 1e6), tokenLabel: "A-1", cancelReason: `${name} called to cancel` });
  await db.insert(abdmShares).values({ abhaAddress: `${name.toLowerCase()}.share@sbx`, counter: "1", hipId: "IN-HIP", clinicId: "c1", day: "2026-11-23", tokenNumber: `S-${Math.floor(Math.random() * 1e6)}`, profile: { abhaAddress: `${name.toLowerCase()}.share@sbx`, name: `${name} Verma`, gender: "F", yearOfBirth: 1990 }, firstRequestId: `req-${id}`, sharedAt: new Date("2026-11-23T04:00:00Z"), expiresAt: new Date("2026-11-23T04:30:00Z"), patientId: id, appointmentId, handledAt: new Date("2026-11-23T04:05:00Z") });
  await db.insert(queueStatusHistory).values({ appointmentId, toStatus: "checked_in", version: 2, reason: `${name} arrived late` });
  await db.insert(slotBookings).values({ idempotencyKey: randomUUID(), staffId, request: { patientId: id, slot: "s1" }, status: "booked", appointmentId, booking: { patient_id: id } });
  await db.insert(webhookInbox).values({ deliveryKey: randomUUID(), kind: "appointment.created", verification: "signed", payload: { event: "appointment.created", data: { patient_id: id, patient_name: name } }, deskEvent: { patientId: id } as never });
  await db.insert(deskOutbox).values({ kind: "patient.remember", payload: { patient: { id, firstName: name } } });
  await db.insert(auditLog).values({ staffId, action: "patients.read", resource: "patient", resourceId: id, outcome: "ok", detail: { matches: [id] } });
  return { appointmentId };
}

/** Every table of the desk, each row as JSON text: where the id or the name still appears. */
async function traces(db: Db, ...needles: string[]): Promise<string[]> {
  const tables = (await db.execute(sql`select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like '%drizzle%'`)) as unknown as { rows: { table_name: string }[] };
  const found: string[] = [];
  for (const { table_name } of tables.rows) {
    // bytea shows as hex in JSON: the document bytes are checked by the chunk count instead.
    const r = (await db.execute(sql.raw(`select row_to_json(t)::text as j from "${table_name}" t`))) as unknown as { rows: { j: string }[] };
    for (const row of r.rows) for (const n of needles) if (row.j.includes(n)) found.push(`${table_name}: ${n}`);
  }
  return found;
}

for (const { name, open, available } of databases) describe.skipIf(!available)(`erasing a patient on ${name}`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  }, 120_000);
  afterAll(async () => {
    clock.setClock(null);
    await t?.dispose();
  });

  it("user.delete: every table is clean of the patient's id and name, the audit trail stays under a pseudonym, and another patient is untouched", async () => {
    const db = t.database.db;
    const gone = `a1${randomUUID().replace(/-/g, "").slice(0, 18)}`;
    const kept = `b2${randomUUID().replace(/-/g, "").slice(0, 18)}`;
    const { appointmentId } = await seedPatient(db, gone, "Sunaina");
    await seedPatient(db, kept, "Keshavi");
    const chunksBefore = (await db.select().from(documentCopyChunks)).length;

    const row = await erasePatient(db, { patientId: gone, source: "platform", reason: "user.delete" });
    expect(row.lastError?.slice(-200) ?? null).toBeNull();
    expect(row.completedAt).not.toBeNull();
    expect(row.patientId).toBeNull();
    expect(row.stepsDone).toEqual(ERASURE_STEPS.map((s) => s.name));
    expect(await traces(db, gone, "Sunaina")).toEqual([]);
    expect(await traces(db, kept, "Keshavi")).not.toEqual([]);
    expect((await db.select().from(documentCopyChunks)).length).toBe(chunksBefore - 1);

    // The OPD visit and its token stay (gapless numbering), under the pseudonym.
    const [visit] = await db.select().from(queueAppointments).where(sql`${queueAppointments.appointmentId} = ${appointmentId}`);
    expect(visit).toMatchObject({ patientId: row.pseudonym, patientLabel: null, cancelReason: null, tokenLabel: "A-1" });
    // Who read the record stays, under the pseudonym; and the erasure itself is audited.
    const audit = await db.select().from(auditLog).where(sql`${auditLog.resourceId} = ${row.pseudonym}`);
    expect(audit.map((a) => a.action).sort()).toEqual(["patients.erase", "patients.read"]);
    expect(row.counts).toMatchObject({ desk_outbox: 1, patient_index: 1, patient_registrations: 1, documents: 3, queue_appointments: 2, slot_bookings: 1, webhook_inbox: 1, audit_log: 1 });

    const [entry] = (await erasureLog(db)).filter((e) => e.id === row.id);
    expect(entry).toMatchObject({ pseudonym: row.pseudonym, source: "platform", reason: "user.delete" });
    expect(JSON.stringify(entry)).not.toContain(gone);

    // Opening the record again does not copy the patient back in (readPatient asks this first).
    expect(await wasErased(db, gone)).toBe(true);
    expect(await wasErased(db, kept)).toBe(false);

    // A repeated user.delete joins the finished one: nothing else to erase, the same pseudonym.
    const again = await erasePatient(db, { patientId: gone, source: "platform" });
    expect(again.pseudonym).toBe(row.pseudonym);
  });

  it("the document store too: on PGlite a copy is a file named by its hash, removed with the patient's documents; a file another patient's document shares stays", async () => {
    const db = t.database.db;
    const gone = `f7${randomUUID().replace(/-/g, "").slice(0, 18)}`;
    const other = `g8${randomUUID().replace(/-/g, "").slice(0, 18)}`;
    const dir = copyFilesDir();
    mkdirSync(dir, { recursive: true });
    const file = (text: string) => {
      const sha256 = createHash("sha256").update(text).digest("hex");
      writeFileSync(path.join(dir, sha256), text);
      return sha256;
    };
    const own = file(`lab report of ${gone}`);
    const shared = file(`the clinic's printed leaflet ${randomUUID()}`);
    const doc = (patientId: string, sha256: string) => ({ patientId, documentId: `doc-${randomUUID()}`, fileName: "report.pdf", mime: "application/pdf", sizeBytes: 10, sha256, documentType: "lr" as const, tasks: [] });
    const rows = await db.insert(patientDocuments).values([doc(gone, own), doc(gone, shared), doc(other, shared)]).returning();
    for (const r of rows) await db.insert(documentCopies).values({ documentRowId: r.id, copyId: randomUUID(), sizeBytes: 10 });
    try {
      const row = await erasePatient(db, { patientId: gone, source: "platform", reason: "user.delete" });
      expect(row.completedAt).not.toBeNull();
      expect(existsSync(path.join(dir, own))).toBe(false);
      expect(existsSync(path.join(dir, shared))).toBe(true);
      // One file (the shared one stays) and the two document rows (their copies' links go with them).
      expect(row.counts.documents).toBe(1 + 2);
      expect(await traces(db, gone)).toEqual([]);
    } finally {
      rmSync(path.join(dir, own), { force: true });
      rmSync(path.join(dir, shared), { force: true });
    }
  });

  it("a signed user.delete delivered to the receiver erases the patient within the minute (here: at once), its own inbox row included", async () => {
    const db = t.database.db;
    const gone = `e5${randomUUID().replace(/-/g, "").slice(0, 18)}`;
    await seedPatient(db, gone, "Pramila");
    const key = "whsec_erasure_test_key_0001";
    const body = JSON.stringify({ service: "user", event: "user.delete", transaction_id: `txn-${randomUUID()}`, event_time: 1_763_900_000, timestamp: 1_763_900_000, business_id: "b1", client_id: "c1", data: { patient_id: gone } });
    const h = new Headers({ "content-type": "application/json", "Svc-Webhook-Id": `evt-${randomUUID()}` });
    h.set("Svc-Webhook-Signature", signatureHeader([key], Math.floor(Date.now() / 1000), body));
    const erasures: Promise<unknown>[] = [];
    const started = Date.now();
    const r = await receivePlatformEvent(h, Buffer.from(body), { signatureHeader: "Svc-Webhook-Signature", deliveryIdHeader: "Svc-Webhook-Id", toleranceSeconds: 180, maxBytes: 4096 }, {
      db,
      verifyingKeys: async () => [key],
      onStored: (_id, event, stored) => void erasures.push(applyErasureEvent(db, stored.kind, event.patientId)),
    });
    expect(r.outcome).toBe("accepted");
    await Promise.all(erasures);
    expect(Date.now() - started).toBeLessThan(60_000);
    await receiptsWritten(db);
    expect(await traces(db, gone, "Pramila")).toEqual([]);
    expect((await erasureLog(db)).find((e) => e.reason === "user.delete" && e.completedAt)).toBeTruthy();
    // Other kinds never erase.
    expect(await applyErasureEvent(db, "appointment.created", "f6f6f6f6f6f6f6f6")).toBeNull();
  });

  it("an erasure that fails half-way keeps its intent and finishes on resume (after a restart), once", async () => {
    const db = t.database.db;
    const gone = `c3${randomUUID().replace(/-/g, "").slice(0, 18)}`;
    await seedPatient(db, gone, "Hemlata");
    clock.setClock(clock.clockFrom("2026-11-23T05:00:00Z"));
    const row = await requestErasure(db, { patientId: gone, source: "admin", requestedBy: randomUUID(), reason: "Patient asked in writing" });
    await expect(
      runErasure(db, row.id, {
        beforeStep: (step) => {
          if (step === "documents") throw new Error("database went away");
        },
      }),
    ).rejects.toThrow("database went away");
    const [stopped] = await db.select().from(patientErasures).where(sql`${patientErasures.id} = ${row.id}`);
    expect(stopped).toMatchObject({ completedAt: null, patientId: gone, stepsDone: ["desk_outbox", "patient_index", "patient_registrations"], lastError: "database went away", attempts: 1 });
    // Half-way: the index row is gone, the documents are still there.
    expect((await traces(db, gone)).some((x) => x.startsWith("patient_documents"))).toBe(true);
    expect((await traces(db, gone)).some((x) => x.startsWith("patient_index"))).toBe(false);

    // Not before its retry time; then the sweep (what runs at start-up and every 20 s) finishes it.
    expect(await resumeErasures(db)).toBe(0);
    clock.setClock(clock.clockFrom("2026-11-23T05:00:30Z"));
    const steps: string[] = [];
    expect(await resumeErasures(db, { beforeStep: (s) => void steps.push(s) })).toBeGreaterThanOrEqual(1);
    expect(steps).toEqual(ERASURE_STEPS.map((s) => s.name).slice(3));
    expect(await traces(db, gone, "Hemlata")).toEqual([]);
    const [done] = await db.select().from(patientErasures).where(sql`${patientErasures.id} = ${row.id}`);
    expect(done).toMatchObject({ patientId: null, lastError: null, source: "admin", reason: "Patient asked in writing" });
    expect(done!.completedAt).not.toBeNull();
    clock.setClock(null);
  });

  it("an erasure run twice at once (the sweep meets the one an event started) runs each step once, and its log counts all that was erased", async () => {
    const db = t.database.db;
    const gone = `c4${randomUUID().replace(/-/g, "").slice(0, 18)}`;
    await seedPatient(db, gone, "Sarita");
    const row = await requestErasure(db, { patientId: gone, source: "platform", reason: "user.delete" });
    const steps: string[] = [];
    let reached!: () => void;
    const atDocuments = new Promise<void>((r) => (reached = r));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const first = runErasure(db, row.id, {
      beforeStep: async (s) => {
        steps.push(s);
        if (s === "documents") {
          reached();
          await held;
        }
      },
    });
    await atDocuments;
    const second = runErasure(db, row.id, { beforeStep: (s) => void steps.push(`again ${s}`) });
    await new Promise((r) => setTimeout(r, 100));
    release();
    await Promise.all([first, second]);
    expect(steps).toEqual(ERASURE_STEPS.map((s) => s.name));
    const [done] = await db.select().from(patientErasures).where(sql`${patientErasures.id} = ${row.id}`);
    expect(done!.completedAt).not.toBeNull();
    // The visit's name and the reason in its history: what the erasure log shows as "names on visits".
    expect(done!.counts).toMatchObject({ patient_index: 1, patient_registrations: 1, queue_appointments: 2 });
    expect(await traces(db, gone, "Sarita")).toEqual([]);
  });

  it("the audit log stays append-only even inside an erasure: only the id may be swapped, never who, what, when or the outcome", async () => {
    const db = t.database.db;
    await db.insert(auditLog).values({ action: "patients.read", resource: "patient", resourceId: "d4d4d4d4d4d4d4d4", outcome: "ok" });
    const inErasure = (change: (tx: Db) => Promise<unknown>) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.patient_erasure', 'on', true)`);
        await change(tx as unknown as Db);
      });
    await expect(inErasure((tx) => tx.update(auditLog).set({ outcome: "denied" }).where(sql`${auditLog.resourceId} = 'd4d4d4d4d4d4d4d4'`))).rejects.toThrow();
    await expect(inErasure((tx) => tx.delete(auditLog).where(sql`${auditLog.resourceId} = 'd4d4d4d4d4d4d4d4'`))).rejects.toThrow();
    await expect(db.update(auditLog).set({ resourceId: "erased-x" }).where(sql`${auditLog.resourceId} = 'd4d4d4d4d4d4d4d4'`)).rejects.toThrow();
    await inErasure((tx) => tx.update(auditLog).set({ resourceId: "erased-x" }).where(sql`${auditLog.resourceId} = 'd4d4d4d4d4d4d4d4'`));
    expect((await db.select().from(auditLog).where(sql`${auditLog.resourceId} = 'erased-x'`)).length).toBe(1);
  });

  it("refuses to erase anything for an id that is not a platform id", async () => {
    await expect(requestErasure(t.database.db, { patientId: "x' or 1=1 --", source: "admin" })).rejects.toThrow();
  });
});
