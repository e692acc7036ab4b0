import { readReceipt } from "@/lib/server/billing/billing";
import { NotFoundError } from "@/lib/server/errors";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const dynamic = "force-dynamic";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A receipt as it prints. */
export const GET = withStaff({ action: "billing.read" }, async ({ db, params, audit }) => {
  if (!UUID.test(params.id!)) throw new NotFoundError("The desk has no receipt with this id.");
  const receipt = await readReceipt(db, params.id!);
  await audit({ action: "read-receipt", resource: "billing", resourceId: receipt.id, outcome: "ok", detail: { label: receipt.label } });
  return Response.json(receipt, { headers: { "cache-control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
