import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setClock } from "@/lib/clock";
import { bothDatabases, type TestDatabase } from "@/lib/testing/databases";
import type { Db } from "../db/connect";
import { dayCloses, directoryEntries, queueAppointments, staff } from "../db/schema";
import type { AppError } from "../errors";
import { rememberPatient } from "../patients/patient-index";
import { issueCreditNote, recordPayment, saveBillingSettings } from "./billing";
import { closeDay, readDayClose, reopenDay } from "./day-close";
import { refusal } from "@/lib/testing/refusal";

const databases = await bothDatabases();
const CLINIC = "cl-close";
/** 27/11/2026, 18:00 in India. */
const EVENING = Date.parse("2026-11-27T18:00:00+05:30");
let seq = 0;
const key = () => `close-key-${(++seq).toString().padStart(6, "0")}-${Math.random().toString(36).slice(2, 10)}`;

function suite(name: string, open: () => Promise<TestDatabase>, available: boolean) {
  describe.skipIf(!available)(`day close on ${name}`, () => {
    let t: TestDatabase;
    let db: Db;
    let asha: string;
    let ravi: string;
    let admin: string;
    async function visit() {
      const id = `close-visit-${++seq}`;
      await rememberPatient(db, { id: `pt-${id}`, salutation: "Mr.", firstName: "Close", middleName: null, lastName: String(seq), gender: "M", dob: "1970-01-01", mobile: "+919800000000", uhid: null });
      await db.insert(queueAppointments).values({ appointmentId: id, clinicId: CLINIC, doctorId: "dr-close", day: "2026-11-27", startAt: new Date(EVENING), patientId: `pt-${id}`, confId: "walk-in", mode: "in_clinic", source: "walk_in", status: "checked_in" });
      return id;
    }
    const pay = async (cashier: string, payments: { method: "cash" | "upi" | "card"; amount: string }[]) => recordPayment(db, { appointmentId: await visit(), key: key(), staffId: cashier, request: { payments } });

    beforeAll(async () => {
      t = await open();
      db = t.database.db;
      const rows = await db
        .insert(staff)
        .values([
          { email: `asha-${name}@clinic.test`, name: "Asha", role: "receptionist", passwordHash: "x" },
          { email: `ravi-${name}@clinic.test`, name: "Ravi", role: "receptionist", passwordHash: "x" },
          { email: `admin-${name}@clinic.test`, name: "Admin", role: "admin", passwordHash: "x" },
        ])
        .returning({ id: staff.id });
      [asha, ravi, admin] = rows.map((r) => r.id) as [string, string, string];
      await db.insert(directoryEntries).values([{ kind: "clinic", platformId: CLINIC, displayName: "Close Clinic", timeZone: "Asia/Kolkata" }]);
      await saveBillingSettings(db, { clinicId: CLINIC, registrationFee: "0", newCaseFee: "1000", followUpFee: "500", followUpDays: 7, procedures: [] }, admin);
    });
    afterEach(() => setClock(null));
    afterAll(async () => t.dispose());

    it("expected cash is the day's cash less cash refunds, per cashier; UPI and card are totalled; a difference needs a note; a closed day takes no more money until an admin reopens it", async () => {
      setClock(() => EVENING);
      const first = await pay(asha, [{ method: "cash", amount: "500" }, { method: "upi", amount: "300" }]);
      await pay(asha, [{ method: "card", amount: "1000" }]);
      await pay(ravi, [{ method: "cash", amount: "700" }]);
      await issueCreditNote(db, { receiptId: first.receiptId!, key: key(), staffId: asha, request: { amount: "100", method: "cash", reason: "overcharged" } });
      const view = await readDayClose(db, { clinicId: CLINIC, cashierId: asha });
      expect(view.totals).toMatchObject({ cashPaise: 50000, upiPaise: 30000, cardPaise: 100000, cashRefundPaise: 10000, expectedCashPaise: 40000, receipts: 2 });
      expect(view.closed).toBe(false);

      const noNote = await refusal(closeDay(db, { clinicId: CLINIC, cashierId: asha, staffId: asha, denominations: { "200": 1, "100": 1, "50": 1 } }));
      expect(noNote.extra.errors).toEqual({ note: "The counted cash differs from what is expected: say why in a note." });
      const badCount = await refusal(closeDay(db, { clinicId: CLINIC, cashierId: asha, staffId: asha, denominations: { "3": 1, "100": -1 } }));
      expect(Object.keys(badCount.extra.errors!).sort()).toEqual(["denominations.100", "denominations.3"]);

      // Two closes at once (two tabs, two desks): one close, the other told.
      const both = await Promise.allSettled([1, 2].map(() => closeDay(db, { clinicId: CLINIC, cashierId: asha, staffId: asha, denominations: { "200": 1, "100": 1, "50": 1 }, note: "₹50 short: change given from the drawer" })));
      expect(both.filter((b) => b.status === "fulfilled")).toHaveLength(1);
      expect(((both.find((b) => b.status === "rejected") as PromiseRejectedResult).reason as AppError).extra.code).toBe("day_already_closed");
      const closed = await readDayClose(db, { clinicId: CLINIC, cashierId: asha });
      expect(closed).toMatchObject({ closed: true, close: { countedCashPaise: 35000, differencePaise: -5000, note: "₹50 short: change given from the drawer", closedBy: "Asha" } });

      // Read-only: no payment, no refund by Asha today; Ravi's day is his own.
      expect((await refusal(pay(asha, [{ method: "cash", amount: "10" }]))).extra.code).toBe("day_closed");
      expect((await refusal(issueCreditNote(db, { receiptId: first.receiptId!, key: key(), staffId: asha, request: { amount: "1", method: "cash", reason: "again" } }))).extra.code).toBe("day_closed");
      await pay(ravi, [{ method: "cash", amount: "10" }]);
      await expect(db.execute(sql`update day_closes set note = 'edited'`)).rejects.toThrow();

      // An admin reopens (once); the close stays on record, and the next close is a new generation.
      await reopenDay(db, { closeId: closed.close!.id, reason: "count again", staffId: admin });
      expect((await refusal(reopenDay(db, { closeId: closed.close!.id, reason: "twice", staffId: admin }))).extra.code).toBe("day_already_reopened");
      await pay(asha, [{ method: "cash", amount: "50" }]);
      const again = await closeDay(db, { clinicId: CLINIC, cashierId: asha, staffId: asha, denominations: { "200": 2, "50": 1 } });
      expect(again).toMatchObject({ closed: true, close: { generation: 2, differencePaise: 0 } });
      expect(await db.select().from(dayCloses).where(eq(dayCloses.cashierId, asha))).toHaveLength(2);
    });
  });
}

for (const d of databases) suite(d.name, d.open, d.available);
