import { ReopenRequest } from "@/lib/schemas/day-close";
import { reopenDay } from "@/lib/server/billing/day-close";
import { NotFoundError } from "@/lib/server/errors";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An admin reopens a closed day; the close stays on record and the reopening is audited. */
export const POST = withStaff({ action: "billing.reopenDay", body: ReopenRequest, bodyLimit: 2 * 1024 }, async ({ db, body, params, staff, audit }) => {
  if (!UUID.test(params.id!)) throw new NotFoundError("The desk has no day close with this id.");
  try {
    await reopenDay(db, { closeId: params.id!, reason: body.reason, staffId: staff.id });
    await audit({ action: "day-reopen", resource: "billing", resourceId: params.id!, outcome: "ok", detail: { reason: body.reason } });
    return new Response(null, { status: 204 });
  } catch (err) {
    await audit({ action: "day-reopen", resource: "billing", resourceId: params.id!, outcome: "failed", detail: { reason: body.reason, error: (err as Error).message } });
    throw err;
  }
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
