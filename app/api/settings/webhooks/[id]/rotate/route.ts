import { signingKeys } from "@/lib/server/webhooks";
import { rotateSubscriptionKey } from "@/lib/server/webhooks/settings";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const POST = withStaff({ action: "settings.write" }, async ({ platform, db, params, audit }) => {
  const issued = await rotateSubscriptionKey({ platform, keys: await signingKeys(), db }, params.id!);
  await audit({ action: "rotate-key", resource: "webhook-subscription", resourceId: params.id!, outcome: "ok", detail: { replacedBy: issued.subscriptionId } });
  return Response.json(issued, { status: 201, headers: { "cache-control": "private, no-store" } });
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
