import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setClock } from "@/lib/clock";
import { accountsCsv } from "@/lib/billing/accounts-csv";
import { bothDatabases, type TestDatabase } from "@/lib/testing/databases";
import { refusal } from "@/lib/testing/refusal";
import type { Db } from "../db/connect";
import { eq, sql } from "drizzle-orm";
import { directoryEntries, queueAppointments, staff } from "../db/schema";
import { rememberPatient } from "../patients/patient-index";
import { readAccountLines } from "./accounts-export";
import { issueCreditNote, recordPayment, saveBillingSettings } from "./billing";
import { dashboardPeriod, readDashboard } from "./dashboard";

const databases = await bothDatabases();
const CLINIC = "cl-dash";
/** A clinic-local time in India as an instant. */
const ist = (day: string, time: string) => Date.parse(`${day}T${time}:00+05:30`);
let seq = 0;
const key = () => `dash-key-${++seq}-${Math.random().toString(36).slice(2, 10)}`;

type Status = (typeof queueAppointments.$inferInsert)["status"];

function suite(name: string, open: () => Promise<TestDatabase>, available: boolean) {
  describe.skipIf(!available)(`the owner's dashboard on ${name}`, () => {
    let t: TestDatabase;
    let db: Db;
    let cashier: string;
    async function visit(p: { patient: string; day: string; doctor?: string; status: Status; source?: "walk_in" | "desk"; price?: number; service?: string; arrived?: string; called?: string }) {
      const id = `dash-visit-${++seq}`;
      await db.insert(queueAppointments).values({
        appointmentId: id,
        clinicId: CLINIC,
        doctorId: p.doctor ?? "dr-dash-a",
        day: p.day,
        startAt: new Date(ist(p.day, "09:00")),
        patientId: p.patient,
        confId: p.source === "desk" ? "conf-skin" : "walk-in",
        serviceName: p.service ?? null,
        price: p.price ?? null,
        mode: "in_clinic",
        source: p.source ?? "walk_in",
        status: p.status,
        arrivedAt: p.arrived ? new Date(ist(p.day, p.arrived)) : null,
        calledAt: p.called ? new Date(ist(p.day, p.called)) : null,
      });
      return id;
    }
    const pay = (appointmentId: string, at: number, payments: { method: "cash" | "upi" | "card"; amount: string }[]) =>
      recordPayment(db, { appointmentId, key: key(), staffId: cashier, request: { payments } }, at);

    let p1Receipt: string;
    beforeAll(async () => {
      t = await open();
      db = t.database.db;
      [{ id: cashier }] = (await db.insert(staff).values({ email: `dash-${name}@clinic.test`, name: "Asha", role: "receptionist", passwordHash: "x" }).returning({ id: staff.id })) as [{ id: string }];
      await db.insert(directoryEntries).values([
        { kind: "clinic", platformId: CLINIC, displayName: "Dash Clinic", timeZone: "Asia/Kolkata" },
        { kind: "doctor", platformId: "dr-dash-a", displayName: "Dr. Asha Rao" },
        { kind: "doctor", platformId: "dr-dash-b", displayName: "Dr. Vikram Shah" },
      ]);
      await saveBillingSettings(db, { clinicId: CLINIC, gstin: "27AAPFU0939F1ZV", registrationFee: "0", newCaseFee: "500", followUpFee: "300", followUpDays: 7, procedures: [] }, cashier);
      for (const [i, first] of ["Ravi", "सीता", "=cmd|' /C calc'!A0", "Meena", "Kiran", "Lata", "Mohan", "Nisha"].entries()) {
        await rememberPatient(db, { id: `pt-dash-${i + 1}`, salutation: null, firstName: first, middleName: null, lastName: i === 1 ? "शर्मा" : "Patil", gender: "F", dob: "1980-01-01", mobile: "+919800000000", uhid: i === 0 ? "UH-1" : null });
      }
      // P1 came once before (01/03/2027) and again on 31/03, paying ₹500 by UPI at 23:50 IST; ₹200 is refunded at 00:10 IST on 01/04.
      await visit({ patient: "pt-dash-1", day: "2027-03-01", status: "done" });
      const v1 = await visit({ patient: "pt-dash-1", day: "2027-03-31", status: "done", arrived: "10:00", called: "10:40" });
      p1Receipt = (await pay(v1, ist("2027-03-31", "23:50"), [{ method: "upi", amount: "500" }])).receiptId!;
      await issueCreditNote(db, { receiptId: p1Receipt, key: key(), staffId: cashier, request: { amount: "200", method: "upi", reason: "Dressing not needed" } }, ist("2027-04-01", "00:10"));
      // P2, new, cash; waited 20 minutes.
      const v2 = await visit({ patient: "pt-dash-2", day: "2027-03-31", status: "done", arrived: "09:00", called: "09:20" });
      await pay(v2, ist("2027-03-31", "10:00"), [{ method: "cash", amount: "500" }]);
      // P3 is new on 01/04, cash.
      const v3 = await visit({ patient: "pt-dash-3", day: "2027-04-01", status: "checked_in", arrived: "08:30" });
      await pay(v3, ist("2027-04-01", "09:00"), [{ method: "cash", amount: "500" }]);
      // P4 did not come, P5 cancelled, P6 was seen free (a concession for the whole fee, no money).
      await visit({ patient: "pt-dash-4", day: "2027-03-31", status: "no_show" });
      await visit({ patient: "pt-dash-5", day: "2027-03-31", status: "cancelled" });
      const v6 = await visit({ patient: "pt-dash-6", day: "2027-03-31", status: "done" });
      await recordPayment(db, { appointmentId: v6, key: key(), staffId: cashier, request: { payments: [], concession: { amount: "500", reason: "Staff family", allowedBy: "Dr. Asha Rao" } } }, ist("2027-03-31", "11:00"));
      // P7 booked Dr. Shah's ₹800 skin consultation and paid ₹500 by card: ₹300 is still owed.
      const v7 = await visit({ patient: "pt-dash-7", day: "2027-03-31", doctor: "dr-dash-b", status: "done", source: "desk", price: 800, service: "Skin consultation" });
      await pay(v7, ist("2027-03-31", "12:00"), [{ method: "card", amount: "500" }]);
      // P8 was seen for a ₹600 booked service and never billed.
      await visit({ patient: "pt-dash-8", day: "2027-03-31", doctor: "dr-dash-b", status: "done", source: "desk", price: 600, service: "Skin consultation" });
    });
    afterEach(() => setClock(null));
    afterAll(async () => t.dispose());

    it("counts a day's visits, new and returning patients, no-shows and waits, and nets its money by method, doctor and service; money stays on its Indian day", async () => {
      const d = await readDashboard(db, { clinicId: CLINIC, from: "2027-03-31", to: "2027-03-31" });
      expect(d.days).toEqual([{ day: "2027-03-31", visits: 5, newPatients: 4, returning: 1, noShows: 1, collectedPaise: 150000 }]);
      expect(d.totals).toMatchObject({ visits: 5, newPatients: 4, returning: 1, noShows: 1, expected: 6, averageWaitSeconds: 1800, waited: 2, receiptsPaise: 150000, creditNotesPaise: 0, collectedPaise: 150000 });
      expect(d.byMethod).toEqual(expect.arrayContaining([{ method: "upi", paise: 50000 }, { method: "cash", paise: 50000 }, { method: "card", paise: 50000 }]));
      expect(d.byMethod).toHaveLength(3);
      expect(d.byDoctor).toEqual([
        { doctorId: "dr-dash-a", doctorName: "Dr. Asha Rao", paise: 100000 },
        { doctorId: "dr-dash-b", doctorName: "Dr. Vikram Shah", paise: 50000 },
      ]);
      expect(d.byService).toEqual([
        { feeKind: "new_case", label: null, paise: 100000 },
        { feeKind: "booked_service", label: "Skin consultation", paise: 50000 },
      ]);
      // The free visit owes nothing; Dr. Shah's skin consultation owes ₹300 and the unbilled one ₹600.
      expect(d.dues).toEqual({ bills: 1, billedPaise: 30000, unbilledVisits: 1, unbilledPaise: 60000 });
    });

    it("nets a credit note on the day it was issued, against its receipt's method and doctor", async () => {
      const d = await readDashboard(db, { clinicId: CLINIC, from: "2027-04-01", to: "2027-04-01" });
      expect(d.days).toEqual([{ day: "2027-04-01", visits: 1, newPatients: 1, returning: 0, noShows: 0, collectedPaise: 30000 }]);
      expect(d.totals).toMatchObject({ receiptsPaise: 50000, creditNotesPaise: 20000, collectedPaise: 30000, averageWaitSeconds: null, waited: 0, expected: 1 });
      expect(d.byMethod).toEqual([{ method: "cash", paise: 50000 }, { method: "upi", paise: -20000 }]);
      expect(d.byDoctor).toEqual([{ doctorId: "dr-dash-a", doctorName: "Dr. Asha Rao", paise: 30000 }]);
      const both = await readDashboard(db, { clinicId: CLINIC, from: "2027-03-31", to: "2027-04-01" });
      expect(both.days.map((x) => x.collectedPaise)).toEqual([150000, 30000]);
      expect(both.byMethod.find((m) => m.method === "upi")).toEqual({ method: "upi", paise: 30000 });
      // A period with nothing in it is every day at zero, not an error.
      const quiet = await readDashboard(db, { clinicId: CLINIC, from: "2027-05-01", to: "2027-05-03" });
      expect(quiet.days.map((x) => x.visits + x.collectedPaise)).toEqual([0, 0, 0]);
      expect(quiet.totals).toMatchObject({ collectedPaise: 0, averageWaitSeconds: null });
      expect(quiet.byMethod).toEqual([]);
    });

    it("reads this financial year from 1 April on the clinic's clock: 31/03 23:50 IST is the old year, 01/04 00:10 IST the new", async () => {
      setClock(() => ist("2027-03-31", "23:55"));
      expect(await dashboardPeriod(db, { clinicId: CLINIC, range: "fy" })).toEqual({ from: "2026-04-01", to: "2027-03-31" });
      const old = await readDashboard(db, { clinicId: CLINIC, ...(await dashboardPeriod(db, { clinicId: CLINIC, range: "fy" })) });
      expect(old.totals).toMatchObject({ visits: 6, newPatients: 5, returning: 1, collectedPaise: 150000 });
      // 18:40 UTC on 31/03 is already 01/04 in India.
      setClock(() => Date.parse("2027-03-31T18:40:00Z"));
      expect(await dashboardPeriod(db, { clinicId: CLINIC, range: "fy" })).toEqual({ from: "2027-04-01", to: "2027-04-01" });
      expect(await dashboardPeriod(db, { clinicId: CLINIC, range: "today" })).toEqual({ from: "2027-04-01", to: "2027-04-01" });
      expect(await dashboardPeriod(db, { clinicId: CLINIC, range: "month" })).toEqual({ from: "2027-04-01", to: "2027-04-01" });
      expect(await dashboardPeriod(db, { clinicId: CLINIC, range: "week" })).toEqual({ from: "2027-03-29", to: "2027-04-01" });
      expect(await dashboardPeriod(db, { clinicId: CLINIC, range: "custom", from: "30/03/2027", to: "31/03/2027" })).toEqual({ from: "2027-03-30", to: "2027-03-31" });
      expect((await refusal(dashboardPeriod(db, { clinicId: CLINIC, range: "custom", from: "31/02/2027", to: "31/03/2027" }))).extra.errors).toEqual({ from: "Type the day as DD/MM/YYYY." });
      expect((await refusal(dashboardPeriod(db, { clinicId: CLINIC, range: "custom", from: "31/03/2027", to: "30/03/2027" }))).extra.errors).toEqual({ to: "The last day comes before the first." });
      expect((await refusal(dashboardPeriod(db, { clinicId: CLINIC, range: "custom", from: "01/01/2025", to: "31/03/2027" }))).extra.errors).toEqual({ to: "At most 366 days at a time." });
    });

    it("keeps its running totals equal to the records under every change: undo, reschedule, a no-show taken back, an erased visit", async () => {
      const recount = async () => {
        const kept = await db.execute(
          sql`select clinic_id, day, visits, no_shows, expected, wait_seconds::text as w, waited, unbilled_visits as u, unbilled_paise::text as up from queue_day_stats where clinic_id = ${CLINIC} and (visits, no_shows, expected, wait_seconds, waited, unbilled_visits) <> (0, 0, 0, 0, 0, 0) order by day`,
        );
        const truth = await db.execute(sql`
          select clinic_id, day, count(*) filter (where status in ('checked_in', 'in_consultation', 'done'))::int as visits, count(*) filter (where status = 'no_show')::int as no_shows,
                 count(*) filter (where status <> 'cancelled')::int as expected,
                 coalesce(sum(round(extract(epoch from called_at - arrived_at))::bigint) filter (where status in ('checked_in', 'in_consultation', 'done') and called_at >= arrived_at), 0)::text as w,
                 count(*) filter (where status in ('checked_in', 'in_consultation', 'done') and called_at >= arrived_at)::int as waited,
                 count(*) filter (where status in ('checked_in', 'in_consultation', 'done') and source <> 'walk_in' and price > 0 and not exists (select 1 from bills b where b.appointment_id = q.appointment_id))::int as u,
                 coalesce(sum(round(price::numeric * 100)::bigint) filter (where status in ('checked_in', 'in_consultation', 'done') and source <> 'walk_in' and price > 0 and not exists (select 1 from bills b where b.appointment_id = q.appointment_id)), 0)::text as up
            from queue_appointments q where clinic_id = ${CLINIC} group by clinic_id, day
          having count(*) filter (where status <> 'cancelled') > 0 or count(*) filter (where status in ('checked_in', 'in_consultation', 'done')) > 0 order by day`);
        const firsts = await db.execute(sql`select patient_id, first_day from clinic_patient_first_visits where clinic_id = ${CLINIC} order by patient_id`);
        const firstTruth = await db.execute(sql`select patient_id, min(day) as first_day from queue_appointments where clinic_id = ${CLINIC} and status in ('checked_in', 'in_consultation', 'done') group by patient_id order by patient_id`);
        const plain = (r: unknown) => JSON.parse(JSON.stringify((r as { rows: unknown[] }).rows));
        expect(plain(kept)).toEqual(plain(truth));
        expect(plain(firsts)).toEqual(plain(firstTruth));
      };
      await recount();
      const v = await visit({ patient: "pt-dash-9", day: "2027-05-10", status: "booked" });
      await db.update(queueAppointments).set({ status: "checked_in", arrivedAt: new Date(ist("2027-05-10", "09:00")) }).where(eq(queueAppointments.appointmentId, v));
      await db.update(queueAppointments).set({ status: "in_consultation", calledAt: new Date(ist("2027-05-10", "09:07")) }).where(eq(queueAppointments.appointmentId, v));
      await recount();
      // Taken back to checked in, then rescheduled to another day, then marked a no-show and taken back.
      await db.update(queueAppointments).set({ status: "checked_in" }).where(eq(queueAppointments.appointmentId, v));
      await db.update(queueAppointments).set({ status: "booked", day: "2027-05-12", arrivedAt: null, calledAt: null }).where(eq(queueAppointments.appointmentId, v));
      await db.update(queueAppointments).set({ status: "no_show" }).where(eq(queueAppointments.appointmentId, v));
      await recount();
      expect((await readDashboard(db, { clinicId: CLINIC, from: "2027-05-10", to: "2027-05-12" })).totals).toMatchObject({ visits: 0, noShows: 1, expected: 1, newPatients: 0 });
      await db.update(queueAppointments).set({ status: "done", arrivedAt: new Date(ist("2027-05-12", "10:00")), calledAt: new Date(ist("2027-05-12", "10:30")) }).where(eq(queueAppointments.appointmentId, v));
      expect((await readDashboard(db, { clinicId: CLINIC, from: "2027-05-10", to: "2027-05-12" })).totals).toMatchObject({ visits: 1, noShows: 0, newPatients: 1, averageWaitSeconds: 1800 });
      await db.delete(queueAppointments).where(eq(queueAppointments.appointmentId, v));
      await recount();
      // A priced visit seen and not billed is owed; billing it (a part payment) moves it to the part-paid bills.
      const priced = await visit({ patient: "pt-dash-9", day: "2027-05-20", doctor: "dr-dash-b", status: "checked_in", source: "desk", price: 499.5, service: "Skin consultation" });
      await recount();
      expect((await readDashboard(db, { clinicId: CLINIC, from: "2027-05-20", to: "2027-05-20" })).dues).toEqual({ bills: 0, billedPaise: 0, unbilledVisits: 1, unbilledPaise: 49950 });
      await pay(priced, ist("2027-05-20", "10:00"), [{ method: "cash", amount: "100" }]);
      await recount();
      expect((await readDashboard(db, { clinicId: CLINIC, from: "2027-05-20", to: "2027-05-20" })).dues).toEqual({ bills: 1, billedPaise: 39950, unbilledVisits: 0, unbilledPaise: 0 });
      await pay(priced, ist("2027-05-20", "10:05"), [{ method: "upi", amount: "399.50" }]);
      expect((await readDashboard(db, { clinicId: CLINIC, from: "2027-05-20", to: "2027-05-20" })).dues).toEqual({ bills: 0, billedPaise: 0, unbilledVisits: 0, unbilledPaise: 0 });
      expect((await readDashboard(db, { clinicId: CLINIC, from: "2027-05-10", to: "2027-05-12" })).totals).toMatchObject({ visits: 0, expected: 0, newPatients: 0 });
    });

    it("exports each payment line and each credit note (negative, naming its receipt) for the accountant, Hindi names and formula text kept safe", async () => {
      const lines = await readAccountLines(db, { clinicId: CLINIC, from: "2027-03-31", to: "2027-04-01" });
      expect(lines.map((l) => [l.type, l.day, l.method, l.amountPaise, l.doctor, l.service])).toEqual([
        ["receipt", "2027-03-31", "cash", 50000, "Dr. Asha Rao", "New-case consultation"],
        ["receipt", "2027-03-31", "card", 50000, "Dr. Vikram Shah", "Skin consultation"],
        ["receipt", "2027-03-31", "upi", 50000, "Dr. Asha Rao", "New-case consultation"],
        ["credit_note", "2027-04-01", "upi", -20000, "Dr. Asha Rao", "New-case consultation"],
        ["receipt", "2027-04-01", "cash", 50000, "Dr. Asha Rao", "New-case consultation"],
      ]);
      const csv = accountsCsv(lines);
      expect(csv.startsWith("\uFEFFType,Document no.,Against receipt,Date,Patient,UHID,Doctor,Service,Method,Amount (INR),Reference,Clinic GSTIN,SAC\r\n")).toBe(true);
      const rows = csv.slice(1).trimEnd().split("\r\n");
      expect(rows).toHaveLength(6);
      expect(rows[1]).toMatch(/^Receipt,RC\/2026-27\/\d{6},,31\/03\/2027,सीता शर्मा,,Dr\. Asha Rao,New-case consultation,Cash,500\.00,,27AAPFU0939F1ZV,9993$/);
      const cn = rows[4]!.split(",");
      expect(cn.slice(0, 4)).toEqual(["Credit note", cn[1], rows[3]!.split(",")[1], "01/04/2027"]);
      expect(cn[1]).toMatch(/^CN\/2027-28\/\d{6}$/);
      expect(cn[9]).toBe("-200.00");
      expect(rows[3]).toContain(",Ravi Patil,UH-1,");
      // The patient named like a formula is written as text.
      expect(lines[4]!.patient.startsWith("=")).toBe(true);
      expect(rows[5]).toContain(`,'${lines[4]!.patient},`);
    });
  });
}

for (const d of databases) suite(d.name, d.open, d.available);
