import { IDEMPOTENCY_HEADER, IdempotencyKey } from "@/lib/schemas/patients";
import { WalkInRequest } from "@/lib/schemas/queue";
import { ValidationError } from "@/lib/server/errors";
import { queueHub } from "@/lib/server/queue";
import { addWalkIn } from "@/lib/server/queue/opd-counter";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";
import { counterConfig } from "@/lib/server/counter-settings/counter-config";

/** A patient who came without an appointment joins a doctor's queue today, with a token (the desk's own; no platform call). */
export const POST = withStaff({ action: "queue.walkIn", body: WalkInRequest, bodyLimit: 4 * 1024 }, async ({ req, body, db, staff, audit }) => {
  const key = IdempotencyKey.safeParse(req.headers.get(IDEMPOTENCY_HEADER) ?? "");
  if (!key.success) throw new ValidationError({ [IDEMPOTENCY_HEADER]: key.error.issues[0]!.message }, "The request has no valid Idempotency-Key header.");
  const detail = { clinicId: body.clinicId, doctorId: body.doctorId, patientId: body.patientId, priority: body.priority ?? null };
  try {
    const { entry, replayed } = await addWalkIn(db, await queueHub(), { key: key.data, ...body, staffId: staff.id }, await counterConfig(db));
    await audit({ action: "walk-in", resource: "appointment", resourceId: entry.appointmentId, outcome: "ok", detail: { ...detail, token: entry.tokenLabel, ...(replayed ? { replayed } : {}) } });
    return Response.json(entry, { status: replayed ? 200 : 201, headers: { "cache-control": "no-store" } });
  } catch (err) {
    await audit({ action: "walk-in", resource: "appointment", outcome: "failed", detail: { ...detail, error: (err as Error).message } });
    throw err;
  }
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
