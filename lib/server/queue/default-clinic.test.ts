import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bothDatabases, type DatabaseUnderTest, type TestDatabase } from "@/lib/testing/databases";
import type { ClinicDirectory } from "@/lib/schemas/clinic-directory";
import type { Db } from "../db/connect";
import { noteDoctorSchedule } from "../slots/clinic-directory";
import { defaultQueueClinic, type SessionsProbe } from "./default-clinic";
import { changeStatus, recordQueueEntry } from "./queue-store";

const databases = await bothDatabases();

const TUESDAY = "2026-11-24";
const clinic = (platformId: string) => ({ kind: "clinic" as const, platformId, displayName: platformId, timeZone: "Asia/Kolkata" });
const doctor = (platformId: string) => ({ kind: "doctor" as const, platformId, displayName: platformId, timeZone: null });
// Directory order as the page shows it: Kothrud first, closed on Tuesdays.
const DIRECTORY: ClinicDirectory = { clinics: [clinic("cl-kothrud"), clinic("cl-bandra"), clinic("cl-andheri")], doctors: [doctor("dr-meera"), doctor("dr-arjun")] };
const SESSIONS: Record<string, string[]> = { "dr-meera|cl-bandra": [TUESDAY], "dr-meera|cl-andheri": [TUESDAY], "dr-arjun|cl-andheri": [TUESDAY] };

function recordingProbe() {
  const asked: string[] = [];
  const probe: SessionsProbe = async (doctorId, clinicId, day) => {
    asked.push(`${doctorId}|${clinicId}`);
    return (SESSIONS[`${doctorId}|${clinicId}`] ?? []).includes(day);
  };
  return { asked, probe };
}

function suite({ name, open, available }: DatabaseUnderTest) {
  describe.skipIf(!available)(`the queue's default clinic on ${name}`, () => {
    let t: TestDatabase;
    let db: Db;
    beforeAll(async () => {
      t = await open();
      db = t.database.db;
    });
    afterAll(async () => t.dispose());

    it("skips a clinic without sessions that day and opens the first that has them", async () => {
      const { probe } = recordingProbe();
      expect(await defaultQueueClinic(db, DIRECTORY, { day: TUESDAY }, probe)).toBe("cl-bandra");
    });

    it("keeps the clinic this browser chose last, without asking the platform, while it is in the directory", async () => {
      const { probe, asked } = recordingProbe();
      expect(await defaultQueueClinic(db, DIRECTORY, { day: TUESDAY, lastUsed: "cl-kothrud" }, probe)).toBe("cl-kothrud");
      expect(asked).toEqual([]);
      expect(await defaultQueueClinic(db, DIRECTORY, { day: TUESDAY, lastUsed: "cl-gone" }, probe)).toBe("cl-bandra");
    });

    it("a doctor starts where they work that day, never asking about clinics the platform ruled out", async () => {
      await noteDoctorSchedule(db, "dr-arjun", "cl-bandra", false);
      const { probe, asked } = recordingProbe();
      expect(await defaultQueueClinic(db, DIRECTORY, { day: TUESDAY, doctorId: "dr-arjun" }, probe)).toBe("cl-andheri");
      expect(asked).not.toContain("dr-arjun|cl-bandra");
      expect(asked.every((a) => a.startsWith("dr-arjun|"))).toBe(true);
      // A clinic she chose last but where the platform says she has no schedule is not kept.
      expect(await defaultQueueClinic(db, DIRECTORY, { day: TUESDAY, doctorId: "dr-arjun", lastUsed: "cl-bandra" }, probe)).toBe("cl-andheri");
    });

    it("a clinic with appointments that day is chosen without asking the platform; cancelled ones do not count", async () => {
      const WEDNESDAY = "2026-11-25";
      const base = { doctorId: "dr-meera", end: null, patientId: "pt-1", confId: "c", mode: "in_clinic", source: "platform" as const, timeZone: "Asia/Kolkata", start: `${WEDNESDAY}T10:00:00+05:30` };
      await recordQueueEntry(db, { ...base, clinicId: "cl-andheri", appointmentId: `a-${name}` });
      await changeStatus(db, { appointmentId: `a-${name}`, to: "cancelled", version: 1, reason: "unwell", staffId: null });
      // No sessions anywhere that Wednesday and only a cancelled appointment: the first clinic.
      expect(await defaultQueueClinic(db, DIRECTORY, { day: WEDNESDAY }, recordingProbe().probe)).toBe("cl-kothrud");
      await recordQueueEntry(db, { ...base, clinicId: "cl-bandra", appointmentId: `b-${name}` });
      const { probe, asked } = recordingProbe();
      expect(await defaultQueueClinic(db, DIRECTORY, { day: WEDNESDAY }, probe)).toBe("cl-bandra");
      expect(asked.some((a) => a.endsWith("|cl-bandra"))).toBe(false);
    });

    it("lands where the patients are: a clinic with appointments wins over one listed before it that only has sessions", async () => {
      const THURSDAY = "2026-11-26";
      const sessions: SessionsProbe = async (_d, clinicId) => clinicId !== "cl-kothrud";
      const base = { doctorId: "dr-arjun", end: null, patientId: "pt-1", confId: "c", mode: "in_clinic", source: "platform" as const, timeZone: "Asia/Kolkata" };
      for (let i = 0; i < 3; i++) await recordQueueEntry(db, { ...base, clinicId: "cl-andheri", appointmentId: `th-andheri-${i}-${name}`, start: `${THURSDAY}T1${i}:00:00+05:30` });
      // Bandra has sessions and comes first in the directory, but nobody is booked there.
      expect(await defaultQueueClinic(db, DIRECTORY, { day: THURSDAY }, sessions)).toBe("cl-andheri");
      // With appointments at two clinics, the busier one.
      await recordQueueEntry(db, { ...base, clinicId: "cl-kothrud", appointmentId: `th-kothrud-${name}`, start: `${THURSDAY}T09:00:00+05:30` });
      expect(await defaultQueueClinic(db, DIRECTORY, { day: THURSDAY }, sessions)).toBe("cl-andheri");
    });

    it("a platform that cannot answer does not pick a clinic; with no clinics there is none", async () => {
      expect(await defaultQueueClinic(db, DIRECTORY, { day: TUESDAY }, async () => undefined)).toBe("cl-kothrud");
      expect(await defaultQueueClinic(db, { clinics: [], doctors: [] }, { day: TUESDAY }, async () => true)).toBeNull();
    });
  });
}

for (const db of databases) suite(db);
