import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsCsv } from "@/lib/billing/accounts-csv";
import type { PlatformReceiptEvent } from "@/lib/schemas/desk-events";
import { bothDatabases, type TestDatabase } from "@/lib/testing/databases";
import type { Db } from "../db/connect";
import { eq } from "drizzle-orm";
import { directoryEntries, platformDayTotals, platformReceipts, queueAppointments, staff } from "../db/schema";
import { rememberPatient } from "../patients/patient-index";
import { readAccountLines } from "./accounts-export";
import { recordPayment, saveBillingSettings } from "./billing";
import { readDashboard } from "./dashboard";
import { linkPlatformReceipt, markPlatformOnly, readReconciliation, recordPlatformReceipt } from "./platform-receipts";

const databases = await bothDatabases();
const CLINIC = "cl-dash-pf";
const DAY = "2027-05-10";
/** A clinic-local time in India on DAY as an instant. */
const ist = (time: string, day = DAY) => Date.parse(`${day}T${time}:00+05:30`);
let seq = 0;
const uid = () => `${++seq}-${Math.random().toString(36).slice(2, 8)}`;

/**
 * Issue 32 items 7 and 8 together: the platform's receipts on the owner's dashboard and in the
 * accountant's CSV, counted by Reconcile's rule — platform only once, linked never (the desk's
 * receipt counts), undecided shown as waiting and not counted, and a later decision followed.
 */
