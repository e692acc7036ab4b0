import { UndoRequest } from "@/lib/schemas/queue";
import { queueHub } from "@/lib/server/queue";
import { undoInQueue } from "@/lib/server/queue/appointment-changes";
import { readQueueEntry } from "@/lib/server/queue/queue-store";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const POST = withStaff({ action: "queue.update", row: "appointment", body: UndoRequest }, async ({ db, body, params, staff, audit }) => {
  const appointmentId = params.appointmentId!;
  try {
    const changed = await undoInQueue(db, await queueHub(), { appointmentId, version: body.version, staffId: staff.id });
    await audit({ action: "undo-status", resource: "appointment", resourceId: appointmentId, outcome: "ok", detail: { from: changed.from, to: changed.row.status } });
    return Response.json(await readQueueEntry(db, appointmentId), { headers: { "cache-control": "no-store" } });
  } catch (err) {
    await audit({ action: "undo-status", resource: "appointment", resourceId: appointmentId, outcome: "failed", detail: { error: (err as Error).message } });
    throw err;
  }
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
