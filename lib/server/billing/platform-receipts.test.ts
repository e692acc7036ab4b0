import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setClock } from "@/lib/clock";
import { signatureHeader } from "@/lib/platform/wire/webhook-signature";
import { bothDatabases, type TestDatabase } from "@/lib/testing/databases";
import type { Db } from "../db/connect";
import { directoryEntries, platformReceiptDecisions, platformReceipts, queueAppointments, staff, webhookInbox } from "../db/schema";
import { rememberPatient } from "../patients/patient-index";
import { readLimitedBody } from "../read-body";
import { receiptsWritten, receivePlatformEvent, type ReceiverSettings } from "../webhooks/receiver";
import { recordPayment, saveBillingSettings } from "./billing";
import { linkPlatformReceipt, markPlatformOnly, readReconciliation, recordPlatformReceipt } from "./platform-receipts";
import { refusal } from "@/lib/testing/refusal";

const databases = await bothDatabases();

/** 27/11/2026, 11:00 in India. */
const MORNING = Date.parse("2026-11-27T11:00:00+05:30");
const DAY = "2026-11-27";
const CLINIC = "cl-recon";
const KEY = "whsec_reconcile_test_key_0001";
const SETTINGS: ReceiverSettings = { signatureHeader: "Svc-Webhook-Signature", deliveryIdHeader: "Svc-Webhook-Id", toleranceSeconds: 180, maxBytes: 16 * 1024 };
let seq = 0;
const uid = () => `${++seq}-${Math.random().toString(36).slice(2, 8)}`;

/** A receipt event as the sandbox sends it (its reading of the platform: the spec does not show the body). */
function receiptEvent(kind: "receipt.created" | "receipt.updated", data: Record<string, unknown>, at: number) {
  return JSON.stringify({ service: "receipt", event: kind, transaction_id: `txn-${uid()}`, event_time: Math.floor(at / 1000), timestamp: Math.floor(at / 1000), business_id: "b1", client_id: "c1", data });
}

async function seed(db: Db) {
  const [row] = await db.insert(staff).values({ email: `recon-${Math.random()}@clinic.test`, name: "Asha Admin", role: "admin", passwordHash: "x" }).returning({ id: staff.id });
  await db.insert(directoryEntries).values([
    { kind: "clinic", platformId: CLINIC, displayName: "Reconcile Clinic", timeZone: "Asia/Kolkata" },
    { kind: "doctor", platformId: "dr-recon", displayName: "Dr Rao" },
  ]).onConflictDoNothing();
  await saveBillingSettings(db, { clinicId: CLINIC, legalName: "Sunrise Clinic", address: "Pune", gstin: "", upiVpa: "", upiPayee: "", registrationFee: "0", newCaseFee: "500", followUpFee: "300", followUpDays: 7, procedures: [] }, row!.id);
  return row!.id;
}

/** A walk-in paid ₹500 at the counter: the desk's receipt. */
async function paidVisit(db: Db, desk: string) {
  const id = `visit-${uid()}`;
  const patientId = `pt-${id}`;
  await rememberPatient(db, { id: patientId, salutation: "Mr.", firstName: "Ravi", middleName: null, lastName: "Kulkarni", gender: "M", dob: "1980-01-01", mobile: "+919800000001", uhid: null });
  await db.insert(queueAppointments).values({ appointmentId: id, clinicId: CLINIC, doctorId: "dr-recon", day: DAY, startAt: new Date(MORNING), patientId, confId: "walk-in", mode: "in_clinic", source: "walk_in", status: "checked_in" });
  // Paid on the visit's morning by the desk's clock, as the events are: a match by amount and visit looks within hours of it, whatever today is.
  setClock(() => MORNING);
  const paid = await recordPayment(db, { appointmentId: id, key: `k-${uid()}`, staffId: desk, request: { payments: [{ method: "cash", amount: "500" }] } });
  return { appointmentId: id, patientId, receiptId: paid.receiptId!, label: paid.receiptLabel! };
}

