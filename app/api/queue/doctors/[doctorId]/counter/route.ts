import { IDEMPOTENCY_HEADER, IdempotencyKey } from "@/lib/schemas/patients";
import { CounterActionRequest } from "@/lib/schemas/queue";
import { can } from "@/lib/access";
import { ForbiddenError, ValidationError } from "@/lib/server/errors";
import { queueHub } from "@/lib/server/queue";
import { counterAction } from "@/lib/server/queue/opd-counter";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";
import { counterConfig } from "@/lib/server/counter-settings/counter-config";

/** Call next, recall or skip on one doctor's queue today: the doctor for their own, the front desk for any. */
export const POST = withStaff({ action: "queue.update", row: "doctor-queue", body: CounterActionRequest, bodyLimit: 1024 }, async ({ req, body, params, db, staff, audit }) => {
  const key = IdempotencyKey.safeParse(req.headers.get(IDEMPOTENCY_HEADER) ?? "");
  if (!key.success) throw new ValidationError({ [IDEMPOTENCY_HEADER]: key.error.issues[0]!.message }, "The request has no valid Idempotency-Key header.");
  const doctorId = params.doctorId!;
  // The patient audit's words for it (appointment.call-next, .recall, .skip).
  const action = body.action === "next" ? "call-next" : body.action;
  const allowUnpaid = body.allowUnpaid === true;
  if (allowUnpaid && !can(staff.role, "queue.callUnpaid")) {
    await audit({ action: "call-unpaid", resource: "appointment", outcome: "denied", detail: { clinicId: body.clinicId, doctorId, role: staff.role } });
    throw new ForbiddenError("Your role may not call a pre-pay visit in before it is paid.");
  }
  try {
    const outcome = await counterAction(db, await queueHub(), { clinicId: body.clinicId, doctorId, action: body.action, key: key.data, staffId: staff.id, allowUnpaid }, await counterConfig(db));
    await audit({
      action,
      resource: "appointment",
      resourceId: outcome.entry?.appointmentId ?? null,
      outcome: "ok",
      detail: {
        clinicId: body.clinicId,
        doctorId,
        token: outcome.entry?.tokenLabel ?? null,
        finished: outcome.finished.map((f) => f.appointmentId),
        ...(allowUnpaid ? { allowUnpaid, override: "pre-pay visit called before payment" } : {}),
        ...(outcome.heldForPayment.length ? { heldForPayment: outcome.heldForPayment } : {}),
        ...(outcome.replayed ? { replayed: true } : {}),
      },
    });
    // Call next finished the visit in consultation: that patient's audit shows it as done.
    for (const f of outcome.finished) await audit({ action: "status", resource: "appointment", resourceId: f.appointmentId, outcome: "ok", detail: { to: "done", from: "in_consultation", via: "call-next" } });
    return Response.json(outcome, { headers: { "cache-control": "no-store" } });
  } catch (err) {
    await audit({ action, resource: "appointment", outcome: "failed", detail: { clinicId: body.clinicId, doctorId, error: (err as Error).message } });
    throw err;
  }
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
