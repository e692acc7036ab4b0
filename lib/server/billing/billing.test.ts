import fc from "fast-check";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setClock } from "@/lib/clock";
import { bothDatabases, postgresTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import type { Db } from "../db/connect";
import { billConcessions, billingCounters, creditNotes, directoryEntries, queueAppointments, receiptPayments, receipts, staff } from "../db/schema";
import { rememberPatient } from "../patients/patient-index";
import { DEFAULT_PRIORITY_MARKS } from "@/lib/queue/priority-marks";
import { counterAction } from "../queue/opd-counter";
import { createQueueHub } from "../queue/queue-hub";
import { readQueueDay } from "../queue/queue-store";
import { billingStates, issueCreditNote, readReceipt, readVisitBilling, recordPayment, recordPrint, saveBillingSettings } from "./billing";
import { refusal } from "@/lib/testing/refusal";
import { onPgliteOnly } from "@/lib/testing/engines";

const databases = await bothDatabases();
const pgUp = databases.some((d) => d.kind === "postgres" && d.available);

/** 27/11/2026, 10:30 in India. */
const MORNING = Date.parse("2026-11-27T10:30:00+05:30");
const CLINIC = "cl-bill";
let seq = 0;
const key = () => `pay-key-${(++seq).toString().padStart(6, "0")}-${Math.random().toString(36).slice(2, 10)}`;

async function seed(db: Db, tag: string) {
  const [row] = await db.insert(staff).values({ email: `bill-${tag}-${Math.random()}@clinic.test`, name: "Asha Desk", role: "receptionist", passwordHash: "x" }).returning({ id: staff.id });
  await db.insert(directoryEntries).values([
    { kind: "clinic", platformId: CLINIC, displayName: "Billing Clinic", timeZone: "Asia/Kolkata" },
    { kind: "doctor", platformId: "dr-bill", displayName: "Dr Rao" },
  ]).onConflictDoNothing();
  await saveBillingSettings(db, { clinicId: CLINIC, legalName: "Sunrise Clinic", address: "12 MG Road, Pune", gstin: "27AAPFU0939F1ZV", upiVpa: "sunrise@okbank", upiPayee: "Sunrise Clinic", registrationFee: "100", newCaseFee: "500", followUpFee: "200", followUpDays: 7, procedures: [{ code: "ECG", name: "ECG", fee: "350.50" }] }, row!.id);
  return row!.id;
}

let visitSeq = 0;
async function visit(db: Db, over: Partial<typeof queueAppointments.$inferInsert> = {}) {
  const id = `visit-${++visitSeq}-${Math.random().toString(36).slice(2, 8)}`;
  const patientId = over.patientId ?? `pt-bill-${visitSeq}`;
  await rememberPatient(db, { id: patientId, salutation: "Mrs.", firstName: "Asha", middleName: null, lastName: `Verma ${visitSeq}`, gender: "F", dob: "1980-01-01", mobile: "+919800000000", uhid: `UH-${visitSeq}` });
  await db.insert(queueAppointments).values({ appointmentId: id, clinicId: CLINIC, doctorId: "dr-bill", day: "2026-11-27", startAt: new Date(MORNING), patientId, confId: "walk-in", mode: "in_clinic", source: "walk_in", status: "checked_in", ...over });
  return id;
}

function suite(name: string, kind: "pglite" | "postgres", open: () => Promise<TestDatabase>, available: boolean) {
  // On PostgreSQL too: payments that overlap (a double click, racing refunds), number series and their
  // financial-year boundary in the clinic's time zone, the sums the driver hands back, and the refusals that
  // must take no number. On PGlite alone (lib/testing/engines.ts): fee rules, pricing and queue ordering, whose
  // queries are the same SQL on the same engine code, the split property (arithmetic over the same sums), and
  // the 50 payments at once of one app instance: on PostgreSQL the three-instance case below sends its 50
  // payments at once, with the failing ones in between, through real concurrent connections.
  const engineNeutral = onPgliteOnly(kind);
  describe.skipIf(!available)(`counter billing on ${name}`, () => {
    let t: TestDatabase;
    let db: Db;
    let desk: string;
    beforeAll(async () => {
      t = await open();
      db = t.database.db;
      desk = await seed(db, name);
    });
    afterEach(() => setClock(null));
    afterAll(async () => t.dispose());

    engineNeutral("a walk-in's first visit costs registration + new case; a visit within 7 days of a paid one is a follow-up; procedures come from the price list", async () => {
      setClock(() => MORNING);
      const first = await visit(db, { patientId: "pt-fu" });
      const due = await readVisitBilling(db, first);
      expect(due).toMatchObject({ billed: false, feeKind: "new_case", totalPaise: 60000, duePaise: 60000, state: { state: "due" } });
      const paid = await recordPayment(db, { appointmentId: first, key: key(), staffId: desk, request: { payments: [{ method: "cash", amount: "950.50", tendered: "1000" }], procedures: ["ECG"] } });
      expect(paid).toMatchObject({ amountPaise: 95050, changePaise: 4950, duePaise: 0, replayed: false });
      const second = await visit(db, { patientId: "pt-fu" });
      setClock(() => MORNING + 6 * 86_400_000);
      expect(await readVisitBilling(db, second)).toMatchObject({ feeKind: "follow_up", totalPaise: 20000, lines: [{ kind: "consultation", paise: 20000 }] });
      setClock(() => MORNING + 8 * 86_400_000);
      expect(await readVisitBilling(db, second)).toMatchObject({ feeKind: "new_case", totalPaise: 50000 });
    });

    engineNeutral("a booked service is due at the platform's price (price − discount + fee, as the queue row keeps it), and a pre-pay visit shows 'pre-pay missing' until paid", async () => {
      setClock(() => MORNING);
      const id = await visit(db, { source: "platform", confId: "c1", serviceName: "Video consult", price: 499.5, prePay: true });
      const before = await readVisitBilling(db, id);
      expect(before).toMatchObject({ feeKind: "booked_service", totalPaise: 49950, state: { state: "prepay_missing", duePaise: 49950 } });
      await recordPayment(db, { appointmentId: id, key: key(), staffId: desk, request: { payments: [{ method: "upi", amount: "200", reference: "UTR1" }] } });
      const row = (await db.select().from(queueAppointments).where(eq(queueAppointments.appointmentId, id)))[0]!;
      expect((await billingStates(db, [row])).get(id)).toEqual({ state: "due", duePaise: 29950, paidPaise: 20000 });
    });

    engineNeutral("Call next passes over a pre-pay visit until it is paid, unless staff override; every queue row says paid, due or pre-pay missing", async () => {
      setClock(() => MORNING);
      const hub = createQueueHub({ db });
      const config = { tokenFormat: "{n}", priorityMarks: DEFAULT_PRIORITY_MARKS, skipReturnAfter: 2 };
      const doctor = "dr-prepay";
      await db.insert(directoryEntries).values({ kind: "doctor", platformId: doctor, displayName: "Dr Pre" }).onConflictDoNothing();
      const prepaid = await visit(db, { doctorId: doctor, source: "platform", confId: "c1", price: 500, prePay: true, tokenNumber: 1, tokenLabel: "1", arrivedAt: new Date(MORNING - 60_000) });
      const atVisit = await visit(db, { doctorId: doctor, source: "platform", confId: "c2", price: 300, prePay: false, tokenNumber: 2, tokenLabel: "2", arrivedAt: new Date(MORNING) });
      const rows = (await readQueueDay(db, { clinicId: CLINIC, day: "2026-11-27" })).filter((e) => e.doctorId === doctor);
      expect(Object.fromEntries(rows.map((e) => [e.appointmentId, e.billing?.state]))).toEqual({ [prepaid]: "prepay_missing", [atVisit]: "due" });
      const first = await counterAction(db, hub, { clinicId: CLINIC, doctorId: doctor, action: "next", key: key(), staffId: desk }, config);
      expect(first.entry?.appointmentId).toBe(atVisit);
      expect(first.heldForPayment).toEqual([prepaid]);
      const none = await counterAction(db, hub, { clinicId: CLINIC, doctorId: doctor, action: "next", key: key(), staffId: desk }, config);
      expect(none.entry).toBeNull();
      const override = await counterAction(db, hub, { clinicId: CLINIC, doctorId: doctor, action: "next", key: key(), staffId: desk, allowUnpaid: true }, config);
      expect(override.entry?.appointmentId).toBe(prepaid);
      await recordPayment(db, { appointmentId: prepaid, key: key(), staffId: desk, request: { payments: [{ method: "upi", amount: "500" }] } });
      expect((await readQueueDay(db, { clinicId: CLINIC, day: "2026-11-27" })).find((e) => e.appointmentId === prepaid)?.billing).toEqual({ state: "paid", duePaise: 0, paidPaise: 50000 });
      await hub.close();
    });

    it("split payment: cash + UPI + card in one receipt; a double click (same key) gives one receipt; the same key for another request is refused", async () => {
      setClock(() => MORNING);
      const id = await visit(db);
      const k = key();
      const request = { payments: [{ method: "cash" as const, amount: "100", tendered: "500" }, { method: "upi" as const, amount: "400" }, { method: "card" as const, amount: "100" }] };
      const [a, b] = await Promise.all([recordPayment(db, { appointmentId: id, key: k, staffId: desk, request }), recordPayment(db, { appointmentId: id, key: k, staffId: desk, request })]);
      expect(a.receiptLabel).toBe(b.receiptLabel);
      expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
      expect(a).toMatchObject({ amountPaise: 60000, changePaise: 40000, duePaise: 0 });
      const stored = await db.select().from(receipts).where(eq(receipts.appointmentId, id));
      expect(stored).toHaveLength(1);
      expect(await db.select().from(receiptPayments).where(eq(receiptPayments.receiptId, stored[0]!.id))).toHaveLength(3);
      const reused = await refusal(recordPayment(db, { appointmentId: id, key: k, staffId: desk, request: { payments: [{ method: "cash", amount: "1" }] } }));
      expect(reused.extra.code).toBe("idempotency_key_reused");
    });

    it("negative, non-numeric, over-precise and over-due amounts are field errors and use no receipt number", async () => {
      setClock(() => MORNING);
      const id = await visit(db);
      const counter = async () => (await db.select().from(billingCounters).where(eq(billingCounters.clinicId, CLINIC)))[0]?.lastNumber ?? 0;
      const before = await counter();
      const bad = await refusal(recordPayment(db, { appointmentId: id, key: key(), staffId: desk, request: { payments: [{ method: "cash", amount: "-5" }, { method: "upi", amount: "abc" }, { method: "card", amount: "1.234" }] } }));
      expect(bad.status).toBe(400);
      expect(bad.extra.errors).toEqual({ "payments.0.amount": "The amount cannot be negative.", "payments.1.amount": "Enter the amount in figures, e.g. 500 or 250.50.", "payments.2.amount": "At most two digits after the dot (paise)." });
      const over = await refusal(recordPayment(db, { appointmentId: id, key: key(), staffId: desk, request: { payments: [{ method: "cash", amount: "600.01" }] } }));
      expect(over.extra.errors).toEqual({ "payments.0.amount": "The payment is more than the ₹600.00 due." });
      const short = await refusal(recordPayment(db, { appointmentId: id, key: key(), staffId: desk, request: { payments: [{ method: "cash", amount: "100", tendered: "50" }] } }));
      expect(short.extra.errors).toEqual({ "payments.0.tendered": "Less cash was handed over than the amount." });
      expect(await counter()).toBe(before);
      // A partial payment leaves a due.
      const part = await recordPayment(db, { appointmentId: id, key: key(), staffId: desk, request: { payments: [{ method: "cash", amount: "250" }] } });
      expect(part.duePaise).toBe(35000);
      expect(await counter()).toBe(before + 1);
    });

    engineNeutral("a concession with a reason and who allowed it lowers the due; a free visit takes no receipt", async () => {
      setClock(() => MORNING);
      const id = await visit(db);
      const out = await recordPayment(db, { appointmentId: id, key: key(), staffId: desk, request: { payments: [], concession: { amount: "600", reason: "Staff family", allowedBy: "Dr Rao" } } });
      expect(out).toMatchObject({ receiptId: null, duePaise: 0 });
      const v = await readVisitBilling(db, id);
      expect(v).toMatchObject({ state: { state: "free" }, concessions: [{ amountPaise: 60000, reason: "Staff family", allowedBy: "Dr Rao" }] });
      expect(await db.select().from(billConcessions)).not.toHaveLength(0);
    });

    it("refunds are credit notes of their own series, never more than the receipt kept; the receipt itself is never changed", async () => {
      setClock(() => MORNING);
      const id = await visit(db);
      const paid = await recordPayment(db, { appointmentId: id, key: key(), staffId: desk, request: { payments: [{ method: "upi", amount: "500" }] } });
      const k = key();
      const one = await issueCreditNote(db, { receiptId: paid.receiptId!, key: k, staffId: desk, request: { amount: "150", method: "cash", reason: "ECG not done" } });
      const again = await issueCreditNote(db, { receiptId: paid.receiptId!, key: k, staffId: desk, request: { amount: "150", method: "cash", reason: "ECG not done" } });
      expect(one).toMatchObject({ label: expect.stringMatching(/^CN\/2026-27\/\d{6}$/), amountPaise: 15000, refundablePaise: 35000, replayed: false });
      expect(again).toMatchObject({ id: one.id, replayed: true });
      const over = await refusal(issueCreditNote(db, { receiptId: paid.receiptId!, key: key(), staffId: desk, request: { amount: "350.01", method: "cash", reason: "too much" } }));
      expect(over.extra.errors).toEqual({ amount: "At most ₹350.00 of this receipt can be refunded." });
      // Concurrent refunds cannot together exceed what is left.
      const race = await Promise.allSettled([1, 2, 3].map(() => issueCreditNote(db, { receiptId: paid.receiptId!, key: key(), staffId: desk, request: { amount: "200", method: "upi", reason: "race" } })));
      expect(race.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const notes = await db.select().from(creditNotes).where(eq(creditNotes.receiptId, paid.receiptId!));
      expect(notes.reduce((s, n) => s + n.amountPaise, 0)).toBe(35000);
      // The paid receipt can be neither changed nor deleted, by anyone, even by hand.
      await expect(db.update(receipts).set({ amountPaise: 1 }).where(eq(receipts.id, paid.receiptId!))).rejects.toThrow();
      await expect(db.delete(receipts).where(eq(receipts.id, paid.receiptId!))).rejects.toThrow();
      await expect(db.execute(sql`update receipt_payments set amount_paise = 1`)).rejects.toThrow();
      await expect(db.execute(sql`delete from credit_notes`)).rejects.toThrow();
      expect((await db.select().from(receipts).where(eq(receipts.id, paid.receiptId!)))[0]!.amountPaise).toBe(50000);
      // The refund does not bring the due back.
      expect((await readVisitBilling(db, id)).duePaise).toBe(10000);
    });

    it("receipts print the clinic, GSTIN, amount in English and Hindi words, and a reprint is a duplicate", async () => {
      setClock(() => MORNING);
      const id = await visit(db);
      const paid = await recordPayment(db, { appointmentId: id, key: key(), staffId: desk, request: { payments: [{ method: "upi", amount: "500" }] } });
      const doc = await readReceipt(db, paid.receiptId!);
      expect(doc).toMatchObject({ clinicName: "Sunrise Clinic", clinicAddress: "12 MG Road, Pune", gstin: "27AAPFU0939F1ZV", doctorName: "Dr Rao", collectedDay: "27/11/2026", collectedBy: "Asha Desk", amountPaise: 50000, amountWords: { en: "Rupees Five Hundred Only", hi: "पांच सौ रुपये मात्र" } });
      expect(await recordPrint(db, paid.receiptId!, desk)).toBe("original");
      expect(await recordPrint(db, paid.receiptId!, desk)).toBe("duplicate");
    });

    it("receipt numbers restart at 000001 on 1 April in the clinic's time zone (31/03 23:59 IST is still the old year)", async () => {
      setClock(() => Date.parse("2027-03-31T23:59:00+05:30"));
      const late = await recordPayment(db, { appointmentId: await visit(db), key: key(), staffId: desk, request: { payments: [{ method: "cash", amount: "10" }] } });
      setClock(() => Date.parse("2027-04-01T00:00:30+05:30"));
      const early = await recordPayment(db, { appointmentId: await visit(db), key: key(), staffId: desk, request: { payments: [{ method: "cash", amount: "10" }] } });
      const next = await recordPayment(db, { appointmentId: await visit(db), key: key(), staffId: desk, request: { payments: [{ method: "cash", amount: "10" }] } });
      expect(late.receiptLabel).toMatch(/^RC\/2026-27\/\d{6}$/);
      expect(early.receiptLabel).toBe("RC/2027-28/000001");
      expect(next.receiptLabel).toBe("RC/2027-28/000002");
    });

    engineNeutral("a queue page of many unbilled walk-ins is priced in a fixed number of queries, each as its own bill would be", async () => {
      const tag = `${name}-${Math.random().toString(36).slice(2, 8)}`;
      const day = "2026-12-01";
      const pay = async (patientId: string, at: number, doctorId = "dr-bill") => {
        setClock(() => at);
        const id = await visit(db, { patientId, doctorId, day });
        await recordPayment(db, { appointmentId: id, key: key(), staffId: desk, request: { payments: [{ method: "cash", amount: "10" }] } });
      };
      await db.insert(directoryEntries).values({ kind: "doctor", platformId: "dr-other", displayName: "Dr Other" }).onConflictDoNothing();
      const today = MORNING + 4 * 86_400_000;
      await pay(`fu-${tag}`, today - 3 * 86_400_000);
      await pay(`old-${tag}`, today - 20 * 86_400_000);
      await pay(`other-${tag}`, today - 2 * 86_400_000, "dr-other");
      setClock(() => today);
      const expected = new Map<string, number>();
      for (const [patient, paise] of [[`fu-${tag}`, 20000], [`old-${tag}`, 50000], [`other-${tag}`, 50000]] as const) expected.set(await visit(db, { patientId: patient, day }), paise);
      for (let i = 0; i < 40; i++) expected.set(await visit(db, { patientId: `new-${i}-${tag}`, day }), 60000);
      const cancelled = await visit(db, { patientId: `gone-${tag}`, day, status: "cancelled" });
      const rows = await db.select().from(queueAppointments).where(inArray(queueAppointments.appointmentId, [...expected.keys(), cancelled]));

      let queries = 0;
      const counting = new Proxy(db, {
        get(target, prop) {
          if (prop === "select" || prop === "selectDistinct") queries++;
          const value = Reflect.get(target, prop) as unknown;
          return typeof value === "function" ? value.bind(target) : value;
        },
      });
      const states = await billingStates(counting, rows);
      // Bills, the clinic's price list, then the walk-ins' earlier receipts: two queries whatever their number.
      expect(queries).toBeLessThanOrEqual(4);
      expect(Object.fromEntries(states)).toEqual(Object.fromEntries([...expected].map(([id, paise]) => [id, { state: "due", duePaise: paise, paidPaise: 0 }])));
      for (const id of [...expected.keys()].slice(0, 4)) expect((await readVisitBilling(db, id)).totalPaise).toBe(expected.get(id));
    }, 60_000);

    engineNeutral("50 payments at once get 50 gapless, distinct receipt numbers; a failed one in between leaves no gap", async () => {
      setClock(() => Date.parse("2028-06-01T10:00:00+05:30"));
      const ids = [];
      for (let i = 0; i < 50; i++) ids.push(await visit(db));
      const results = await Promise.allSettled(
        ids.map((id, i) => recordPayment(db, { appointmentId: id, key: key(), staffId: desk, request: { payments: [{ method: "cash", amount: i % 10 === 0 ? "9999" : "100" }] } })),
      );
      const ok = results.filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof recordPayment>>> => r.status === "fulfilled").map((r) => r.value.receiptLabel!);
      expect(ok).toHaveLength(45);
      expect(ok.sort()).toEqual(Array.from({ length: 45 }, (_, i) => `RC/2028-29/${String(i + 1).padStart(6, "0")}`));
    }, 60_000);

    engineNeutral("any split of a due into lines adds up exactly (property)", async () => {
      setClock(() => MORNING);
      await fc.assert(
        fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 20000 }), { minLength: 1, maxLength: 3 }), fc.integer({ min: 0, max: 5000 }), async (parts, extra) => {
          const id = await visit(db);
          const total = parts.reduce((a, b) => a + b, 0);
          if (total > 60000) return;
          const lines = parts.map((p, i) => ({ method: "cash" as const, amount: `${Math.floor(p / 100)}.${String(p % 100).padStart(2, "0")}`, ...(i === 0 ? { tendered: `${Math.floor((p + extra) / 100)}.${String((p + extra) % 100).padStart(2, "0")}` } : {}) }));
          const out = await recordPayment(db, { appointmentId: id, key: key(), staffId: desk, request: { payments: lines } });
          expect(out.amountPaise).toBe(total);
          expect(out.changePaise).toBe(extra);
          expect(out.duePaise).toBe(60000 - total);
        }),
        { numRuns: 15 },
      );
    }, 60_000);
  });
}

