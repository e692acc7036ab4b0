import { RescheduleRequest } from "@/lib/schemas/queue";
import { queueHub } from "@/lib/server/queue";
import { rescheduleInQueue } from "@/lib/server/queue/appointment-changes";
import { readQueueEntry } from "@/lib/server/queue/queue-store";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const POST = withStaff({ action: "queue.update", row: "appointment", body: RescheduleRequest }, async ({ db, body, params, platform, staff, audit }) => {
  const appointmentId = params.appointmentId!;
  try {
    const changed = await rescheduleInQueue(db, platform.appointments, await queueHub(), { appointmentId, ...body, staffId: staff.id });
    await audit({ action: "reschedule", resource: "appointment", resourceId: appointmentId, outcome: "ok", detail: { to: body.start, confId: body.confId } });
    return Response.json(await readQueueEntry(db, changed.row.appointmentId), { headers: { "cache-control": "no-store" } });
  } catch (err) {
    await audit({ action: "reschedule", resource: "appointment", resourceId: appointmentId, outcome: "failed", detail: { to: body.start, error: (err as Error).message } });
    throw err;
  }
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
