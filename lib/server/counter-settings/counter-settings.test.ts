import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { setClock } from "@/lib/clock";
import { callOrder } from "@/lib/queue/call-order";
import { DEFAULT_PRIORITY_MARKS, markName } from "@/lib/queue/priority-marks";
import { ClinicRoomsQuery, DoctorRoomInput, PriorityMarksInput } from "@/lib/schemas/counter-settings";
import { bothDatabases, type TestDatabase } from "@/lib/testing/databases";
import type { Db } from "../db/connect";
import { directoryEntries, displays, doctorRooms, priorityMarks, staff } from "../db/schema";
import { displayFeed } from "../displays/displays";
import { rememberDirectory, rememberPatient } from "../patients/patient-index";
import { addWalkIn, type CounterConfig } from "../queue/opd-counter";
import { createQueueHub, type QueueHub } from "../queue/queue-hub";
import { readVisitSlip } from "../queue/visit-slip";
import { clinicRooms, roomsOnDay, setDoctorRoom } from "./doctor-rooms";
import { clinicPriorityMarks, savePriorityMarks } from "./priority-marks";

/** 27/11/2026 in India, 10:30. */
const MORNING = Date.parse("2026-11-27T10:30:00+05:30");
const CLINIC = "cl-rooms";
const SECRET = "a-test-secret-of-enough-length-for-hmac-0123456789";
const CONFIG: CounterConfig = { tokenFormat: "A-{n:3}", priorityMarks: DEFAULT_PRIORITY_MARKS, skipReturnAfter: 2 };

const refusal = (p: Promise<unknown>) => p.then(() => { throw new Error("expected a refusal"); }, (e: { status: number; extra?: { errors?: Record<string, string> } }) => e);

describe("what Settings → Rooms and Settings → Priority marks accept", () => {
  it("a room is short plain text; empty clears it; a day is YYYY-MM-DD", () => {
    expect(DoctorRoomInput.parse({ clinicId: CLINIC, doctorId: "dr-a", room: "  Room 2 " }).room).toBe("Room 2");
    expect(DoctorRoomInput.parse({ clinicId: CLINIC, doctorId: "dr-a", room: "   " }).room).toBeNull();
    expect(DoctorRoomInput.parse({ clinicId: CLINIC, doctorId: "dr-a", room: "कक्ष ४" }).room).toBe("कक्ष ४");
    for (const room of ["R\u0000", "\ud800", "<b>2</b>", "x".repeat(31)]) expect(DoctorRoomInput.safeParse({ clinicId: CLINIC, doctorId: "dr-a", room }).success).toBe(false);
    expect(DoctorRoomInput.safeParse({ clinicId: CLINIC, doctorId: "dr-a", room: "2", day: "27/11/2026" }).success).toBe(false);
    expect(DoctorRoomInput.safeParse({ clinicId: CLINIC, doctorId: "dr-a", room: "2", extra: 1 }).success).toBe(false);
  });
  it("a day (to set or to show) is a real calendar day, YYYY-MM-DD", () => {
    expect(ClinicRoomsQuery.parse({ clinicId: CLINIC, day: "2026-11-30" }).day).toBe("2026-11-30");
    expect(ClinicRoomsQuery.parse({ clinicId: CLINIC }).day).toBeUndefined();
    for (const day of ["2026-02-30", "2026-13-01", "30/11/2026", "2026-11-3\u0000", "\ud800", ""]) {
      expect(ClinicRoomsQuery.safeParse({ clinicId: CLINIC, day }).success, day).toBe(false);
      expect(DoctorRoomInput.safeParse({ clinicId: CLINIC, doctorId: "dr-a", room: "2", day }).success, day).toBe(false);
    }
  });
  it("the mark list: keys once, a clinic's own mark named in English, at least one", () => {
    const ok = { key: "child", label: "Child under 5", labelHi: "5 साल से छोटा बच्चा", retired: false };
    expect(PriorityMarksInput.safeParse({ marks: [ok] }).success).toBe(true);
    expect(PriorityMarksInput.safeParse({ marks: [{ key: "emergency", label: null, labelHi: null, retired: false }] }).success).toBe(true);
    const bad = (marks: unknown[]) => PriorityMarksInput.safeParse({ marks }).error?.issues.map((i) => [i.path.join("."), i.message]);
    expect(bad([{ ...ok, label: null }])).toEqual([["marks.0.label", "Name the mark in English."]]);
    expect(bad([ok, ok])).toEqual([["marks.1.key", "Each mark is listed once."]]);
    expect(bad([{ ...ok, key: "Child!" }])?.[0]?.[0]).toBe("marks.0.key");
    expect(bad([{ ...ok, labelHi: "\ud800" }])?.[0]?.[0]).toBe("marks.0.labelHi");
    expect(bad([])?.[0]?.[0]).toBe("marks");
  });
  it("a mark reads in the page's language: the clinic's name, else the built-in, else the English label, else its key", () => {
    const marks = [
      { key: "emergency", label: "Emergency (red)", labelHi: null },
      { key: "child", label: "Child", labelHi: "बच्चा", retired: true },
    ];
    const builtIn = (k: string) => (k === "emergency" ? "आपातकाल" : null);
    expect(markName("emergency", marks, "en", builtIn)).toBe("Emergency (red)");
    expect(markName("emergency", marks, "hi", builtIn)).toBe("आपातकाल");
    expect(markName("child", marks, "hi", builtIn)).toBe("बच्चा");
    expect(markName("gone", marks, "hi", builtIn)).toBe("gone");
  });
});

