import { recordPrint } from "@/lib/server/billing/billing";
import { NotFoundError } from "@/lib/server/errors";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Counts a print: the first is the original, every later one prints "DUPLICATE". */
export const POST = withStaff({ action: "billing.collect" }, async ({ db, params, staff, audit }) => {
  if (!UUID.test(params.id!)) throw new NotFoundError("The desk has no receipt with this id.");
  const copy = await recordPrint(db, params.id!, staff.id);
  await audit({ action: "print-receipt", resource: "billing", resourceId: params.id!, outcome: "ok", detail: { copy } });
  return Response.json({ copy }, { status: 201, headers: { "cache-control": "no-store" } });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
