import { NotFoundError } from "@/lib/server/errors";
import { DoctorNotAtClinicError } from "@/lib/platform/client";
import { doctorSchedules, ownDoctorId, readClinicDirectory } from "@/lib/server/slots/clinic-directory";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";
import { todayInIndia } from "@/lib/schemas/patient-fields";

/** Asking about one pair waits at most this long; an unanswered pair stays unknown (every clinic offered). */
const PROBE_TIMEOUT_MS = 4000;

export const GET = withStaff({ action: "slots.read" }, async ({ db, platform, staff }) => {
  const directory = await readClinicDirectory(db, { prefill: platform.demo });
  const day = todayInIndia();
  const schedules = await doctorSchedules(db, directory, async (doctorId, clinicId) => {
    try {
      await platform.slots.listSlots({ doctorId, clinicId, from: day, to: day }, AbortSignal.timeout(PROBE_TIMEOUT_MS));
      return true;
    } catch (err) {
      // Not at this clinic, or an id the platform does not know: either way no slots there.
      return err instanceof DoctorNotAtClinicError || err instanceof NotFoundError ? false : undefined;
    }
  });
  const own = await ownDoctorId(db, directory, staff);
  return Response.json({ ...directory, schedules, ownDoctorId: own }, { headers: { "cache-control": "private, no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
