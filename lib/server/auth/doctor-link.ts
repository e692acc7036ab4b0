import "server-only";
import { and, eq, ne } from "drizzle-orm";
import type { DoctorLinkInput, DoctorLinkSaved } from "@/lib/schemas/staff-sessions";
import type { Db } from "../db/connect";
import { staff } from "../db/schema";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { readClinicDirectory } from "../slots/clinic-directory";

/**
 * Records which directory doctor a doctor's staff account is (their own appointments follow it),
 * or with null removes the record so the directory doctor of the same name counts again. Only a
 * doctor in the clinic directory can be chosen, and one platform doctor belongs to one account.
 */
export async function linkDoctor(db: Db, staffId: string, input: DoctorLinkInput): Promise<DoctorLinkSaved & { previous: string | null }> {
  const [member] = await db.select({ id: staff.id, role: staff.role, platformDoctorId: staff.platformDoctorId }).from(staff).where(eq(staff.id, staffId)).limit(1);
  if (!member) throw new NotFoundError("No staff member has this id.");
  if (member.role !== "doctor") throw new ConflictError("Only a doctor's account is linked to a platform doctor; this account's role is not doctor.", "not_a_doctor");
  const doctorId = input.platformDoctorId;
  if (doctorId !== null) {
    const directory = await readClinicDirectory(db);
    if (!directory.doctors.some((d) => d.platformId === doctorId)) {
      throw new ValidationError({ platformDoctorId: "This doctor is not in the clinic directory: choose one from the list, or add them under Settings → Clinics first." });
    }
    const [taken] = await db
      .select({ name: staff.name })
      .from(staff)
      .where(and(eq(staff.platformDoctorId, doctorId), ne(staff.id, staffId)))
      .limit(1);
    if (taken) throw new ConflictError(`This platform doctor is already linked to ${taken.name}'s account. Remove that link first.`, "doctor_already_linked");
  }
  await db.update(staff).set({ platformDoctorId: doctorId }).where(eq(staff.id, staffId));
  return { staffId, platformDoctorId: doctorId, previous: member.platformDoctorId };
}
