import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { QUEUE_STATUSES, STATUS_MOVES, UNDO_WINDOW_MS, type QueueStatus } from "@/lib/queue/status-moves";
import { bothDatabases, postgresTestDatabase, type DatabaseUnderTest, type TestDatabase } from "@/lib/testing/databases";
import type { AppError } from "../errors";
import { staff } from "../db/schema";
import type { Db } from "../db/connect";
import { rememberPatient } from "../patients/patient-index";
import { changeStatus, linkQueuePatient, readPatientAppointments, readQueueDay, readQueueEntry, recordQueueEntry, statusHistory, undoLastChange } from "./queue-store";
import { createQueueHub } from "./queue-hub";
import type { QueueChange } from "@/lib/schemas/queue";
import { refusal } from "@/lib/testing/refusal";
import { onPgliteOnly } from "@/lib/testing/engines";

const databases = await bothDatabases();

const SLOT = "2026-11-24T10:00:00+05:30";
let seq = 0;

async function book(db: Db, over: Partial<Parameters<typeof recordQueueEntry>[1]> = {}) {
  const appointmentId = `apt-${++seq}-${Math.random().toString(36).slice(2, 8)}`;
  await recordQueueEntry(db, { appointmentId, clinicId: "cl-1", doctorId: "dr-1", start: SLOT, end: "2026-11-24T10:15:00+05:30", patientId: "pt-1", confId: "conf-1", serviceName: "Consultation", mode: "in_clinic", price: 600, currency: "INR", prePay: false, postPay: true, source: "desk", timeZone: "Asia/Kolkata", ...over });
  return appointmentId;
}

const AFTER_START = Date.parse(SLOT) + 5 * 60_000;