for (const d of databases) {
  describe.skipIf(!d.available)(`platform receipts on the dashboard and in the CSV on ${d.name}`, () => {
    let t: TestDatabase;
    let db: Db;
    let admin: string;
    let inbox = 0;
    const period = { clinicId: CLINIC, from: DAY, to: DAY };

    async function visit(p: { doctor: string; source: "walk_in" | "desk"; service?: string; price?: number; patient: string }) {
      const id = `pf-visit-${uid()}`;
      await db.insert(queueAppointments).values({
        appointmentId: id, clinicId: CLINIC, doctorId: p.doctor, day: DAY, startAt: new Date(ist("09:00")), patientId: p.patient,
        confId: p.source === "desk" ? "conf-skin" : "walk-in", serviceName: p.service ?? null, price: p.price ?? null, mode: "in_clinic", source: p.source, status: "checked_in",
      });
      return id;
    }
    const pay = (appointmentId: string, at: number, amount: string) => recordPayment(db, { appointmentId, key: `pf-${uid()}`, staffId: admin, request: { payments: [{ method: "cash", amount }] } }, at);
    function platformReceipt(p: { id: string; appointmentId: string | null; rupees: number; at: number; patientId?: string | null }) {
      const event: PlatformReceiptEvent = {
        kind: "created", platformReceiptId: p.id, receiptNumber: `PL/${p.id}`, appointmentId: p.appointmentId, reference: null, clinicId: CLINIC, patientId: p.patientId ?? null,
        amountPaise: p.rupees * 100, refundedPaise: 0, status: "paid", method: "online", paidAt: new Date(p.at).toISOString(), problem: null,
      };
      return recordPlatformReceipt(db, { inboxId: ++inbox, event, occurredAt: new Date(p.at) }, p.at);
    }

    let counterVisit: string;
    let bookedVisit: string;
    let p2: string;
    let p3: string;
    beforeAll(async () => {
      t = await d.open();
      db = t.database.db;
      [{ id: admin }] = (await db.insert(staff).values({ email: `pf-${d.name}@clinic.test`, name: "Asha Admin", role: "admin", passwordHash: "x" }).returning({ id: staff.id })) as [{ id: string }];
      await db.insert(directoryEntries).values([
        { kind: "clinic", platformId: CLINIC, displayName: "Platform Clinic", timeZone: "Asia/Kolkata" },
        { kind: "doctor", platformId: "dr-pf-a", displayName: "Dr. Asha Rao" },
        { kind: "doctor", platformId: "dr-pf-b", displayName: "Dr. Vikram Shah" },
      ]);
      await saveBillingSettings(db, { clinicId: CLINIC, gstin: "27AAPFU0939F1ZV", registrationFee: "0", newCaseFee: "500", followUpFee: "300", followUpDays: 7, procedures: [] }, admin);
      await rememberPatient(db, { id: "pt-pf-1", salutation: null, firstName: "Ravi", middleName: null, lastName: "Patil", gender: "M", dob: "1980-01-01", mobile: "+919800000000", uhid: "UH-PF-1" });
      await rememberPatient(db, { id: "pt-pf-2", salutation: null, firstName: "सीता", middleName: null, lastName: "शर्मा", gender: "F", dob: "1985-01-01", mobile: "+919800000001", uhid: null });
      // Paid ₹500 at the counter; the platform reports the same ₹500 for the same appointment: linked, the desk's receipt counts.
      counterVisit = await visit({ doctor: "dr-pf-a", source: "walk_in", patient: "pt-pf-1" });
      await pay(counterVisit, ist("10:00"), "500");
      await platformReceipt({ id: `pr-linked-${uid()}`, appointmentId: counterVisit, rupees: 500, at: ist("10:05") });
      // Booked online with Dr. Shah for a skin consultation and paid ₹800 on the platform; nothing at the counter.
      bookedVisit = await visit({ doctor: "dr-pf-b", source: "desk", service: "Skin consultation", price: 800, patient: "pt-pf-2" });
      p2 = await platformReceipt({ id: `pr-online-${uid()}`, appointmentId: bookedVisit, rupees: 800, at: ist("08:30") });
      // ₹300 for an appointment the desk does not know.
      p3 = await platformReceipt({ id: `pr-unknown-${uid()}`, appointmentId: "apt-not-at-this-desk", rupees: 300, at: ist("21:15") });
      // The day before and the day after (IST) are other days: 23:59 on 09/05 and 00:01 on 11/05.
      await platformReceipt({ id: `pr-before-${uid()}`, appointmentId: null, rupees: 111, at: ist("23:59", "2027-05-09") });
      await platformReceipt({ id: `pr-after-${uid()}`, appointmentId: null, rupees: 222, at: ist("00:01", "2027-05-11") });
    });
    afterAll(async () => t?.dispose());

    it("counts neither the linked one nor the undecided ones, and shows the undecided as waiting", async () => {
      const dash = await readDashboard(db, period);
      expect(dash.totals.collectedPaise).toBe(50_000);
      expect(dash.totals.platformPaise).toBe(0);
      expect(dash.byMethod).toEqual([{ method: "cash", paise: 50_000 }]);
      expect(dash.platformWaiting).toEqual({ count: 2, paise: 110_000 });
      expect((await readAccountLines(db, period)).map((l) => l.type)).toEqual(["receipt"]);
      // Reconcile's day says the same under the same rule.
      const recon = await readReconciliation(db, { clinicId: CLINIC, day: DAY }, ist("22:00"));
      expect(recon.totals).toMatchObject({ totalPaise: dash.totals.collectedPaise, waitingPaise: dash.platformWaiting.paise, matchedPaise: 50_000, platformOnlyPaise: 0 });
    });

    it("counts a platform-only receipt once: as Online (platform), by the appointment's doctor and service, on its day, and in the CSV", async () => {
      await markPlatformOnly(db, { id: p2, staffId: admin }, ist("22:00"));
      await markPlatformOnly(db, { id: p3, staffId: admin }, ist("22:01"));
      const dash = await readDashboard(db, period);
      expect(dash.totals).toMatchObject({ receiptsPaise: 50_000, platformPaise: 110_000, collectedPaise: 160_000 });
      expect(dash.byMethod).toEqual([{ method: "platform", paise: 110_000 }, { method: "cash", paise: 50_000 }]);
      expect(dash.byDoctor).toEqual([
        { doctorId: "dr-pf-b", doctorName: "Dr. Vikram Shah", paise: 80_000 },
        { doctorId: "dr-pf-a", doctorName: "Dr. Asha Rao", paise: 50_000 },
        { doctorId: "", doctorName: "", paise: 30_000 },
      ]);
      expect(dash.byService).toEqual([
        { feeKind: "booked_service", label: "Skin consultation", paise: 80_000 },
        { feeKind: "new_case", label: null, paise: 50_000 },
        { feeKind: "online", label: null, paise: 30_000 },
      ]);
      expect(dash.days).toEqual([expect.objectContaining({ day: DAY, collectedPaise: 160_000 })]);
      expect(dash.platformWaiting).toEqual({ count: 0, paise: 0 });
      const recon = await readReconciliation(db, { clinicId: CLINIC, day: DAY }, ist("22:05"));
      expect(recon.totals.totalPaise).toBe(dash.totals.collectedPaise);

      const lines = await readAccountLines(db, period);
      expect(lines.map((l) => [l.type, l.method, l.amountPaise, l.doctor, l.service, l.patient])).toEqual([
        ["platform_receipt", "platform", 80_000, "Dr. Vikram Shah", "Skin consultation", "सीता शर्मा"],
        ["receipt", "cash", 50_000, "Dr. Asha Rao", "New-case consultation", "Ravi Patil"],
        ["platform_receipt", "platform", 30_000, "", "Online booking", ""],
      ]);
      const csv = accountsCsv(lines);
      expect(csv).toContain(`Platform receipt,PL/pr-online-`);
      expect(csv.split("\r\n").filter((r) => r.includes("Online (platform)")).map((r) => r.split(",")[9])).toEqual(["800.00", "300.00"]);
      // The CSV's lines add up to the dashboard's figure.
      expect(lines.reduce((s, l) => s + l.amountPaise, 0)).toBe(dash.totals.collectedPaise);
    });

    it("follows a later decision: a platform-only receipt later linked to the desk's receipt drops out", async () => {
      // The patient also paid ₹800 at the counter (the same money, entered twice): the admin links the platform's receipt to it.
      const desk = await pay(bookedVisit, ist("22:10"), "800");
      await linkPlatformReceipt(db, { id: p2, deskReceiptId: desk.receiptId!, staffId: admin }, ist("22:15"));
      const dash = await readDashboard(db, period);
      expect(dash.totals).toMatchObject({ receiptsPaise: 130_000, platformPaise: 30_000, collectedPaise: 160_000 });
      expect(dash.byMethod).toEqual([{ method: "cash", paise: 130_000 }, { method: "platform", paise: 30_000 }]);
      expect(dash.byDoctor.find((x) => x.doctorId === "dr-pf-b")?.paise).toBe(80_000);
      expect(dash.platformWaiting).toEqual({ count: 0, paise: 0 });
      const lines = await readAccountLines(db, period);
      expect(lines.filter((l) => l.type === "platform_receipt").map((l) => l.amountPaise)).toEqual([30_000]);
      expect(lines.reduce((s, l) => s + l.amountPaise, 0)).toBe(160_000);
      const recon = await readReconciliation(db, { clinicId: CLINIC, day: DAY }, ist("22:20"));
      expect(recon.totals).toMatchObject({ totalPaise: 160_000, platformOnlyPaise: 30_000, matchedPaise: 130_000 });
    });

    it("follows the platform's later report (a refund) and its running totals equal a fresh count by the rule", async () => {
      const [row] = await db.select().from(platformReceipts).where(eq(platformReceipts.id, p3));
      const event: PlatformReceiptEvent = {
        kind: "updated", platformReceiptId: row!.platformReceiptId, receiptNumber: row!.receiptNumber, appointmentId: row!.appointmentId, reference: null, clinicId: CLINIC, patientId: null,
        amountPaise: 30_000, refundedPaise: 10_000, status: "partially_refunded", method: "online", paidAt: row!.paidAt!.toISOString(), problem: null,
      };
      await recordPlatformReceipt(db, { inboxId: ++inbox, event, occurredAt: new Date(ist("23:00")) }, ist("23:00"));
      const dash = await readDashboard(db, period);
      expect(dash.totals).toMatchObject({ platformPaise: 20_000, collectedPaise: 150_000 });
      expect(dash.byService.find((x) => x.feeKind === "online")?.paise).toBe(20_000);
      // Forget every count and total, count again from the records: the same dashboard.
      await db.delete(platformDayTotals);
      await db.update(platformReceipts).set({ countedAs: null, countedPaise: null, countedDay: null, countedDoctor: null, countedService: null });
      expect(await readDashboard(db, period)).toEqual(dash);
      expect((await readReconciliation(db, { clinicId: CLINIC, day: DAY }, ist("23:05"))).totals.totalPaise).toBe(150_000);
    });

    it("puts receipts on their clinic day: the ones just before and after midnight IST are other days", async () => {
      const before = await readDashboard(db, { clinicId: CLINIC, from: "2027-05-09", to: "2027-05-09" });
      const after = await readDashboard(db, { clinicId: CLINIC, from: "2027-05-11", to: "2027-05-11" });
      expect(before.platformWaiting).toEqual({ count: 1, paise: 11_100 });
      expect(after.platformWaiting).toEqual({ count: 1, paise: 22_200 });
      expect(before.totals.collectedPaise + after.totals.collectedPaise).toBe(0);
    });
  });
}
