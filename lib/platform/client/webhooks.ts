import "server-only";
import { z } from "zod";
import { PlatformSubscriptionCreated, PlatformSubscriptionList, type PlatformSubscription } from "@/lib/platform/wire/webhooks";
import type { EventKind, WebhookProtocol } from "@/lib/platform/wire/webhook-names";
import type { PlatformHttp } from "./http";

const BASE = "/notification/v1/connect/webhook/subscriptions";

export interface WebhookSubscription {
  id: string;
  endpoint: string;
  eventNames: string[];
  protocol: string;
  createdAt: string | null;
  /** False for queue and function protocols the platform cannot reach from here. */
  deliverable: boolean;
}

function toSubscription(s: PlatformSubscription): WebhookSubscription {
  return {
    id: s.id,
    endpoint: s.endpoint,
    eventNames: s.event_names,
    protocol: s.protocol,
    createdAt: s.created_at ?? null,
    deliverable: s.deliverable ?? (s.protocol === "http" || s.protocol === "https"),
  };
}

/** Webhook subscriptions (spec 4.2; list and delete per the platform notes). */
export function webhooksApi(http: PlatformHttp) {
  return {
    async subscribe(input: { endpoint: string; eventNames: EventKind[]; protocol: WebhookProtocol; signingKey: string }) {
      const created = await http({
        method: "POST",
        path: BASE,
        auth: "bearer",
        schema: PlatformSubscriptionCreated,
        body: { endpoint: input.endpoint, event_names: input.eventNames, protocol: input.protocol, signing_key: input.signingKey },
      });
      return { id: created.id, status: created.status };
    },
    async list(): Promise<WebhookSubscription[]> {
      const raw = await http({ method: "GET", path: BASE, auth: "bearer", schema: PlatformSubscriptionList });
      return raw.data.map(toSubscription);
    },
    async remove(id: string): Promise<void> {
      await http({ method: "DELETE", path: `${BASE}/${encodeURIComponent(id)}`, auth: "bearer", schema: z.unknown() });
    },
  };
}
