import "server-only";
import type { Role } from "@/lib/schemas/staff";
import { ForbiddenError } from "../errors";

/** Doctors read patients; only the front desk and admins register or edit them. */
export const PATIENT_WRITE_ROLES: readonly Role[] = ["receptionist", "admin"];

export function assertCanWritePatients(role: Role): void {
  if (!PATIENT_WRITE_ROLES.includes(role)) throw new ForbiddenError("Only the front desk and admins register or edit patients.");
}