const databases = await bothDatabases();

for (const d of databases) {
  describe.skipIf(!d.available)(`rooms and priority marks on ${d.name}`, () => {
    let t: TestDatabase;
    let db: Db;
    let hub: QueueHub;
    let admin: string;

    beforeAll(async () => {
      t = await d.open();
      db = t.database.db;
      hub = createQueueHub({ db });
      const [row] = await db.insert(staff).values({ email: `rooms-${d.kind}@clinic.test`, name: "Anil Admin", role: "admin", passwordHash: "x" }).returning({ id: staff.id });
      admin = row!.id;
      await db.insert(directoryEntries).values([
        { kind: "clinic", platformId: CLINIC, displayName: "Rooms Clinic", timeZone: "Asia/Kolkata" },
        { kind: "doctor", platformId: "dr-meera", displayName: "Dr. Meera Iyer" },
        { kind: "doctor", platformId: "dr-arjun", displayName: "Dr. Arjun Rao" },
      ]);
    }, 120_000);
    beforeEach(() => setClock(() => MORNING));
    afterEach(() => setClock(null));
    afterAll(async () => {
      await hub?.close();
      await t?.dispose();
    });

    it("a doctor's usual room, today's room over it, and clearing today's brings the usual one back", async () => {
      await setDoctorRoom(db, { clinicId: CLINIC, doctorId: "dr-meera", room: "Room 2" }, admin, MORNING);
      expect((await roomsOnDay(db, CLINIC, "2026-11-27")).get("dr-meera")).toBe("Room 2");
      expect(await setDoctorRoom(db, { clinicId: CLINIC, doctorId: "dr-meera", day: "2026-11-27", room: "Room 7" }, admin, MORNING)).toEqual({ before: null, after: "Room 7" });
      expect((await roomsOnDay(db, CLINIC, "2026-11-27")).get("dr-meera")).toBe("Room 7");
      expect((await roomsOnDay(db, CLINIC, "2026-11-28")).get("dr-meera")).toBe("Room 2");
      const page = await clinicRooms(db, CLINIC, MORNING);
      expect(page.day).toBe("2026-11-27");
      expect(page.doctors).toEqual([
        { doctorId: "dr-arjun", doctorName: "Dr. Arjun Rao", usualRoom: null, todayRoom: null, room: null },
        { doctorId: "dr-meera", doctorName: "Dr. Meera Iyer", usualRoom: "Room 2", todayRoom: "Room 7", room: "Room 7" },
      ]);
      await setDoctorRoom(db, { clinicId: CLINIC, doctorId: "dr-meera", day: "2026-11-27", room: null }, admin, MORNING);
      expect((await roomsOnDay(db, CLINIC, "2026-11-27")).get("dr-meera")).toBe("Room 2");
      // Another clinic's rooms are its own.
      expect((await roomsOnDay(db, "cl-elsewhere", "2026-11-27")).size).toBe(0);
    });

    it("refuses a clinic or doctor the directory does not have, and a day gone by, field by field", async () => {
      const unknown = await refusal(setDoctorRoom(db, { clinicId: "cl-nowhere", doctorId: "dr-nobody", room: "1" }, admin, MORNING));
      expect(unknown.status).toBe(422);
      expect(unknown.extra?.errors).toEqual({ clinicId: "This clinic is not in Settings → Clinics.", doctorId: "This doctor is not in Settings → Clinics." });
      const past = await refusal(setDoctorRoom(db, { clinicId: CLINIC, doctorId: "dr-meera", day: "2026-11-26", room: "1" }, admin, MORNING));
      expect(Object.keys(past.extra?.errors ?? {})).toEqual(["day"]);
      expect(await db.select().from(doctorRooms).where(eq(doctorRooms.day, "2026-11-26"))).toEqual([]);
    });

    it("a later day's room: shown for that day only; the page refuses to show (or set) a past day, on `day`", async () => {
      await setDoctorRoom(db, { clinicId: CLINIC, doctorId: "dr-arjun", room: "Room 4" }, admin, MORNING);
      await setDoctorRoom(db, { clinicId: CLINIC, doctorId: "dr-arjun", day: "2026-12-01", room: "Room 8" }, admin, MORNING);
      const later = await clinicRooms(db, CLINIC, MORNING, "2026-12-01");
      expect(later).toMatchObject({ day: "2026-12-01", today: "2026-11-27" });
      expect(later.doctors.find((x) => x.doctorId === "dr-arjun")).toEqual({ doctorId: "dr-arjun", doctorName: "Dr. Arjun Rao", usualRoom: "Room 4", todayRoom: "Room 8", room: "Room 8" });
      // Today (and the day after) still the usual room.
      const today = await clinicRooms(db, CLINIC, MORNING);
      expect(today).toMatchObject({ day: "2026-11-27", today: "2026-11-27" });
      expect(today.doctors.find((x) => x.doctorId === "dr-arjun")).toMatchObject({ todayRoom: null, room: "Room 4" });
      expect((await roomsOnDay(db, CLINIC, "2026-11-28")).get("dr-arjun")).toBe("Room 4");
      expect((await roomsOnDay(db, CLINIC, "2026-12-01")).get("dr-arjun")).toBe("Room 8");
      // Today is allowed; yesterday is not, whether shown or set. Just before midnight in India it is still the 27th.
      expect((await clinicRooms(db, CLINIC, MORNING, "2026-11-27")).day).toBe("2026-11-27");
      const past = await refusal(clinicRooms(db, CLINIC, MORNING, "2026-11-26"));
      expect(past.status).toBe(422);
      expect(past.extra?.errors).toEqual({ day: "A day's room can be set for today or a later day, not a past one." });
      const lateEvening = Date.parse("2026-11-27T23:59:00+05:30");
      expect((await clinicRooms(db, CLINIC, lateEvening, "2026-11-27")).today).toBe("2026-11-27");
      expect((await refusal(clinicRooms(db, CLINIC, Date.parse("2026-11-28T00:01:00+05:30"), "2026-11-27"))).status).toBe(422);
      await setDoctorRoom(db, { clinicId: CLINIC, doctorId: "dr-arjun", day: "2026-12-01", room: null }, admin, MORNING);
      await setDoctorRoom(db, { clinicId: CLINIC, doctorId: "dr-arjun", room: null }, admin, MORNING);
    });

    it("the slip, the display and the counter say the same room; the slip names the patient with the salutation the desk knows", async () => {
      await setDoctorRoom(db, { clinicId: CLINIC, doctorId: "dr-arjun", room: "Room 4" }, admin, MORNING);
      // Registered without a salutation on the index; the directory keeps the designation the clinic sent.
      await rememberPatient(db, { id: `pt-lata-${d.kind}`, salutation: null, firstName: "lata", middleName: null, lastName: "newuser", gender: "F", dob: "1970-01-01", mobile: null, uhid: "OPD-2026-000042" });
      await rememberDirectory(db, `pt-lata-${d.kind}`, { designation: "Mrs." });
      const { entry } = await addWalkIn(db, hub, { key: randomUUID(), clinicId: CLINIC, doctorId: "dr-arjun", patientId: `pt-lata-${d.kind}`, priority: null, staffId: admin }, CONFIG, MORNING);
      const slip = await readVisitSlip(db, entry.appointmentId, { secret: SECRET, appUrl: "http://desk.test" });
      expect(slip).toMatchObject({ room: "Room 4", patientName: "Mrs. Lata Newuser", uhid: "OPD-2026-000042", tokenLabel: entry.tokenLabel });
      const feed = await displayFeed(db, { name: "Hall", clinicId: CLINIC, doctors: [{ doctorId: "dr-arjun" }] }, CONFIG, MORNING);
      expect(feed.doctors[0]).toMatchObject({ doctorName: "Dr. Arjun Rao", room: "Room 4" });
      expect(JSON.stringify(feed)).not.toContain("Newuser");
      // Today's room changes all three at once.
      await setDoctorRoom(db, { clinicId: CLINIC, doctorId: "dr-arjun", day: "2026-11-27", room: "Room 9" }, admin, MORNING);
      expect((await readVisitSlip(db, entry.appointmentId, { secret: SECRET, appUrl: "http://desk.test" }))?.room).toBe("Room 9");
      expect((await displayFeed(db, { name: "Hall", clinicId: CLINIC, doctors: [] }, CONFIG, MORNING)).doctors.find((x) => x.doctorName === "Dr. Arjun Rao")?.room).toBe("Room 9");
      expect((await roomsOnDay(db, CLINIC, "2026-11-27")).get("dr-arjun")).toBe("Room 9");
    });

    it("the migration makes a display's rooms the doctors' usual rooms (the newest display wins) and leaves the displays without rooms", async () => {
      const statements = readFileSync(path.join(process.cwd(), "lib/server/db/migrations/0025_rooms_and_priority_marks.sql"), "utf8").split("--> statement-breakpoint");
      const moveRooms = statements.filter((s) => /INSERT INTO "doctor_rooms"|UPDATE "displays"/.test(s));
      expect(moveRooms).toHaveLength(2);
      const clinic = "cl-migrated";
      const at = (m: number) => new Date(MORNING + m * 60_000);
      await db.insert(displays).values([
        { id: randomUUID(), name: "Old hall", clinicId: clinic, doctors: [{ doctorId: "dr-a", room: "Room 1" }, { doctorId: "dr-b", room: " " }] as never, createdAt: at(0) },
        { id: randomUUID(), name: "New hall", clinicId: clinic, doctors: [{ doctorId: "dr-a", room: "Room 3" }, { doctorId: "dr-c", room: "OPD 5" }] as never, createdAt: at(5) },
        { id: randomUUID(), name: "Revoked", clinicId: clinic, doctors: [{ doctorId: "dr-a", room: "Room 9" }] as never, createdAt: at(9), revokedAt: at(10) },
      ]);
      for (const s of moveRooms) await db.execute(sql.raw(s));
      expect(Object.fromEntries(await roomsOnDay(db, clinic, "2026-11-27"))).toEqual({ "dr-a": "Room 3", "dr-c": "OPD 5" });
      const left = await db.select({ doctors: displays.doctors }).from(displays).where(eq(displays.clinicId, clinic));
      expect(left.flatMap((r) => r.doctors).every((x) => !("room" in x))).toBe(true);
    });

    it("priority marks: seeded once from the configuration, then renamed, reordered and retired in Settings; a retired mark is named, not offered or ranked", async () => {
      await db.delete(priorityMarks);
      const seed = [...DEFAULT_PRIORITY_MARKS, { key: "child", label: "Child under 5" }];
      expect((await clinicPriorityMarks(db, seed)).map((m) => m.key)).toEqual(["emergency", "senior_citizen", "pregnant", "child"]);
      // The configuration only seeds: a changed env value does not change the stored list.
      expect((await clinicPriorityMarks(db, DEFAULT_PRIORITY_MARKS)).map((m) => m.key)).toEqual(["emergency", "senior_citizen", "pregnant", "child"]);

      const { after } = await savePriorityMarks(
        db,
        PriorityMarksInput.parse({
          marks: [
            { key: "pregnant", label: null, labelHi: null, retired: false },
            { key: "emergency", label: "Emergency", labelHi: "आपात स्थिति", retired: false },
            { key: "senior_citizen", label: null, labelHi: null, retired: false },
            { key: "child", label: "Child under 5", labelHi: "5 साल से छोटा बच्चा", retired: true },
          ],
        }),
        seed,
        admin,
        MORNING,
      );
      expect(after).toEqual([
        { key: "pregnant", label: null, labelHi: null, retired: false },
        { key: "emergency", label: "Emergency", labelHi: "आपात स्थिति", retired: false },
        { key: "senior_citizen", label: null, labelHi: null, retired: false },
        { key: "child", label: "Child under 5", labelHi: "5 साल से छोटा बच्चा", retired: true },
      ]);
      // The ordering rule follows the list; a retired mark ranks as none.
      const waiting = [
        { tokenNumber: 1, priority: "child", skippedAtCall: null },
        { tokenNumber: 2, priority: "emergency", skippedAtCall: null },
        { tokenNumber: 3, priority: "pregnant", skippedAtCall: null },
        { tokenNumber: 4, priority: null, skippedAtCall: null },
      ];
      expect(callOrder(waiting, { calls: 0, skipReturnAfter: 2, marks: after }).map((w) => w.tokenNumber)).toEqual([3, 2, 1, 4]);
      // A retired mark is not offered for a new walk-in.
      await rememberPatient(db, { id: `pt-child-${d.kind}`, salutation: null, firstName: "Kiran", middleName: null, lastName: "Das", gender: "M", dob: "2024-01-01", mobile: null, uhid: null });
      const retired = await refusal(addWalkIn(db, hub, { key: randomUUID(), clinicId: CLINIC, doctorId: "dr-meera", patientId: `pt-child-${d.kind}`, priority: "child", staffId: admin }, { ...CONFIG, priorityMarks: after }, MORNING));
      expect(retired.status).toBe(422);
      expect(Object.keys(retired.extra?.errors ?? {})).toEqual(["priority"]);

      // A mark on visits is never removed: leaving it out is refused, nothing changes.
      const removed = await refusal(savePriorityMarks(db, PriorityMarksInput.parse({ marks: [{ key: "pregnant", label: null, labelHi: null, retired: false }] }), seed, admin, MORNING));
      expect(removed.status).toBe(422);
      expect(removed.extra?.errors?.marks).toMatch(/retire it rather than remove it/);
      expect(await clinicPriorityMarks(db, seed)).toEqual(after);

      // Brought back from retirement, it ranks again where the list puts it.
      const back = await savePriorityMarks(db, PriorityMarksInput.parse({ marks: after.map((m) => ({ key: m.key, label: m.label, labelHi: m.labelHi ?? null, retired: false })) }), seed, admin, MORNING);
      expect(back.after.map((m) => [m.key, m.retired])).toEqual([["pregnant", false], ["emergency", false], ["senior_citizen", false], ["child", false]]);
    });
  });
}
