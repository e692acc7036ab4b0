import { DoctorLinkInput, StaffIdParam } from "@/lib/schemas/staff-sessions";
import { NotFoundError } from "@/lib/server/errors";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";
import { linkDoctor } from "@/lib/server/auth/doctor-link";

/** Links a doctor's staff account to a doctor of the clinic directory (null: the link is removed). */
export const PUT = withStaff({ action: "settings.write", body: DoctorLinkInput }, async ({ db, params, body, audit }) => {
  const parsed = StaffIdParam.safeParse(params);
  if (!parsed.success) throw new NotFoundError("No staff member has this id.");
  const saved = await linkDoctor(db, parsed.data.staffId, body);
  await audit({ action: "link-doctor", resource: "staff", resourceId: saved.staffId, outcome: "ok", detail: { platformDoctorId: saved.platformDoctorId, previous: saved.previous } });
  return Response.json({ staffId: saved.staffId, platformDoctorId: saved.platformDoctorId });
});

export const { GET, POST, PATCH, DELETE, OPTIONS } = otherMethods("PUT");
