import { ClinicRoomsQuery, DoctorRoomInput } from "@/lib/schemas/counter-settings";
import { clinicRooms, setDoctorRoom } from "@/lib/server/counter-settings/doctor-rooms";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

/** Settings → Rooms for one clinic: each doctor's usual room and today's (or a later `day`'s; a past day → 422 on `day`). */
export const GET = withStaff({ action: "settings.read", query: ClinicRoomsQuery }, async ({ db, query }) =>
  Response.json(await clinicRooms(db, query.clinicId, undefined, query.day), { headers: { "cache-control": "no-store" } }),
);

/** Sets or clears one doctor's usual room (no `day`) or one day's room: the slip, the display and the counter follow. */
export const PUT = withStaff({ action: "settings.write", body: DoctorRoomInput, bodyLimit: 2 * 1024 }, async ({ db, body, staff, audit }) => {
  const { before, after } = await setDoctorRoom(db, body, staff.id);
  await audit({ action: "set_room", resource: "doctor_room", resourceId: `${body.clinicId}:${body.doctorId}:${body.day ?? "default"}`, outcome: "ok", detail: { before, after } });
  return Response.json(await clinicRooms(db, body.clinicId, undefined, body.day));
});

export const { POST, PATCH, DELETE, OPTIONS } = otherMethods("GET", "PUT");
