import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, weekdayOf } from "@/lib/schemas/calendar";
import { now } from "@/lib/clock";
import { clinicDay } from "@/lib/slots/clinic-time";
import type { QueueChange } from "@/lib/schemas/queue";
import { pgliteTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { startPlatformHarness, TEST_CLIENT_ID, type PlatformHarness } from "@/lib/testing/platform-harness";
import { createPlatform, type StaffPlatform } from "@/lib/platform/client";
import { cancelInQueue, rescheduleInQueue } from "./appointment-changes";
import { createQueueHub, type QueueHub } from "./queue-hub";
import { readQueueEntry, recordQueueEntry, statusHistory } from "./queue-store";
import { refusal } from "@/lib/testing/refusal";

function futureWednesday(): string {
  let day = addDays(clinicDay(now(), "Asia/Kolkata"), 14);
  while (weekdayOf(day) !== 3) day = addDays(day, 1);
  return day;
}
const DAY = futureWednesday();
/** The most slots a test here takes on DAY (two bookings and a target); the demo patients give theirs up for it. */
const SLOTS_NEEDED = 3;

describe("cancel and reschedule through the platform", () => {
  let t: TestDatabase;
  let h: PlatformHarness;
  let platform: StaffPlatform;
  let hub: QueueHub;
  const heard: QueueChange[] = [];

  beforeAll(async () => {
    t = await pgliteTestDatabase();
    h = await startPlatformHarness(t.database);
    const p = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 3000 }, { database: t.database, idp: h.idp });
    await p.tokens.signIn(h.staff);
    platform = p.forStaff(h.staff);
    hub = createQueueHub({ db: t.database.db });
    hub.subscribe((c) => heard.push(c));
    // Which demo slots are held varies by date: release the day instead of hoping it has enough free.
    expect(await h.releaseDemoSlots("dr-meera-iyer", "cl-andheri-west", DAY)).toBeGreaterThanOrEqual(SLOTS_NEEDED);
  });
  afterAll(async () => {
    await hub?.close();
    await h?.close();
    await t?.dispose();
  });
  beforeEach(async () => {
    await h.resetFaults();
    heard.length = 0;
  });

  async function freeSlots() {
    const cal = await platform.slots.listSlots({ doctorId: "dr-meera-iyer", clinicId: "cl-andheri-west", from: DAY, to: DAY });
    return cal.slots.filter((s) => s.available && s.confId === "conf-mi-consult");
  }
  async function bookIntoQueue(skip = 0) {
    const slot = (await freeSlots())[skip]!;
    const b = await platform.appointments.book({ doctorId: "dr-meera-iyer", clinicId: "cl-andheri-west", patientId: "pt-q", confId: slot.confId, start: slot.start, mode: "in_clinic", partnerAppointmentId: crypto.randomUUID() });
    await recordQueueEntry(t.database.db, { ...b, status: "booked", source: "desk", timeZone: "Asia/Kolkata" });
    return b;
  }
  const stillFree = async (start: string) => (await freeSlots()).some((s) => Date.parse(s.start) === Date.parse(start));

  it("cancel frees the platform slot, records the reason and tells every desk", async () => {
    const b = await bookIntoQueue();
    expect(await stillFree(b.start)).toBe(false);
    const changed = await cancelInQueue(t.database.db, platform.appointments, hub, { appointmentId: b.appointmentId, version: 1, reason: "Patient unwell", staffId: h.staff.id });
    expect(changed.row).toMatchObject({ status: "cancelled", cancelReason: "Patient unwell", version: 2 });
    expect(await stillFree(b.start)).toBe(true);
    expect(heard).toEqual([{ appointmentId: b.appointmentId, clinicId: "cl-andheri-west", day: DAY, version: 2, status: "cancelled" }]);
  });

  it("a platform that does not answer leaves the appointment as it was and says so", async () => {
    const b = await bookIntoQueue();
    await h.setFaults({ errorRate: 1, pathPrefix: "/dr/v1/appointment/" });
    const err = await refusal(cancelInQueue(t.database.db, platform.appointments, hub, { appointmentId: b.appointmentId, version: 1, reason: "x", staffId: h.staff.id }));
    expect(err.status).toBe(502);
    expect(err.detail).toContain("still booked");
    expect((await readQueueEntry(t.database.db, b.appointmentId))!).toMatchObject({ status: "booked", version: 1 });
    expect(await stillFree(b.start)).toBe(false);
    expect(heard).toEqual([]);
    await h.resetFaults();
    // Retrying once the platform is back works.
    await cancelInQueue(t.database.db, platform.appointments, hub, { appointmentId: b.appointmentId, version: 1, reason: "x", staffId: h.staff.id });
    expect(await stillFree(b.start)).toBe(true);
  });

  it("refuses before calling the platform when the desk would refuse (stale version, closed status)", async () => {
    const b = await bookIntoQueue();
    const err = await refusal(cancelInQueue(t.database.db, platform.appointments, hub, { appointmentId: b.appointmentId, version: 7, reason: "x", staffId: h.staff.id }));
    expect(err.status).toBe(409);
    expect(await stillFree(b.start)).toBe(false);
  });

  it("reschedule moves the booking atomically; a taken target is refused with 409 and nothing moves", async () => {
    const mine = await bookIntoQueue();
    const theirs = await bookIntoQueue();
    const taken = await refusal(rescheduleInQueue(t.database.db, platform.appointments, hub, { appointmentId: mine.appointmentId, version: 1, confId: theirs.confId, start: theirs.start, staffId: h.staff.id }));
    expect(taken.status).toBe(409);
    expect((await readQueueEntry(t.database.db, mine.appointmentId))!.start).toBe(new Date(mine.start).toISOString());

    const target = (await freeSlots())[0]!;
    const moved = await rescheduleInQueue(t.database.db, platform.appointments, hub, { appointmentId: mine.appointmentId, version: 1, confId: target.confId, start: target.start, staffId: h.staff.id });
    expect(moved.row.startAt.getTime()).toBe(Date.parse(target.start));
    expect(moved.row).toMatchObject({ status: "booked", version: 2 });
    expect(await stillFree(mine.start)).toBe(true);
    expect(await stillFree(target.start)).toBe(false);
    expect((await statusHistory(t.database.db, mine.appointmentId)).at(-1)!.reason).toContain("rescheduled");
  });
});
