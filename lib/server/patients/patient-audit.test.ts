import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bothDatabases, type DatabaseUnderTest, type TestDatabase } from "@/lib/testing/databases";
import { recordAudit } from "../audit";
import type { Db } from "../db/connect";
import { staff } from "../db/schema";
import { recordQueueEntry } from "../queue/queue-store";
import { rememberPatient } from "./patient-index";
import { groupPatientAudit, patientAuditEntries, staffWithPatientAudit } from "./patient-audit";

const databases = await bothDatabases();

function suite({ name, open, available }: DatabaseUnderTest) {
  describe.skipIf(!available)(`the patient audit tells the whole day (issue 29 item 6) on ${name}`, () => {
    let t: TestDatabase;
    let db: Db;
    let desk: string;
    let doctor: string;
    beforeAll(async () => {
      t = await open();
      db = t.database.db;
      [desk, doctor] = (
        await db
          .insert(staff)
          .values([
            { email: `asha-${name}@clinic.test`, name: "Asha Desk", role: "receptionist", passwordHash: "x" },
            { email: `meera-${name}@clinic.test`, name: "Dr. Meera Iyer", role: "doctor", passwordHash: "x" },
          ])
          .returning({ id: staff.id })
      ).map((r) => r.id) as [string, string];
      await rememberPatient(db, { id: "pt-radha", salutation: "Mrs.", firstName: "Radha", middleName: null, lastName: "Devi", gender: "F", dob: "1980-01-01", mobile: "+919812345678", uhid: "UH-1" });
      await recordQueueEntry(db, { appointmentId: "apt-1", clinicId: "cl-1", doctorId: "dr-1", start: "2026-11-24T10:00:00+05:30", patientId: "pt-radha", confId: "c", mode: "in_clinic", source: "desk", timeZone: "Asia/Kolkata" });
      const a = (staffId: string, action: string, outcome: "ok" | "failed", detail: Record<string, unknown>, resourceId: string | null = "apt-1") =>
        recordAudit(db, { staffId, action, resource: "appointment", resourceId, outcome, detail });
      await a(desk, "book", "ok", { patientId: "pt-radha", start: "2026-11-24T10:00:00+05:30" });
      await a(desk, "book", "failed", { patientId: "pt-radha", error: "Conflict: Someone booked this slot a moment ago." }, null);
      await a(desk, "status", "ok", { to: "checked_in", from: "booked" });
      await a(desk, "undo-status", "ok", { from: "checked_in", to: "booked" });
      await a(desk, "status", "ok", { to: "no_show", from: "booked" });
      await a(doctor, "status", "ok", { to: "in_consultation", from: "checked_in" });
      await a(desk, "reschedule", "ok", { to: "2026-11-25T11:00:00+05:30" });
      await a(desk, "status", "ok", { to: "cancelled", reason: "Patient unwell", from: "booked" });
      await recordAudit(db, { staffId: desk, action: "patients.register", resource: "patient", outcome: "failed", detail: { role: "receptionist", error: "Platform unavailable: The clinical platform is not answering right now." } });
    });
    afterAll(async () => t.dispose());

    it("lists booking, check-in, undo, no-show, call-in, reschedule and cancel with its reason under the patient", async () => {
      const rows = await patientAuditEntries(db, { patientId: "pt-radha" });
      expect(rows.map((r) => r.action).reverse()).toEqual([
        "appointment.book",
        "appointment.book",
        "appointment.checked_in",
        "appointment.undo",
        "appointment.no_show",
        "appointment.in_consultation",
        "appointment.reschedule",
        "appointment.cancelled",
      ]);
      expect(rows.every((r) => r.patientId === "pt-radha")).toBe(true);
      expect(rows.find((r) => r.action === "appointment.cancelled")?.reason).toBe("Patient unwell");
      expect(rows.find((r) => r.action === "appointment.reschedule")?.movedTo).toBe("2026-11-25T11:00:00+05:30");
      expect(rows.find((r) => r.outcome === "failed")?.error).toBe("Conflict: Someone booked this slot a moment ago.");
      expect(groupPatientAudit(rows)).toHaveLength(rows.length);
    });

    it("a failed registration gives its reason; doctors are in the staff filter and their lines are theirs", async () => {
      const all = await patientAuditEntries(db, {});
      expect(all.find((r) => r.action === "patients.register")?.error).toBe("Platform unavailable: The clinical platform is not answering right now.");
      expect((await staffWithPatientAudit(db)).map((s) => s.name)).toEqual(expect.arrayContaining(["Asha Desk", "Dr. Meera Iyer"]));
      expect((await patientAuditEntries(db, { staffId: doctor })).map((r) => r.action)).toEqual(["appointment.in_consultation"]);
    });
  });
}

for (const db of databases) suite(db);
