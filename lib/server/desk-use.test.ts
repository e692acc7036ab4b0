import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { recordAudit } from "./audit";
import { addStaff } from "./auth/staff-repo";
import { groupPatientAudit, type PatientAuditEntry } from "./patients/patient-audit";
import { recentAssistantSessions } from "./slots/assistant-recent";
import { doctorNameKey, doctorSchedules, noteDoctorSchedule, ownDoctorId } from "./slots/clinic-directory";
import { cheapPasswordHash } from "@/lib/testing/cheap-password-hash";

const at = (hhmmss: string) => new Date(`2026-11-24T${hhmmss}+05:30`);
const entry = (id: number, time: string, over: Partial<PatientAuditEntry> = {}): PatientAuditEntry => ({
  id,
  at: at(time),
  staffId: "s1",
  staffName: "Priya",
  role: "receptionist",
  action: "patients.search",
  patientId: null,
  outcome: "ok",
  fileName: null,
  matches: null,
  reason: null,
  movedTo: null,
  error: null,
  ...over,
});

describe("the audit page's grouping of bursts", () => {
  it("folds one person's keystroke searches into one line and keeps everything else apart", () => {
    const rows = [
      entry(9, "10:43:10"),
      entry(8, "10:43:05", { staffId: "s2", staffName: "Ravi" }),
      entry(7, "10:43:00"),
      entry(6, "10:42:58", { action: "patients.read", patientId: "p1" }),
      entry(5, "10:42:40"),
      entry(4, "10:42:01"),
      entry(3, "10:30:00"),
    ];
    const grouped = groupPatientAudit(rows);
    expect(grouped.map((g) => [g.id, g.count])).toEqual([
      [9, 4],
      [8, 1],
      [6, 1],
      [3, 1],
    ]);
    expect(grouped[0]!.firstAt).toEqual(at("10:42:01"));
    expect(grouped[0]!.at).toEqual(at("10:43:10"));
    // Every row is still counted: grouping drops none.
    expect(grouped.reduce((n, g) => n + g.count, 0)).toBe(rows.length);
  });

  it("never groups reads, registrations or document views", () => {
    const rows = [entry(2, "10:00:05", { action: "patients.read", patientId: "p1" }), entry(1, "10:00:00", { action: "patients.read", patientId: "p1" })];
    expect(groupPatientAudit(rows)).toHaveLength(2);
  });

  it("folds repeated listings of one patient's documents, but not of two patients", () => {
    const list = (id: number, time: string, patientId: string) => entry(id, time, { action: "patient-document.list", patientId });
    const grouped = groupPatientAudit([list(3, "10:00:20", "p1"), list(2, "10:00:10", "p2"), list(1, "10:00:00", "p1")]);
    expect(grouped.map((g) => [g.patientId, g.count])).toEqual([
      ["p1", 2],
      ["p2", 1],
    ]);
  });
});

describe("doctor names", () => {
  it("match with or without the title, dots, case and spacing", () => {
    expect(doctorNameKey("Dr. Meera  Iyer")).toBe(doctorNameKey("meera iyer"));
    expect(doctorNameKey("Doctor Meera Iyer")).toBe("meera iyer");
    expect(doctorNameKey("Dr. Meera Iyer")).not.toBe(doctorNameKey("Dr. Meera Iyengar"));
  });
});

