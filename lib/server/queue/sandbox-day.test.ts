import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pgliteTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { startPlatformHarness, TEST_CLIENT_ID, type PlatformHarness } from "@/lib/testing/platform-harness";
import { clinicDay } from "@/lib/slots/clinic-time";
import { clockFrom, now, setClock } from "@/lib/clock";
import { seedSandboxDay as seedFromStart } from "./sandbox-day";
import { addDays, weekdayOf } from "@/lib/schemas/calendar";
import { demoClinicsOpenOn } from "@/lib/platform/fake/practice-data";
import { createPlatform, type StaffPlatform } from "@/lib/platform/client";
import { readClinicDirectory, saveDirectoryEntry } from "../slots/clinic-directory";
import { directoryEntries } from "../db/schema";
import { addStaff } from "../auth/staff-repo";
import { readQueueDay, recordQueueEntry } from "./queue-store";
import { defaultQueueClinic } from "./default-clinic";
import { patientByUhid } from "../patients/patient-index";
import { cheapPasswordHash } from "@/lib/testing/cheap-password-hash";

const ZONE = "Asia/Kolkata";

/** The next day a demo clinic is open (tomorrow, or the day after when tomorrow is a closed day), and that clinic. */
function nextClinicDay(): { day: string; clinicId: string } {
  let day = addDays(clinicDay(now(), ZONE), 1);
  while (demoClinicsOpenOn(weekdayOf(day)).length === 0) day = addDays(day, 1);
  return { day, clinicId: demoClinicsOpenOn(weekdayOf(day))[0]! };
}

/** The demo practice the app pre-fills in sandbox mode, as a signed-in doctor's platform (the emulator, with its demo calls) and the desk's directory. */
async function demoDesk(t: TestDatabase, h: PlatformHarness) {
  const p = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 5000, emulator: true }, { database: t.database, idp: h.idp });
  await p.tokens.signIn(h.staff);
  const platform = p.forStaff(h.staff);
  const practice = (await (await h.fetch(`${h.sandboxUrl}/__sandbox/practice`)).json()) as { doctors: { id: string; name: string; clinicIds: string[] }[]; clinics: { id: string; name: string; timeZone: string }[] };
  for (const d of practice.doctors) await saveDirectoryEntry(t.database.db, { kind: "doctor", platformId: d.id, displayName: d.name, timeZone: null });
  for (const c of practice.clinics) await saveDirectoryEntry(t.database.db, { kind: "clinic", platformId: c.id, displayName: c.name, timeZone: c.timeZone });
  return { platform, practice };
}

/** Frees the demo-held slots of every doctor at the clinic that day: how many stay held varies by date, and the seed needs several. */
async function releaseClinicDay(h: PlatformHarness, practice: { doctors: { id: string; clinicIds: string[] }[] }, clinicId: string, day: string) {
  for (const d of practice.doctors.filter((doc) => doc.clinicIds.includes(clinicId))) await h.releaseDemoSlots(d.id, clinicId, day);
}

/**
 * A morning a few days ahead of the real clock whose next day is a weekday (Tuesday to Friday): the
 * demo clinics work whole days then. On the real clock "tomorrow" is sometimes a Sunday morning with a
 * few free slots, which these tests, sharing one platform, would use up (seen at 00:03 IST on a Saturday).
 */
function weekdayMorning(): string {
  let next = addDays(clinicDay(Date.now(), ZONE), 2);
  while (weekdayOf(next) < 2 || weekdayOf(next) > 5) next = addDays(next, 1);
  return `${addDays(next, -1)}T10:00:00+05:30`;
}

