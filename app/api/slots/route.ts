import { SlotRangeQuery } from "@/lib/schemas/slots";
import { DoctorNotAtClinicError } from "@/lib/platform/client";
import { noteDoctorSchedule } from "@/lib/server/slots/clinic-directory";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const GET = withStaff({ action: "slots.read", query: SlotRangeQuery }, async ({ query, platform, req, db }) => {
  try {
    const calendar = await platform.slots.listSlots(query, req.signal);
    await noteDoctorSchedule(db, query.doctorId, query.clinicId, true);
    return Response.json(calendar, { headers: { "cache-control": "private, no-store" } });
  } catch (err) {
    // Learned for the clinic list: this doctor is not offered at this clinic from now on.
    if (err instanceof DoctorNotAtClinicError) await noteDoctorSchedule(db, query.doctorId, query.clinicId, false);
    throw err;
  }
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