describe("on PGlite", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await pgliteTestDatabase();
  }, 120_000);
  afterAll(async () => t?.dispose());

  const directory = {
    doctors: [
      { kind: "doctor" as const, platformId: "dr-a", displayName: "Dr. Meera Iyer", timeZone: null },
      { kind: "doctor" as const, platformId: "dr-b", displayName: "Dr. Arjun Rao", timeZone: null },
    ],
    clinics: [
      { kind: "clinic" as const, platformId: "cl-1", displayName: "One", timeZone: "Asia/Kolkata" },
      { kind: "clinic" as const, platformId: "cl-2", displayName: "Two", timeZone: "Asia/Kolkata" },
    ],
  };

  it("offers a doctor only the clinics where the platform showed a schedule, asking once about unknown pairs", async () => {
    const db = t.database.db;
    const asked: string[] = [];
    const probe = async (d: string, c: string) => {
      asked.push(`${d}|${c}`);
      if (d === "dr-b") return undefined; // the platform did not answer for this doctor
      return c === "cl-2";
    };
    // dr-b's pairs stay unknown, so both clinics stay offered for dr-b.
    expect(await doctorSchedules(db, directory, probe)).toEqual({ "dr-a": ["cl-2"], "dr-b": ["cl-1", "cl-2"] });
    expect(asked.sort()).toEqual(["dr-a|cl-1", "dr-a|cl-2", "dr-b|cl-1", "dr-b|cl-2"]);
    asked.length = 0;
    // A slot listing later shows dr-b at cl-1, and "not at this clinic" for cl-2.
    await noteDoctorSchedule(db, "dr-b", "cl-1", true);
    await noteDoctorSchedule(db, "dr-b", "cl-2", false);
    expect(await doctorSchedules(db, directory, probe)).toEqual({ "dr-a": ["cl-2"], "dr-b": ["cl-1"] });
    expect(asked).toEqual([]);
  });

  it("asks again about a doctor it could not get an answer for", async () => {
    const db = t.database.db;
    const again: string[] = [];
    const other = { ...directory, doctors: [{ kind: "doctor" as const, platformId: "dr-c", displayName: "Dr. C", timeZone: null }] };
    await doctorSchedules(db, other, async (d, c) => (again.push(`${d}|${c}`), undefined));
    await doctorSchedules(db, other, async (d, c) => (again.push(`${d}|${c}`), false));
    expect(again).toEqual(["dr-c|cl-1", "dr-c|cl-2", "dr-c|cl-1", "dr-c|cl-2"]);
    expect(await doctorSchedules(db, other)).toEqual({ "dr-c": [] });
  });

  it("finds the signed-in doctor's own entry by name, and never for other roles", async () => {
    const db = t.database.db;
    const { id } = await addStaff(db, { email: "meera@clinic.test", name: "Dr. Meera Iyer", role: "doctor", password: "long-enough-password" }, cheapPasswordHash);
    expect(await ownDoctorId(db, directory, { id: id!, role: "doctor", name: "Dr. Meera Iyer" })).toBe("dr-a");
    expect(await ownDoctorId(db, directory, { id: id!, role: "receptionist", name: "Dr. Meera Iyer" })).toBeNull();
    expect(await ownDoctorId(db, directory, { id: id!, role: "doctor", name: "Dr. Somebody Else" })).toBeNull();
  });

  it("lists the assistant sessions a doctor looked up lately, newest first, with their last known expiry", async () => {
    const db = t.database.db;
    const { id } = await addStaff(db, { email: "doc2@clinic.test", name: "Dr. Two", role: "doctor", password: "long-enough-password" }, cheapPasswordHash);
    const s1 = "11111111-1111-4111-8111-111111111111";
    const s2 = "22222222-2222-4222-8222-222222222222";
    await recordAudit(db, { staffId: id, action: "lookup", resource: "assistant_session", resourceId: s1, outcome: "ok", detail: { expiresAt: "2026-11-24T10:00:00.000Z" } });
    // The entries are stamped by the database's now(), whose clock in PGlite moves by whole milliseconds:
    // an in-memory PGlite writes both within one, and "newest first" needs the second lookup to be later.
    await new Promise((r) => setTimeout(r, 5));
    await recordAudit(db, { staffId: id, action: "lookup", resource: "assistant_session", resourceId: s2, outcome: "ok", detail: { expiresAt: "2026-11-24T11:00:00.000Z" } });
    await recordAudit(db, { staffId: id, action: "lookup", resource: "assistant_session", resourceId: "33333333-3333-4333-8333-333333333333", outcome: "failed" });
    await recordAudit(db, { staffId: null, action: "lookup", resource: "assistant_session", resourceId: "44444444-4444-4444-8444-444444444444", outcome: "ok" });
    const recent = await recentAssistantSessions(db, id!);
    expect(recent.map((r) => r.sessionId)).toEqual([s2, s1]);
    expect(recent[0]).toMatchObject({ expiresAt: "2026-11-24T11:00:00.000Z", deskHoldsToken: false });
  });
});