describe("the sandbox day, seeded from the page and the queue route at once", () => {
  let t: TestDatabase;
  let h: PlatformHarness;
  let platform: StaffPlatform;

  const morning = weekdayMorning();
  beforeAll(async () => {
    setClock(clockFrom(morning));
    t = await pgliteTestDatabase();
    h = await startPlatformHarness(t.database);
    const demo = await demoDesk(t, h);
    platform = demo.platform;
    const practice = demo.practice;
    const { day, clinicId } = nextClinicDay();
    await releaseClinicDay(h, practice, clinicId, day);
  });
  afterAll(async () => {
    await h?.close();
    await t?.dispose();
    setClock(null);
    (await import("@/lib/clock")).setClock(null);
  });

  it("books nothing when the platform is a real one: the demo day needs the sandbox's demo capability", async () => {
    // The same platform and tokens, configured as a real platform (no `emulator`): no platform.demo.
    const real = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 5000 }, { database: t.database, idp: h.idp }).forStaff(h.staff);
    expect(real.demo).toBeUndefined();
    const { seedSandboxDay } = await import("./sandbox-day");
    const fresh = await pgliteTestDatabase();
    try {
      for (const row of await t.database.db.select().from(directoryEntries)) await saveDirectoryEntry(fresh.database.db, { kind: row.kind, platformId: row.platformId, displayName: row.displayName, timeZone: row.timeZone });
      const { day, clinicId } = nextClinicDay();
      const booked = async () => ((await (await h.fetch(`${h.sandboxUrl}/__sandbox/appointments`)).json()) as { appointments: unknown[] }).appointments.length;
      const bookedBefore = await booked();
      await seedSandboxDay(fresh.database.db, real, h.staff, { clinicId, day, timeZone: ZONE });
      expect(await readQueueDay(fresh.database.db, { clinicId, day })).toEqual([]);
      expect(await booked()).toBe(bookedBefore);
    } finally {
      await fresh.dispose();
    }
  });

  it("seeds once even when two separately bundled copies of the module ask together, and both see the seeded day", async () => {
    // Next bundles the page and the route apart: two copies of the module, as here.
    const pageCopy = await import("./sandbox-day");
    vi.resetModules();
    // The fresh copies read a fresh copy of the clock: the same morning for them.
    (await import("@/lib/clock")).setClock(clockFrom(morning));
    const routeCopy = await import("./sandbox-day");
    expect(routeCopy).not.toBe(pageCopy);
    // The next day: all of its slots are still ahead at any hour the test runs (late at night today has none left).
    const { day, clinicId } = nextClinicDay();
    const q = { clinicId, day, timeZone: ZONE };
    const list = () => readQueueDay(t.database.db, { clinicId, day });
    // The page starts the seed while it renders; the browser's first list request comes meanwhile.
    const pageSeed = pageCopy.seedSandboxDay(t.database.db, platform, h.staff, q);
    await routeCopy.seedSandboxDay(t.database.db, platform, h.staff, q);
    const firstList = await list();
    await pageSeed;
    const seeded = await list();
    expect(seeded.length).toBeGreaterThan(0);
    // The route answered only once the whole day was there.
    expect(firstList.map((e) => e.appointmentId).sort()).toEqual(seeded.map((e) => e.appointmentId).sort());
    const fromSeed = seeded.filter((e) => e.source === "sandbox_seed");
    expect(new Set(fromSeed.map((e) => `${e.doctorId}|${e.start}`)).size).toBe(fromSeed.length);
    // A later visit seeds nothing more.
    await (await import("./sandbox-day")).seedSandboxDay(t.database.db, platform, h.staff, q);
    expect((await list()).length).toBe(seeded.length);
  });

  it("seeds the next day too, all booked and nobody arrived yet, and leaves the day after alone", async () => {
    const { seedSandboxDay } = await import("./sandbox-day");
    const { day: tomorrow, clinicId } = nextClinicDay();
    await seedSandboxDay(t.database.db, platform, h.staff, { clinicId, day: tomorrow, timeZone: ZONE });
    const seeded = await readQueueDay(t.database.db, { clinicId, day: tomorrow });
    expect(seeded.filter((e) => e.source === "sandbox_seed").length).toBeGreaterThanOrEqual(3);
    expect(seeded.filter((e) => e.source === "platform")).toHaveLength(1);
    expect(seeded.map((e) => e.status)).toEqual(seeded.map(() => "booked"));
    const later = addDays(tomorrow, 1);
    await seedSandboxDay(t.database.db, platform, h.staff, { clinicId, day: later, timeZone: ZONE });
    expect(await readQueueDay(t.database.db, { clinicId, day: later })).toEqual([]);
  });

  it("seeds a desk database started afresh beside a platform that kept the demo patients, under their next free UHIDs", async () => {
    const { demoPatients, seedSandboxDay } = await import("./sandbox-day");
    // The first desk's demo patients are on the platform (DEMO-001 …).
    const first = await demoPatients(t.database.db, platform);
    const fresh = await pgliteTestDatabase();
    try {
      const added = await addStaff(fresh.database.db, { email: h.staff.email, name: h.staff.name, role: "doctor", password: "a long test password" }, cheapPasswordHash);
      const staff = { ...h.staff, id: added.id! };
      const p = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 5000, emulator: true }, { database: fresh.database, idp: h.idp });
      await p.tokens.signIn(staff);
      const freshPlatform = p.forStaff(staff);
      for (const row of await t.database.db.select().from(directoryEntries)) await saveDirectoryEntry(fresh.database.db, { kind: row.kind, platformId: row.platformId, displayName: row.displayName, timeZone: row.timeZone });
      const { day, clinicId } = nextClinicDay();
      await seedSandboxDay(fresh.database.db, freshPlatform, staff, { clinicId, day, timeZone: ZONE });
      const seeded = await readQueueDay(fresh.database.db, { clinicId, day });
      expect(seeded.filter((e) => e.source === "sandbox_seed").length).toBeGreaterThanOrEqual(3);
      // New profiles under the next free UHIDs, found again on the next visit rather than made twice.
      expect(await patientByUhid(fresh.database.db, "DEMO-001")).toBeNull();
      const again = await demoPatients(fresh.database.db, freshPlatform);
      expect((await patientByUhid(fresh.database.db, "DEMO-001-2"))?.id).toBe(again[0]);
      expect(again.filter((id) => first.includes(id))).toEqual([]);
      expect(new Set(seeded.filter((e) => e.source === "sandbox_seed").map((e) => e.patientId)).size).toBeGreaterThan(1);
      for (const e of seeded.filter((x) => x.source === "sandbox_seed")) expect(again).toContain(e.patientId);
    } finally {
      await fresh.dispose();
    }
  });
  it("seeds a day the desk booked into first, around that booking (late in the evening tomorrow is the first day with free slots)", async () => {
    const { seedSandboxDay } = await import("./sandbox-day");
    const fresh = await pgliteTestDatabase();
    try {
      for (const row of await t.database.db.select().from(directoryEntries)) await saveDirectoryEntry(fresh.database.db, { kind: row.kind, platformId: row.platformId, displayName: row.displayName, timeZone: row.timeZone });
      const { day, clinicId } = nextClinicDay();
      await recordQueueEntry(fresh.database.db, {
        appointmentId: `appt-desk-first-${crypto.randomUUID()}`,
        clinicId,
        doctorId: "dr-meera-iyer",
        start: `${day}T03:30:00.000Z`,
        timeZone: ZONE,
        patientId: "pt-booked-by-the-desk",
        confId: "conf-mi-consult",
        mode: "in_clinic",
        source: "desk",
      });
      await seedSandboxDay(fresh.database.db, platform, h.staff, { clinicId, day, timeZone: ZONE });
      const seeded = await readQueueDay(fresh.database.db, { clinicId, day });
      expect(seeded.filter((e) => e.source === "desk")).toHaveLength(1);
      // Earlier tests took most of this day's free slots on the shared platform: some seeded around it is the point.
      expect(seeded.filter((e) => e.source === "sandbox_seed").length).toBeGreaterThan(0);
    } finally {
      await fresh.dispose();
    }
  });
});

