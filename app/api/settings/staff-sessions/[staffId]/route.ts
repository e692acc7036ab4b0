import { StaffIdParam } from "@/lib/schemas/staff-sessions";
import { NotFoundError, ValidationError } from "@/lib/server/errors";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";
import { findStaffById } from "@/lib/server/auth/staff-repo";
import { endStaffSessions } from "@/lib/server/auth/staff-sessions";

/** Signs a staff member out everywhere: every session ends on every instance within seconds. */
export const DELETE = withStaff({ action: "settings.write" }, async ({ db, params, audit }) => {
  const parsed = StaffIdParam.safeParse(params);
  if (!parsed.success) throw ValidationError.fromZod(parsed.error);
  const member = await findStaffById(db, parsed.data.staffId);
  if (!member) throw new NotFoundError("No staff member has this id.");
  const ended = await endStaffSessions(db, member.id);
  await audit({ action: "sign-out-everywhere", resource: "session", resourceId: member.id, outcome: "ok", detail: { sessionsEnded: ended } });
  return Response.json({ ended });
});

export const { GET, POST, PUT, PATCH, OPTIONS } = otherMethods("DELETE");
