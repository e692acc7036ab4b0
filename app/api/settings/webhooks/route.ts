import { NewWebhookSubscription } from "@/lib/schemas/webhook-settings";
import { signingKeys } from "@/lib/server/webhooks";
import { registerSubscription, webhookSettingsView } from "@/lib/server/webhooks/settings";
import { withStaff } from "@/lib/server/with-staff";

const noStore = { "cache-control": "private, no-store" };

export const GET = withStaff({ feature: "settings" }, async ({ platform }) =>
  Response.json(await webhookSettingsView(platform, await signingKeys()), { headers: noStore }),
);

export const POST = withStaff({ feature: "settings", body: NewWebhookSubscription }, async ({ platform, db, body, audit }) => {
  const issued = await registerSubscription({ platform, keys: await signingKeys(), db }, body);
  await audit({
    action: "create",
    resource: "webhook-subscription",
    resourceId: issued.subscriptionId,
    outcome: "ok",
    detail: { endpoint: body.endpoint, events: body.eventNames, protocol: body.protocol },
  });
  return Response.json(issued, { status: 201, headers: noStore });
});
