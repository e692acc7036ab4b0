import "server-only";
import type { StaffSession } from "../auth/session";
import { ForbiddenError } from "../errors";

/** Assistant sessions belong to the doctor's desk; other roles see the calendar only. */
export function requireDoctor(staff: StaffSession): void {
  if (staff.role !== "doctor") throw new ForbiddenError("Only doctors can look up assistant sessions.");
}