for (const d of databases) {
  describe.skipIf(!d.available)(`the platform's receipts, reconciled on ${d.name}`, () => {
    let t: TestDatabase;
    let db: Db;
    let admin: string;
    const pending: Promise<unknown>[] = [];
    beforeAll(async () => {
      t = await d.open();
      db = t.database.db;
      admin = await seed(db);
    });
    afterEach(() => setClock(null));
    afterAll(async () => {
      await receiptsWritten(db);
      await t.dispose();
    });

    /** Delivers a body signed, through the real receiver, and waits for what the app does once it is stored. */
    async function deliver(body: string, deliveryId = `dl-${uid()}`) {
      const h = new Headers({ "content-type": "application/json", [SETTINGS.signatureHeader]: signatureHeader([KEY], Math.floor(MORNING / 1000), body), [SETTINGS.deliveryIdHeader]: deliveryId });
      const result = await receivePlatformEvent(h, Buffer.from(body), SETTINGS, {
        db,
        verifyingKeys: async () => [KEY],
        now: () => MORNING,
        onStored: (id, event, stored) => {
          if (event.receipt) pending.push(recordPlatformReceipt(db, { inboxId: id, event: event.receipt, occurredAt: stored.occurredAt }, MORNING));
        },
      });
      await Promise.all(pending.splice(0));
      return result;
    }
    const rowOf = async (platformReceiptId: string) => (await db.select().from(platformReceipts).where(eq(platformReceipts.platformReceiptId, platformReceiptId)))[0];
    const view = () => readReconciliation(db, { clinicId: CLINIC, day: DAY }, MORNING);
    const find = async (platformReceiptId: string) => (await view()).rows.find((r) => r.platformReceiptId === platformReceiptId)!;

    it("a receipt event delivered twice (a redelivery, and a retry under a new delivery id) makes one row, matched by appointment id, counted once", async () => {
      setClock(() => MORNING);
      const before = (await view()).totals;
      const visit = await paidVisit(db, admin);
      const rid = `rcpt-${uid()}`;
      const body = receiptEvent("receipt.created", { receipt_id: rid, appointment_id: visit.appointmentId, clinic_id: CLINIC, patient_id: visit.patientId, amount: { total: 500, currency: "INR" }, status: "paid", payment_mode: "online", paid_at: new Date(MORNING).toISOString() }, MORNING);
      const first = await deliver(body, "dl-twice");
      expect(first).toMatchObject({ outcome: "accepted" });
      expect(await deliver(body, "dl-twice")).toMatchObject({ outcome: "duplicate" });
      expect(await deliver(body, "dl-twice-retry")).toMatchObject({ outcome: "duplicate" });
      expect(await db.select().from(platformReceipts).where(eq(platformReceipts.platformReceiptId, rid))).toHaveLength(1);
      const row = await find(rid);
      expect(row).toMatchObject({ state: "matched", netPaise: 50_000, decision: { decision: "linked", how: "appointment", deskReceipt: { id: visit.receiptId, label: visit.label } } });
      // The desk's ₹500 and the platform's ₹500 are the same money: the day's total rises by ₹500, not ₹1,000.
      const after = (await view()).totals;
      expect(after.counterPaise - before.counterPaise).toBe(50_000);
      expect(after.totalPaise - before.totalPaise).toBe(50_000);
      expect(after.matchedPaise - before.matchedPaise).toBe(50_000);
    });

    it("updated before created: the newer state stands, the late created only fills in what was missing", async () => {
      const rid = `rcpt-${uid()}`;
      const base = { receipt_id: rid, appointment_id: `apt-online-${uid()}`, clinic_id: CLINIC, patient_id: `pt-online-${uid()}`, payment_mode: "online", paid_at: new Date(MORNING - 3_600_000).toISOString() };
      await deliver(receiptEvent("receipt.updated", { ...base, amount: { total: 700, refunded: 200, currency: "INR" }, status: "partially_refunded" }, MORNING));
      await deliver(receiptEvent("receipt.created", { ...base, receipt_number: "ONL/26-27/000042", amount: { total: 700, currency: "INR" }, status: "paid" }, MORNING - 3_600_000));
      const row = await rowOf(rid);
      expect(row).toMatchObject({ status: "partially_refunded", amountPaise: 70_000, refundedPaise: 20_000, receiptNumber: "ONL/26-27/000042", events: 2 });
      const listed = await find(rid);
      expect(listed).toMatchObject({ state: "unmatched", netPaise: 50_000, candidates: [] });
      // Waiting, not counted, until someone decides; "platform only" then counts it once.
      const before = (await view()).totals;
      await markPlatformOnly(db, { id: listed.id, staffId: admin }, MORNING);
      const after = (await view()).totals;
      expect(after.totalPaise - before.totalPaise).toBe(50_000);
      expect(after.waitingPaise - before.waitingPaise).toBe(-50_000);
      expect((await find(rid)).state).toBe("platform_only");
      expect(await refusal(markPlatformOnly(db, { id: listed.id, staffId: admin }, MORNING))).toMatchObject({ extra: { code: "already_platform_only" } });
    });

    it("a body of an unknown shape is stored and listed as unreadable, never counted; platform only then needs a note", async () => {
      const before = (await view()).totals;
      const body = receiptEvent("receipt.created", { clinic_id: CLINIC, total: "five hundred", paid: true, nested: { a: [1, 2, { b: null }] } }, MORNING);
      expect(await deliver(body)).toMatchObject({ outcome: "accepted" });
      const rows = (await view()).rows.filter((r) => r.state === "unreadable");
      expect(rows.length).toBeGreaterThanOrEqual(1);
      const row = rows[0]!;
      expect(row).toMatchObject({ netPaise: null, platformReceiptId: expect.stringMatching(/^inbox:\d+$/) });
      expect(row.problem).toMatch(/does not match the expected shape/);
      expect((await view()).totals).toEqual(before);
      expect(await refusal(markPlatformOnly(db, { id: row.id, staffId: admin }, MORNING))).toMatchObject({ extra: { errors: { note: expect.stringMatching(/note/) } } });
      expect(await refusal(linkPlatformReceipt(db, { id: row.id, deskReceiptId: row.id, staffId: admin }, MORNING))).toMatchObject({ extra: { code: "platform_receipt_unreadable" } });
      await markPlatformOnly(db, { id: row.id, note: "Checked on the platform's console: a test payment.", staffId: admin }, MORNING);
      expect((await view()).totals).toEqual(before);
    });

    it("an amount the platform reports differently is listed with the desk's receipt; linking needs a note and leaves the totals as they were", async () => {
      const visit = await paidVisit(db, admin);
      const rid = `rcpt-${uid()}`;
      await deliver(receiptEvent("receipt.created", { receipt_id: rid, appointment_id: visit.appointmentId, clinic_id: CLINIC, amount: { total: 550, currency: "INR" }, status: "paid", paid_at: new Date(MORNING).toISOString() }, MORNING));
      const listed = await find(rid);
      expect(listed).toMatchObject({ state: "reported_differently", netPaise: 55_000, decision: null, candidates: [{ id: visit.receiptId, label: visit.label, netPaise: 50_000, how: "appointment" }] });
      const before = (await view()).totals;
      expect(await refusal(linkPlatformReceipt(db, { id: listed.id, deskReceiptId: visit.receiptId, staffId: admin }, MORNING))).toMatchObject({ extra: { errors: { note: expect.stringMatching(/differ/) } } });
      expect(await linkPlatformReceipt(db, { id: listed.id, deskReceiptId: visit.receiptId, note: "₹50 convenience fee kept by the platform", staffId: admin }, MORNING)).toEqual({ differencePaise: 5_000 });
      expect(await find(rid)).toMatchObject({ state: "matched", decision: { how: "staff", deskReceipt: { id: visit.receiptId } } });
      const after = (await view()).totals;
      expect(after.totalPaise).toBe(before.totalPaise);
      expect(after.counterPaise).toBe(before.counterPaise);
      // One desk receipt stands for one platform receipt.
      const other = `rcpt-${uid()}`;
      await deliver(receiptEvent("receipt.created", { receipt_id: other, clinic_id: CLINIC, amount: { total: 500, currency: "INR" }, status: "paid" }, MORNING));
      const second = await find(other);
      expect(await refusal(linkPlatformReceipt(db, { id: second.id, deskReceiptId: visit.receiptId, staffId: admin }, MORNING))).toMatchObject({ extra: { errors: { deskReceiptId: expect.stringMatching(/already linked/) } } });
      // A later report that changes the amount lists the pair again.
      await deliver(receiptEvent("receipt.updated", { receipt_id: rid, appointment_id: visit.appointmentId, clinic_id: CLINIC, amount: { total: 550, refunded: 550, currency: "INR" }, status: "refunded" }, MORNING + 60_000));
      expect((await find(rid)).state).toBe("reported_differently");
    });

    it("matches by the desk's receipt number as reference, and by amount + visit (same patient, same amount, the same day)", async () => {
      const byRef = await paidVisit(db, admin);
      const r1 = `rcpt-${uid()}`;
      await deliver(receiptEvent("receipt.created", { receipt_id: r1, partner_receipt_id: byRef.label, clinic_id: CLINIC, amount: { total: 500, currency: "INR" }, status: "paid" }, MORNING));
      expect(await find(r1)).toMatchObject({ state: "matched", decision: { how: "reference", deskReceipt: { id: byRef.receiptId } } });
      const byVisit = await paidVisit(db, admin);
      const r2 = `rcpt-${uid()}`;
      await deliver(receiptEvent("receipt.created", { receipt_id: r2, patient_id: byVisit.patientId, clinic_id: CLINIC, amount: { total: 500, currency: "INR" }, status: "paid", paid_at: new Date(MORNING + 600_000).toISOString() }, MORNING));
      expect(await find(r2)).toMatchObject({ state: "matched", decision: { how: "amount_visit", deskReceipt: { id: byVisit.receiptId } } });
      // A decision is never edited or deleted.
      await expect(db.delete(platformReceiptDecisions).where(eq(platformReceiptDecisions.how, "reference"))).rejects.toThrow();
    });

    it("the platform's event may come first: the desk's payment recorded later is matched when the list is read", async () => {
      const id = `visit-${uid()}`;
      const patientId = `pt-${id}`;
      await rememberPatient(db, { id: patientId, salutation: "Ms.", firstName: "Isha", middleName: null, lastName: "Patil", gender: "F", dob: "1990-01-01", mobile: "+919800000002", uhid: null });
      await db.insert(queueAppointments).values({ appointmentId: id, clinicId: CLINIC, doctorId: "dr-recon", day: DAY, startAt: new Date(MORNING), patientId, confId: "walk-in", mode: "in_clinic", source: "walk_in", status: "checked_in" });
      const rid = `rcpt-${uid()}`;
      await deliver(receiptEvent("receipt.created", { receipt_id: rid, appointment_id: id, clinic_id: CLINIC, amount: { total: 500, currency: "INR" }, status: "paid" }, MORNING));
      expect((await find(rid)).state).toBe("unmatched");
      setClock(() => MORNING);
      await recordPayment(db, { appointmentId: id, key: `k-${uid()}`, staffId: admin, request: { payments: [{ method: "upi", amount: "500" }] } });
      expect((await find(rid)).state).toBe("matched");
    });

    it("hostile bodies are refused by the receiver before anything is stored: NUL, nesting, size, forged signature", async () => {
      const count = async () => (await db.select({ id: webhookInbox.id }).from(webhookInbox)).length;
      const before = await count();
      const nul = receiptEvent("receipt.created", { receipt_id: "rcpt-\u0000", amount: { total: 1, currency: "INR" }, status: "paid" }, MORNING);
      expect(await deliver(nul)).toMatchObject({ status: 422, code: "unsupported_character" });
      let deep: unknown = { total: 1 };
      for (let i = 0; i < 40; i++) deep = { a: deep };
      expect(await deliver(receiptEvent("receipt.created", { receipt_id: "rcpt-deep", amount: deep }, MORNING))).toMatchObject({ status: 422, code: "too_deep" });
      const huge = receiptEvent("receipt.created", { receipt_id: "rcpt-huge", note: "x".repeat(20_000) }, MORNING);
      const read = await readLimitedBody(new Request("http://app.test/", { method: "POST", body: huge }), SETTINGS.maxBytes);
      expect(await receivePlatformEvent(new Headers(), read, SETTINGS, { db, verifyingKeys: async () => [KEY], now: () => MORNING })).toMatchObject({ status: 413, code: "too_large" });
      const forged = receiptEvent("receipt.created", { receipt_id: "rcpt-forged", amount: { total: 1, currency: "INR" }, status: "paid" }, MORNING);
      const h = new Headers({ "content-type": "application/json", [SETTINGS.signatureHeader]: signatureHeader(["whsec_attacker_key_000000000"], Math.floor(MORNING / 1000), forged) });
      expect(await receivePlatformEvent(h, Buffer.from(forged), SETTINGS, { db, verifyingKeys: async () => [KEY], now: () => MORNING })).toMatchObject({ status: 401, code: "signature_mismatch" });
      expect(await count()).toBe(before);
      expect(await rowOf("rcpt-forged")).toBeUndefined();
    });
  });
}
