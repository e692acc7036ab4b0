import { LinkRequest } from "@/lib/schemas/reconcile";
import { linkPlatformReceipt } from "@/lib/server/billing/platform-receipts";
import { NotFoundError } from "@/lib/server/errors";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Links a platform receipt to the desk's receipt for the same money (audited); the pair is then counted once. */
export const POST = withStaff({ action: "billing.reconcile", body: LinkRequest, bodyLimit: 2 * 1024 }, async ({ db, body, params, staff, audit }) => {
  if (!UUID.test(params.id!)) throw new NotFoundError("The desk has no platform receipt with this id.");
  try {
    const linked = await linkPlatformReceipt(db, { id: params.id!, deskReceiptId: body.deskReceiptId, note: body.note, staffId: staff.id });
    await audit({ action: "platform-receipt-link", resource: "billing", resourceId: params.id!, outcome: "ok", detail: { ...body, ...linked } });
    return Response.json(linked, { status: 201, headers: { "cache-control": "no-store" } });
  } catch (err) {
    await audit({ action: "platform-receipt-link", resource: "billing", resourceId: params.id!, outcome: "failed", detail: { ...body, error: (err as Error).message } });
    throw err;
  }
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
