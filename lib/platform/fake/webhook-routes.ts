import { z } from "zod";
import { PlatformSubscriptionRequest, SandboxEmitRequest } from "../wire/webhooks";
import type { Authenticate, Principal } from "./authenticate";
import type { SandboxRoute, Services } from "./context";
import { HttpError } from "./errors";
import { sandboxEventBody } from "./tele-events";
import { SUBSCRIPTIONS, type DeliveryRecord, type StoredSubscription, type WebhookDelivery } from "./webhook-delivery";
import { controlRoute } from "./control-routes";

const BASE = "/notification/v1/connect/webhook/subscriptions";

const clientOf = (p: Principal) => (p.kind === "token" ? p.clientId : p.agentId);

function publicView(sub: StoredSubscription) {
  return {
    id: sub.id,
    endpoint: sub.endpoint,
    event_names: sub.eventNames,
    protocol: sub.protocol,
    status: "active",
    created_at: sub.createdAt,
    has_signing_key: !!sub.signingKey,
    deliverable: sub.protocol === "http" || sub.protocol === "https",
  };
}

/** List and delete are beyond the spec: with the specOnly fault they answer 404, as a spec-only platform would. */
function beyondSpec(s: Services, ctx: { path: string; header(name: string): string | undefined }) {
  if (s.faults.specOnly(ctx.path, ctx.header("x-request-id"))) throw new HttpError(404, "not_found", "Not found");
}

/** Spec 4.2 plus list/delete from the platform notes; every subscription belongs to the token's client. */
export function webhookRoutes(s: Services, authenticate: Authenticate): SandboxRoute[] {
  const subs = () => s.store.collection<StoredSubscription>(SUBSCRIPTIONS);
  const nextId = () => {
    const meta = s.store.collection<string>("meta");
    const n = Number(meta.get("webhookSubscriptionSeq") ?? "0") + 1;
    meta.set("webhookSubscriptionSeq", String(n));
    return String(n);
  };
  return [
    {
      method: "POST",
      pattern: BASE,
      name: "webhooks.subscribe",
      family: "notification",
      handler: async (ctx) => {
        const principal = await authenticate(ctx, { scheme: "bearer" });
        const body = ctx.json(PlatformSubscriptionRequest);
        const sub: StoredSubscription = {
          id: nextId(),
          clientId: clientOf(principal),
          endpoint: body.endpoint,
          eventNames: body.event_names,
          protocol: body.protocol,
          signingKey: body.signing_key,
          createdAt: new Date(s.now()).toISOString(),
        };
        subs().set(sub.id, sub);
        s.log("info", "webhook subscription created", { id: sub.id, endpoint: sub.endpoint, events: sub.eventNames, protocol: sub.protocol });
        return { status: 201, body: { id: sub.id, status: "success" } };
      },
    },
    {
      method: "GET",
      pattern: BASE,
      name: "webhooks.list",
      family: "notification",
      handler: async (ctx) => {
        beyondSpec(s, ctx);
        const client = clientOf(await authenticate(ctx, { scheme: "bearer" }));
        const mine = subs()
          .values()
          .filter((sub) => sub.clientId === client)
          .sort((a, b) => Number(a.id) - Number(b.id));
        return { body: { data: mine.map(publicView), msg: `${mine.length} subscription(s)` } };
      },
    },
    {
      method: "DELETE",
      pattern: `${BASE}/:id`,
      name: "webhooks.delete",
      family: "notification",
      handler: async (ctx) => {
        beyondSpec(s, ctx);
        const client = clientOf(await authenticate(ctx, { scheme: "bearer" }));
        const sub = subs().get(ctx.params.id!);
        if (!sub || sub.clientId !== client) throw new HttpError(404, "not_found", `No webhook subscription ${ctx.params.id}`);
        subs().delete(sub.id);
        return { body: { id: sub.id, status: "deleted" } };
      },
    },
  ];
}

const Schedule = z.object({
  retryDelaysMs: z.array(z.number().int().min(0).max(86_400_000)).max(20).optional(),
  timeoutMs: z.number().int().min(10).max(60_000).optional(),
});

const deliveryView = (d: DeliveryRecord) => ({ ...d, body: JSON.parse(d.body) as unknown });

/** Demo and test helpers: raise any event, read the delivery log, compress the retry schedule. */
export function webhookControlRoutes(s: Services, delivery: WebhookDelivery): SandboxRoute[] {
  const route = controlRoute;
  return [
    route("POST", "events", "events.emit", (ctx) => {
      const req = ctx.json(SandboxEmitRequest);
      const body = sandboxEventBody(req, s.config.clients[0]!.clientId, s.now());
      const event = s.events.emit(req.event, body);
      const deliveries = delivery.list().filter((d) => d.eventId === event.id);
      return { status: 202, body: { event_id: event.id, body, deliveries: deliveries.map((d) => ({ id: d.id, subscription_id: d.subscriptionId, state: d.state })) } };
    }),
    route("GET", "webhooks/deliveries", "webhooks.deliveries", (ctx) => ({
      body: {
        data: delivery
          .list({ event: ctx.url.searchParams.get("event") ?? undefined, subscriptionId: ctx.url.searchParams.get("subscription_id") ?? undefined })
          .slice(0, 200)
          .map(deliveryView),
      },
    })),
    route("GET", "webhooks/schedule", "webhooks.schedule.get", () => ({ body: delivery.schedule })),
    route("PUT", "webhooks/schedule", "webhooks.schedule.set", (ctx) => {
      const patch = ctx.json(Schedule);
      delivery.schedule = { ...delivery.schedule, ...patch };
      return { body: delivery.schedule };
    }),
    route("POST", "webhooks/retry-now", "webhooks.retry", () => ({ body: { retried: delivery.retryNow() } })),
  ];
}