describe("the next day's online booking", () => {
  it("has a free slot of its own even on a short day whose slots the desk's demo patients would fill (Sunday morning at the first clinic open, seen at 00:03 IST)", async () => {
    // A Saturday a few days ahead of the real clock (the platform's tokens are not dated before it), just after midnight.
    let saturday = addDays(clinicDay(Date.now(), ZONE), 2);
    while (weekdayOf(saturday) !== 6) saturday = addDays(saturday, 1);
    setClock(clockFrom(`${saturday}T00:03:00+05:30`));
    const t = await pgliteTestDatabase();
    const h = await startPlatformHarness(t.database);
    try {
      const { platform } = await demoDesk(t, h);
      const day = addDays(saturday, 1);
      const clinicId = demoClinicsOpenOn(weekdayOf(day))[0]!;
      // As the e2e journey finds it: the demo-held slots stay held.
      await seedFromStart(t.database.db, platform, h.staff, { clinicId, day, timeZone: ZONE });
      const seeded = await readQueueDay(t.database.db, { clinicId, day });
      expect(seeded.filter((e) => e.source === "platform")).toHaveLength(1);
      expect(seeded.filter((e) => e.source === "sandbox_seed").length).toBeGreaterThan(0);
    } finally {
      await h.close();
      await t.dispose();
      setClock(null);
    }
  }, 60_000);
});

