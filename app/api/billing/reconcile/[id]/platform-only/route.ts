import { PlatformOnlyRequest } from "@/lib/schemas/reconcile";
import { markPlatformOnly } from "@/lib/server/billing/platform-receipts";
import { NotFoundError } from "@/lib/server/errors";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Marks a platform receipt "platform only — not collected at the counter" (audited): counted once, as the platform's. */
export const POST = withStaff({ action: "billing.reconcile", body: PlatformOnlyRequest, bodyLimit: 2 * 1024 }, async ({ db, body, params, staff, audit }) => {
  if (!UUID.test(params.id!)) throw new NotFoundError("The desk has no platform receipt with this id.");
  try {
    await markPlatformOnly(db, { id: params.id!, note: body.note, staffId: staff.id });
    await audit({ action: "platform-receipt-platform-only", resource: "billing", resourceId: params.id!, outcome: "ok", detail: body });
    return new Response(null, { status: 204 });
  } catch (err) {
    await audit({ action: "platform-receipt-platform-only", resource: "billing", resourceId: params.id!, outcome: "failed", detail: { ...body, error: (err as Error).message } });
    throw err;
  }
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
