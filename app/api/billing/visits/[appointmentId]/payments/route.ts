import { IDEMPOTENCY_HEADER, IdempotencyKey } from "@/lib/schemas/patients";
import { PaymentRequest } from "@/lib/schemas/billing";
import { recordPayment } from "@/lib/server/billing/billing";
import { ValidationError } from "@/lib/server/errors";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

/**
 * Records money taken for a visit (cash with change, UPI confirmed by staff, card, or a split) and
 * issues the next receipt number; the same Idempotency-Key replays the same receipt. The desk's own:
 * it works while the platform is down.
 */
export const POST = withStaff({ action: "billing.collect", body: PaymentRequest, bodyLimit: 8 * 1024 }, async ({ req, db, body, params, staff, audit }) => {
  const appointmentId = params.appointmentId!;
  const key = IdempotencyKey.safeParse(req.headers.get(IDEMPOTENCY_HEADER) ?? "");
  if (!key.success) throw new ValidationError({ [IDEMPOTENCY_HEADER]: key.error.issues[0]!.message }, "The request has no valid Idempotency-Key header.");
  try {
    const outcome = await recordPayment(db, { appointmentId, key: key.data, staffId: staff.id, request: body });
    await audit({ action: "payment", resource: "billing", resourceId: appointmentId, outcome: "ok", detail: { ...outcome, request: body } });
    return Response.json(outcome, { status: outcome.replayed ? 200 : 201, headers: { "cache-control": "no-store" } });
  } catch (err) {
    await audit({ action: "payment", resource: "billing", resourceId: appointmentId, outcome: "failed", detail: { request: body, error: (err as Error).message } });
    throw err;
  }
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