for (const d of databases) suite(d.name, d.kind, d.open, d.available);

describe.skipIf(!pgUp)("receipt numbers across app instances on one PostgreSQL", () => {
  it("50 payments sent at once through 3 instances get gapless, distinct numbers; the failed ones in between leave no gap", async () => {
    setClock(() => MORNING);
    const t = await postgresTestDatabase();
    try {
      const instances = [t.database, await t.openAnother(), await t.openAnother()];
      const db = t.database.db;
      const desk = await seed(db, "cluster");
      const ids = [];
      for (let i = 0; i < 50; i++) ids.push(await visit(db));
      // Every tenth is more than the due: refused inside its transaction, after taking a number it must give back.
      const results = await Promise.allSettled(
        ids.map((id, i) => recordPayment(instances[i % 3]!.db, { appointmentId: id, key: key(), staffId: desk, request: { payments: [{ method: "upi", amount: i % 10 === 0 ? "9999" : "500" }] } })),
      );
      const ok = results.filter((r): r is PromiseFulfilledResult<Awaited<ReturnType<typeof recordPayment>>> => r.status === "fulfilled").map((r) => r.value.receiptLabel!);
      expect(results.filter((r): r is PromiseRejectedResult => r.status === "rejected").map((r) => (r.reason as { status?: number }).status)).toEqual([400, 400, 400, 400, 400]);
      expect(ok.sort()).toEqual(Array.from({ length: 45 }, (_, i) => `RC/2026-27/${String(i + 1).padStart(6, "0")}`));
    } finally {
      setClock(null);
      await t.dispose();
    }
  }, 60_000);
});