function suite({ name, kind, open, available }: DatabaseUnderTest) {
  // On PostgreSQL too: the listing as the driver hands it back, moves and their times, the clinic's day, two
  // desks at once, undo and links. On PGlite alone (lib/testing/engines.ts): the property over random actions
  // sent one after another, whose checks are the same SQL on the same engine code.
  const engineNeutral = onPgliteOnly(kind);
  describe.skipIf(!available)(`today's queue on ${name}`, () => {
    let t: TestDatabase;
    let db: Db;
    let asha: string;
    let ravi: string;
    beforeAll(async () => {
      t = await open();
      db = t.database.db;
      const rows = await db
        .insert(staff)
        .values([
          { email: `asha-${name}@clinic.test`, name: "Asha Desk", role: "receptionist", passwordHash: "x" },
          { email: `ravi-${name}@clinic.test`, name: "Ravi Desk", role: "receptionist", passwordHash: "x" },
        ])
        .returning({ id: staff.id });
      [asha, ravi] = rows.map((r) => r.id) as [string, string];
      await rememberPatient(db, { id: "pt-1", salutation: "Mrs.", firstName: "Sunita", middleName: null, lastName: "Rao", gender: "F", dob: "1980-01-01", mobile: "+919812345678", uhid: "UH-7" });
    });
    afterAll(async () => t.dispose());

    it("lists the clinic's day in time order with the patient, price and who booked", async () => {
      const later = await book(db, { start: "2026-11-24T11:00:00+05:30", bookedBy: asha });
      const earlier = await book(db, { start: "2026-11-24T09:00:00+05:30", clinicId: "cl-1" });
      await book(db, { start: "2026-11-24T09:30:00+05:30", clinicId: "cl-other" });
      await book(db, { start: "2026-11-25T09:00:00+05:30" });
      // 00:30 in Mumbai is still the 24th there though it is the 23rd in UTC.
      const small = await book(db, { start: "2026-11-24T00:30:00+05:30" });
      const day = await readQueueDay(db, { clinicId: "cl-1", day: "2026-11-24" });
      const ids = day.map((e) => e.appointmentId);
      expect(ids.indexOf(small)).toBeLessThan(ids.indexOf(earlier));
      expect(ids.indexOf(earlier)).toBeLessThan(ids.indexOf(later));
      expect(day.every((e) => e.clinicId === "cl-1" && e.day === "2026-11-24")).toBe(true);
      const entry = day.find((e) => e.appointmentId === later)!;
      expect(entry).toMatchObject({ status: "booked", version: 1, price: 600, bookedBy: "Asha Desk", patient: { name: "Mrs. Sunita Rao", uhid: "UH-7", mobile: "+919812345678" } });
    });

    it("records each move with who and when, and the arrival time on check-in", async () => {
      const id = await book(db);
      const checked = await changeStatus(db, { appointmentId: id, to: "checked_in", version: 1, staffId: asha, now: AFTER_START });
      expect(checked.row.arrivedAt?.getTime()).toBe(AFTER_START);
      await changeStatus(db, { appointmentId: id, to: "in_consultation", version: 2, staffId: ravi, now: AFTER_START + 1000 });
      await changeStatus(db, { appointmentId: id, to: "done", version: 3, staffId: ravi, now: AFTER_START + 2000 });
      const history = await statusHistory(db, id);
      expect(history.map((h) => [h.fromStatus, h.toStatus, h.staffId])).toEqual([
        [null, "booked", null],
        ["booked", "checked_in", asha],
        ["checked_in", "in_consultation", ravi],
        ["in_consultation", "done", ravi],
      ]);
    });

    it("refuses a move the table does not allow with a 409 naming the current status", async () => {
      const id = await book(db);
      const err = await refusal(changeStatus(db, { appointmentId: id, to: "done", version: 1, staffId: asha }));
      expect(err.status).toBe(409);
      expect(err.detail).toContain("booked");
      const early = await refusal(changeStatus(db, { appointmentId: id, to: "no_show", version: 1, staffId: asha, now: Date.parse(SLOT) - 60_000 }));
      expect(early.status).toBe(409);
      const noReason = await refusal(changeStatus(db, { appointmentId: id, to: "cancelled", version: 1, staffId: asha }));
      expect(noReason.status).toBe(400);
      expect((await readQueueEntry(db, id))!.status).toBe("booked");
    });

    it("checks in, calls in and marks no-shows only on the appointment's day in the clinic's zone, with a sentence saying so", async () => {
      const tomorrow = await book(db, { start: "2026-11-25T17:00:00+05:30", end: "2026-11-25T17:15:00+05:30" });
      // 14:47 IST the day before: the 17:00 patient of tomorrow cannot have arrived.
      const early = await refusal(changeStatus(db, { appointmentId: tomorrow, to: "checked_in", version: 1, staffId: asha, now: Date.parse("2026-11-24T14:47:00+05:30") }));
      expect(early.status).toBe(409);
      expect(early.extra.code).toBe("not_today");
      expect(early.detail).toBe("This appointment is on 25/11/2026 and today is 24/11/2026 at the clinic: only today's patients can be checked in, called in or marked a no-show.");
      // 02:00 IST on the day is already the clinic's day (still the day before in UTC).
      await changeStatus(db, { appointmentId: tomorrow, to: "checked_in", version: 1, staffId: asha, now: Date.parse("2026-11-25T02:00:00+05:30") });
      // The day after, yesterday's patient is neither called in nor marked a no-show.
      const yesterday = await book(db);
      const late = await refusal(changeStatus(db, { appointmentId: yesterday, to: "no_show", version: 1, staffId: asha, now: Date.parse("2026-11-25T09:00:00+05:30") }));
      expect(late.extra.code).toBe("not_today");
      // Cancelling stays open on any day.
      await changeStatus(db, { appointmentId: yesterday, to: "cancelled", version: 1, reason: "Patient asked", staffId: asha, now: Date.parse("2026-11-23T09:00:00+05:30") });
      expect((await readQueueEntry(db, yesterday))!.status).toBe("cancelled");
    });

    it("two desks at once: one change wins, the other gets 409 saying what happened, nothing is lost", async () => {
      const id = await book(db);
      const results = await Promise.allSettled([
        changeStatus(db, { appointmentId: id, to: "checked_in", version: 1, staffId: asha, now: AFTER_START }),
        changeStatus(db, { appointmentId: id, to: "no_show", version: 1, staffId: ravi, now: AFTER_START }),
      ]);
      const won = results.filter((r) => r.status === "fulfilled");
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect((lost[0]!.reason as AppError).status).toBe(409);
      const now = (await readQueueEntry(db, id))!;
      expect(now.version).toBe(2);
      expect((lost[0]!.reason as AppError).detail).toContain(now.status === "checked_in" ? "checked in" : "no-show");
      expect((await statusHistory(db, id)).map((h) => h.toStatus)).toEqual(["booked", now.status]);
    });

    it("undoes the last move within the window, audited as a change of its own, and not after it", async () => {
      const id = await book(db);
      await changeStatus(db, { appointmentId: id, to: "checked_in", version: 1, staffId: asha, now: AFTER_START });
      expect((await readQueueEntry(db, id, AFTER_START + 1000))!.undoUntil).toBe(new Date(AFTER_START + UNDO_WINDOW_MS).toISOString());
      const undone = await undoLastChange(db, { appointmentId: id, version: 2, staffId: asha, now: AFTER_START + 30_000 });
      expect(undone.row).toMatchObject({ status: "booked", version: 3, arrivedAt: null, undoable: false });
      const history = await statusHistory(db, id);
      expect(history.at(-1)).toMatchObject({ fromStatus: "checked_in", toStatus: "booked", undoOf: history.at(-2)!.id });
      // An undo is not itself undoable.
      expect((await refusal(undoLastChange(db, { appointmentId: id, version: 3, staffId: asha, now: AFTER_START + 31_000 }))).status).toBe(409);

      await changeStatus(db, { appointmentId: id, to: "checked_in", version: 3, staffId: asha, now: AFTER_START + 40_000 });
      const late = await refusal(undoLastChange(db, { appointmentId: id, version: 4, staffId: asha, now: AFTER_START + 40_000 + UNDO_WINDOW_MS + 1 }));
      expect(late.status).toBe(409);
      expect(late.detail).toContain("checked in");
    });

    engineNeutral("random desk actions never leave a history step the table does not allow", async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.oneof(fc.constantFrom(...QUEUE_STATUSES), fc.constant("undo" as const)), { maxLength: 8 }), async (actions) => {
          const id = await book(db);
          for (const a of actions) {
            const { version } = (await readQueueEntry(db, id, AFTER_START))!;
            const attempt = a === "undo" ? undoLastChange(db, { appointmentId: id, version, staffId: asha, now: AFTER_START + 1000 }) : changeStatus(db, { appointmentId: id, to: a, version, reason: "patient asked", staffId: asha, now: AFTER_START });
            await attempt.catch(() => undefined);
          }
          const history = await statusHistory(db, id);
          for (const [i, h] of history.entries()) {
            if (i === 0) continue;
            const from = h.fromStatus as QueueStatus;
            const allowed = h.undoOf !== null ? STATUS_MOVES[h.toStatus as QueueStatus].includes(from) : STATUS_MOVES[from].includes(h.toStatus as QueueStatus);
            expect(allowed, `${from} → ${h.toStatus}`).toBe(true);
            expect(h.fromStatus).toBe(history[i - 1]!.toStatus);
          }
          expect((await readQueueEntry(db, id))!.status).toBe(history.at(-1)!.toStatus);
        }),
        { numRuns: 12 },
      );
    });

    it("links an appointment booked elsewhere for an unknown patient to a desk patient, once", async () => {
      const id = await book(db, { patientId: "pt-online-77", source: "platform" });
      expect((await readQueueEntry(db, id))!.patient).toBeNull();
      const linked = await linkQueuePatient(db, { appointmentId: id, version: 1, patientId: "pt-1", staffId: asha });
      expect(linked.platformPatientId).toBe("pt-online-77");
      const entry = (await readQueueEntry(db, id))!;
      expect(entry).toMatchObject({ version: 2, status: "booked", patient: { name: "Mrs. Sunita Rao", uhid: "UH-7" } });
      expect((await readPatientAppointments(db, "pt-1")).map((a) => a.appointmentId)).toContain(id);
      expect((await statusHistory(db, id)).at(-1)).toMatchObject({ staffId: asha, version: 2, reason: expect.stringContaining("pt-online-77") });
      // Once the row shows a desk patient, a second link is refused.
      expect((await refusal(linkQueuePatient(db, { appointmentId: id, version: 2, patientId: "pt-1", staffId: ravi }))).extra.code).toBe("patient_already_known");
    });

    it("refuses a link to a patient the desk does not have, and a second desk's link on a stale version", async () => {
      const id = await book(db, { patientId: "pt-online-88", source: "platform" });
      const unknown = await refusal(linkQueuePatient(db, { appointmentId: id, version: 1, patientId: "pt-nobody", staffId: asha }));
      expect(unknown.status).toBe(422);
      expect(unknown.extra.errors?.patientId).toBeTruthy();
      expect((await readQueueEntry(db, id))!).toMatchObject({ version: 1, patientId: "pt-online-88" });
      // Two desks link at once from the same version: one wins, the other hears who changed it.
      const both = await Promise.allSettled([
        linkQueuePatient(db, { appointmentId: id, version: 1, patientId: "pt-1", staffId: asha }),
        linkQueuePatient(db, { appointmentId: id, version: 1, patientId: "pt-1", staffId: ravi }),
      ]);
      expect(both.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const lost = both.find((r): r is PromiseRejectedResult => r.status === "rejected")!.reason as AppError;
      expect(lost.status).toBe(409);
      expect((await statusHistory(db, id)).filter((h) => h.reason?.startsWith("linked"))).toHaveLength(1);
    });
  });
}

for (const db of databases) suite(db);

describe.skipIf(!databases.find((d) => d.kind === "postgres")!.available)("today's queue across two instances on PostgreSQL", () => {
  it("a change published on one instance reaches a desk on another through NOTIFY", async () => {
    const t = await postgresTestDatabase();
    const other = await t.openAnother();
    const a = createQueueHub({ db: t.database.db, databaseUrl: t.url });
    const b = createQueueHub({ db: other.db, databaseUrl: t.url });
    const got: QueueChange[] = [];
    b.subscribe((c) => got.push(c));
    const change: QueueChange = { appointmentId: "apt-x", clinicId: "cl-1", day: "2026-11-24", version: 2, status: "checked_in" };
    // The LISTEN connection opens asynchronously; publish until the other side hears it.
    await vi.waitFor(
      async () => {
        if (!got.length) await a.publish(change);
        expect(got[0]).toEqual(change);
      },
      { timeout: 5000, interval: 50 },
    );
    await a.close();
    await b.close();
    await t.dispose();
  });
});
