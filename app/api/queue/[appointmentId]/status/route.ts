import { env } from "@/lib/env";
import { StatusChangeRequest } from "@/lib/schemas/queue";
import { queueHub } from "@/lib/server/queue";
import { cancelInQueue, moveInQueue } from "@/lib/server/queue/appointment-changes";
import { readQueueEntry } from "@/lib/server/queue/queue-store";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const POST = withStaff({ action: "queue.update", row: "appointment", body: StatusChangeRequest }, async ({ db, body, params, platform, staff, audit }) => {
  const appointmentId = params.appointmentId!;
  const detail = { to: body.to, version: body.version, reason: body.reason ?? null };
  try {
    const hub = await queueHub();
    const changed =
      body.to === "cancelled"
        ? await cancelInQueue(db, platform.appointments, hub, { appointmentId, version: body.version, reason: body.reason ?? "", staffId: staff.id })
        : await moveInQueue(db, hub, { appointmentId, to: body.to, version: body.version, staffId: staff.id, tokenFormat: env().opd.tokenFormat });
    await audit({ action: "status", resource: "appointment", resourceId: appointmentId, outcome: "ok", detail: { ...detail, from: changed.from } });
    return Response.json(await readQueueEntry(db, appointmentId), { headers: { "cache-control": "no-store" } });
  } catch (err) {
    await audit({ action: "status", resource: "appointment", resourceId: appointmentId, outcome: "failed", detail: { ...detail, error: (err as Error).message } });
    throw err;
  }
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
