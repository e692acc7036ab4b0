import { LinkPatientRequest } from "@/lib/schemas/queue";
import { queueHub } from "@/lib/server/queue";
import { linkPatientInQueue } from "@/lib/server/queue/appointment-changes";
import { readQueueEntry } from "@/lib/server/queue/queue-store";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

/** Ties an appointment booked elsewhere for an unknown patient to one of the desk's patients. */
export const POST = withStaff({ action: "queue.update", row: "appointment", body: LinkPatientRequest }, async ({ db, body, params, staff, audit }) => {
  const appointmentId = params.appointmentId!;
  try {
    const linked = await linkPatientInQueue(db, await queueHub(), { appointmentId, ...body, staffId: staff.id });
    await audit({ action: "link_patient", resource: "appointment", resourceId: appointmentId, outcome: "ok", detail: { patientId: body.patientId, platformPatientId: linked.platformPatientId } });
    return Response.json(await readQueueEntry(db, appointmentId), { headers: { "cache-control": "no-store" } });
  } catch (err) {
    await audit({ action: "link_patient", resource: "appointment", resourceId: appointmentId, outcome: "failed", detail: { patientId: body.patientId, error: (err as Error).message } });
    throw err;
  }
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
