import { NewWebhookSubscription } from "@/lib/schemas/webhook-settings";
import { signingKeys } from "@/lib/server/webhooks";
import { registerSubscription, webhookSettingsView } from "@/lib/server/webhooks/settings";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

const noStore = { "cache-control": "private, no-store" };

export const GET = withStaff({ action: "settings.read" }, async ({ platform, db }) =>
  Response.json(await webhookSettingsView(platform, await signingKeys(), db), { headers: noStore }),
);

export const POST = withStaff({ action: "settings.write", body: NewWebhookSubscription }, async ({ platform, db, body, audit }) => {
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

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
