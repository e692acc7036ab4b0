import { BookingRequest } from "@/lib/schemas/slots";
import { ValidationError } from "@/lib/server/errors";
import { patientSummariesByIds } from "@/lib/server/patients/patient-index";
import { queueHub } from "@/lib/server/queue";
import { queueDeskBooking } from "@/lib/server/queue/desk-bookings";
import { bookSlotOnce } from "@/lib/server/slots/slot-bookings";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const POST = withStaff({ action: "slots.book", body: BookingRequest }, async ({ body, platform, db, staff, audit }) => {
  const detail = { patientId: body.patientId, doctorId: body.doctorId, clinicId: body.clinicId, confId: body.confId, start: body.start, mode: body.mode };
  // Only patients registered at the desk can be booked (the picker offers no others).
  if (!(await patientSummariesByIds([body.patientId])).has(body.patientId)) {
    throw new ValidationError({ patientId: "This patient is not registered at the desk. Register them first." }, "The patient is not registered.");
  }
  let booked: Awaited<ReturnType<typeof bookSlotOnce>>;
  try {
    booked = await bookSlotOnce(db, platform.slots, staff.id, body);
    await audit({ action: "book", resource: "appointment", resourceId: booked.booking.appointmentId, outcome: "ok", detail: { ...detail, replayed: booked.replayed } });
  } catch (err) {
    await audit({ action: "book", resource: "appointment", outcome: "failed", detail: { ...detail, error: (err as Error).message } });
    throw err;
  }
  const { booking, replayed } = booked;
  // Outside the try: the booking stands; a retry with the same key replays it and queues it then.
  await queueDeskBooking(db, platform.slots, await queueHub(), staff.id, booking);
  return Response.json(booking, { status: replayed ? 200 : 201, headers: { "cache-control": "no-store" } });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