describe("the sandbox day follows the clock: nobody has arrived before their slot is near", () => {
  // Each test starts its own platform and books a whole day (its earlier patients seen or not) on a shared 2-core machine.
  const WHOLE_DAY_MS = 90_000;
  // A weekday ahead of the process's clock (the platform's tokens are not dated before it): the demo
  // clinics work mornings and afternoons then (at the weekend some close early or stay shut).
  let DAY = addDays(clinicDay(now(), ZONE), 2);
  while (weekdayOf(DAY) >= 6 || demoClinicsOpenOn(weekdayOf(DAY)).length === 0) DAY = addDays(DAY, 1);

  async function seedAt(at: string, clinics: "first" | "all" = "first") {
    // The modules imported at the top (the first suite reset the registry): one clock for the desk and the sandbox.
    setClock(clockFrom(at));
    const t = await pgliteTestDatabase();
    const h = await startPlatformHarness(t.database);
    try {
      // As in sandbox mode: the platform is the emulator, whose demo calls book the day's earlier patients.
      const { platform, practice } = await demoDesk(t, h);
      const open = demoClinicsOpenOn(weekdayOf(DAY));
      const clinicId = open[0]!;
      if (clinics === "all") {
        // How many slots the demo holds varies by date: freed, every date gives the seed the same day to fill.
        for (const c of open) await releaseClinicDay(h, practice, c, DAY);
        for (const c of open) await seedFromStart(t.database.db, platform, h.staff, { clinicId: c, day: DAY, timeZone: ZONE });
        const counts = new Map<string, number>();
        for (const c of open) counts.set(c, (await readQueueDay(t.database.db, { clinicId: c, day: DAY })).length);
        const directory = await readClinicDirectory(t.database.db);
        const landing = await defaultQueueClinic(t.database.db, directory, { day: DAY }, async () => true);
        return { seeded: await readQueueDay(t.database.db, { clinicId, day: DAY }), counts, landing };
      }
      await releaseClinicDay(h, practice, clinicId, DAY);
      await seedFromStart(t.database.db, platform, h.staff, { clinicId, day: DAY, timeZone: ZONE });
      return { seeded: await readQueueDay(t.database.db, { clinicId, day: DAY }), counts: new Map<string, number>(), landing: null };
    } finally {
      await h.close();
      await t.dispose();
      setClock(null);
    }
  }

  it("at 02:00 IST the day's patients are all booked, none checked in", async () => {
    const { seeded } = await seedAt(`${DAY}T02:00:00+05:30`);
    expect(seeded.filter((e) => e.source === "sandbox_seed").length).toBeGreaterThanOrEqual(3);
    expect(seeded.filter((e) => e.status !== "booked").map((e) => `${e.start} ${e.status}`)).toEqual([]);
  }, WHOLE_DAY_MS);

  it("at 14:47 IST only patients whose slot starts within half an hour are waiting, never a 17:00 one", async () => {
    const at = Date.parse(`${DAY}T14:47:00+05:30`);
    const { seeded } = await seedAt(`${DAY}T14:47:00+05:30`);
    expect(seeded.filter((e) => e.source === "sandbox_seed").length).toBeGreaterThan(0);
    const waiting = seeded.filter((e) => e.status === "checked_in");
    for (const e of waiting) {
      expect(Date.parse(e.start)).toBeLessThanOrEqual(at + 30 * 60_000);
      expect(Date.parse(e.arrivedAt!)).toBeLessThan(Date.parse(e.start));
    }
    // Slots still ahead are booked or (close ones) waiting; the morning's are over: seen, with the doctor, or no-shows.
    expect(seeded.filter((e) => Date.parse(e.start) > at && e.status !== "booked" && e.status !== "checked_in")).toEqual([]);
    const morning = seeded.filter((e) => e.source === "sandbox_seed" && Date.parse(e.start) <= at);
    expect(morning.length).toBeGreaterThan(0);
    for (const e of morning) expect(["done", "no_show", "in_consultation"]).toContain(e.status);
  }, WHOLE_DAY_MS);

  it("at 21:56 IST the day is all there: its patients seen or marked no-show, and the landing is the clinic with the most of them (issue 29 items 2 and 11)", async () => {
    const at = Date.parse(`${DAY}T21:56:00+05:30`);
    const { seeded, counts, landing } = await seedAt(`${DAY}T21:56:00+05:30`, "all");
    const fromSeed = seeded.filter((e) => e.source === "sandbox_seed");
    expect(fromSeed.length).toBeGreaterThanOrEqual(3);
    for (const e of fromSeed) {
      expect(Date.parse(e.start)).toBeLessThan(at);
      expect(["done", "no_show"]).toContain(e.status);
    }
    expect(fromSeed.some((e) => e.status === "done")).toBe(true);
    expect(fromSeed.some((e) => e.status === "no_show")).toBe(true);
    const most = Math.max(...counts.values());
    expect(most).toBeGreaterThan(0);
    expect(counts.get(landing!)).toBe(most);
  }, WHOLE_DAY_MS);
});
