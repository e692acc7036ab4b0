import { signingKeys } from "@/lib/server/webhooks";
import { rotateSubscriptionKey } from "@/lib/server/webhooks/settings";
import { withStaff } from "@/lib/server/with-staff";

export const POST = withStaff({ feature: "settings" }, async ({ platform, db, params, audit }) => {
  const issued = await rotateSubscriptionKey({ platform, keys: await signingKeys(), db }, params.id!);
  await audit({ action: "rotate-key", resource: "webhook-subscription", resourceId: params.id!, outcome: "ok", detail: { replacedBy: issued.subscriptionId } });
  return Response.json(issued, { status: 201, headers: { "cache-control": "private, no-store" } });
});
