import { signingKeys } from "@/lib/server/webhooks";
import { removeSubscription } from "@/lib/server/webhooks/settings";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const DELETE = withStaff({ action: "settings.write" }, async ({ platform, db, params, audit }) => {
  const id = params.id!;
  await removeSubscription({ platform, keys: await signingKeys(), db }, id);
  await audit({ action: "delete", resource: "webhook-subscription", resourceId: id, outcome: "ok" });
  return new Response(null, { status: 204 });
});

export const { GET, HEAD, POST, PUT, PATCH, OPTIONS } = otherMethods("DELETE");
