import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setClock } from "@/lib/clock";
import { bothDatabases, type TestDatabase } from "@/lib/testing/databases";
import type { Db } from "../db/connect";
import { directoryEntries, queueAppointments, staff } from "../db/schema";
import { rememberPatient } from "../patients/patient-index";
import { issueCreditNote, recordPayment, saveBillingSettings } from "./billing";
import { closeDay, reopenDay } from "./day-close";
import { listCashierDays } from "./day-close-list";
import { refusal } from "@/lib/testing/refusal";

const databases = await bothDatabases();
const CLINIC = "cl-days";
/** 26/11/2026 and 27/11/2026, 18:00 in India. */
const DAY1 = Date.parse("2026-11-26T18:00:00+05:30");
const DAY2 = Date.parse("2026-11-27T18:00:00+05:30");
let seq = 0;

for (const d of databases) {
  describe.skipIf(!d.available)(`every cashier's days, for an admin, on ${d.name}`, () => {
    let t: TestDatabase;
    let db: Db;
    let asha: string;
    let ravi: string;
    let admin: string;
    async function pay(cashier: string, at: number, amount: string) {
      const id = `days-visit-${++seq}`;
      await rememberPatient(db, { id: `pt-${id}`, salutation: "Mr.", firstName: "Day", middleName: null, lastName: String(seq), gender: "M", dob: "1970-01-01", mobile: "+919800000000", uhid: null });
      await db.insert(queueAppointments).values({ appointmentId: id, clinicId: CLINIC, doctorId: "dr-days", day: new Date(at).toISOString().slice(0, 10), startAt: new Date(at), patientId: `pt-${id}`, confId: "walk-in", mode: "in_clinic", source: "walk_in", status: "checked_in" });
      setClock(() => at);
      return recordPayment(db, { appointmentId: id, key: `days-${seq}-${Math.random()}`, staffId: cashier, request: { payments: [{ method: "cash", amount }] } });
    }
    beforeAll(async () => {
      t = await d.open();
      db = t.database.db;
      const rows = await db
        .insert(staff)
        .values([
          { email: `asha-days-${d.kind}@clinic.test`, name: "Asha", role: "receptionist", passwordHash: "x" },
          { email: `ravi-days-${d.kind}@clinic.test`, name: "Ravi", role: "receptionist", passwordHash: "x" },
          { email: `admin-days-${d.kind}@clinic.test`, name: "Meera Admin", role: "admin", passwordHash: "x" },
        ])
        .returning({ id: staff.id });
      [asha, ravi, admin] = rows.map((r) => r.id) as [string, string, string];
      await db.insert(directoryEntries).values([{ kind: "clinic", platformId: CLINIC, displayName: "Days Clinic", timeZone: "Asia/Kolkata" }]);
      await saveBillingSettings(db, { clinicId: CLINIC, registrationFee: "0", newCaseFee: "1000", followUpFee: "500", followUpDays: 7, procedures: [] }, admin);
    });
    afterEach(() => setClock(null));
    afterAll(async () => t.dispose());

    it("lists each cashier's days: open or closed, expected against counted, the difference and note, and a reopening with its reason", async () => {
      await pay(asha, DAY1, "1000");
      await pay(ravi, DAY1, "1000");
      const closed = await closeDay(db, { clinicId: CLINIC, cashierId: asha, staffId: asha, denominations: { "500": 1, "200": 2 }, note: "₹100 short, given as change" }, DAY1);
      const receipt = await pay(asha, DAY2, "1000");
      setClock(() => DAY2);
      await issueCreditNote(db, { receiptId: receipt.receiptId!, key: `cn-${seq}`, staffId: asha, request: { amount: "200", method: "cash", reason: "Test not done" } }, DAY2);

      const days = await listCashierDays(db, { clinicId: CLINIC, from: "2026-11-26", to: "2026-11-27" });
      expect(days.map((x) => [x.day, x.cashierName, x.state])).toEqual([
        ["2026-11-27", "Asha", "open"],
        ["2026-11-26", "Asha", "closed"],
        ["2026-11-26", "Ravi", "open"],
      ]);
      expect(days[0]).toMatchObject({ expectedCashPaise: 80_000, countedCashPaise: null, differencePaise: null, receipts: 1, close: null });
      expect(days[1]).toMatchObject({ expectedCashPaise: 100_000, countedCashPaise: 90_000, differencePaise: -10_000, note: "₹100 short, given as change", close: { id: closed.close!.id, closedBy: "Asha" }, reopen: null });

      await reopenDay(db, { closeId: closed.close!.id, reason: "Recount with the owner", staffId: admin }, DAY2);
      const after = await listCashierDays(db, { clinicId: CLINIC, from: "2026-11-26", to: "2026-11-26" });
      expect(after.find((x) => x.cashierName === "Asha")).toMatchObject({ state: "reopened", reopen: { by: "Meera Admin", reason: "Recount with the owner" } });
      // A day nobody worked is not listed; a range backwards or longer than a month is refused.
      expect(await listCashierDays(db, { clinicId: CLINIC, from: "2026-11-20", to: "2026-11-25" })).toEqual([]);
      expect(await refusal(listCashierDays(db, { clinicId: CLINIC, from: "2026-11-27", to: "2026-11-26" }))).toMatchObject({ status: 400, extra: { errors: { to: expect.any(String) } } });
      expect(await refusal(listCashierDays(db, { clinicId: CLINIC, from: "2026-10-01", to: "2026-11-26" }))).toMatchObject({ status: 400 });
    });
  });
}
