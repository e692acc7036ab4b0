import "server-only";
import { env } from "@/lib/env";
import { DELIVERY_ID_HEADER } from "@/lib/schemas/webhooks";
import { db } from "../db";
import { liveHub } from "../events";
import { queueHub } from "../queue";
import { applyInboxEvent } from "../queue/platform-events";
import { receivePlatformEvent, readLimitedBody } from "./receiver";
import { signingKeyStore, type SigningKeyStore } from "./signing-keys";

const holder = globalThis as unknown as { __clinicSigningKeys?: SigningKeyStore };

export async function signingKeys(): Promise<SigningKeyStore> {
  holder.__clinicSigningKeys ??= signingKeyStore(await db(), env().authSecret);
  return holder.__clinicSigningKeys;
}

/** The receiver route: raw body in, a small JSON answer out, never a 500 for bad input. */
export async function handlePlatformWebhook(req: Request): Promise<Response> {
  const config = env().webhooks;
  const settings = { signatureHeader: config.signatureHeader, deliveryIdHeader: DELIVERY_ID_HEADER, toleranceSeconds: config.toleranceSeconds, maxBytes: config.maxBytes };
  try {
    const [store, keys, hub, queue] = await Promise.all([db(), signingKeys(), liveHub(), queueHub()]);
    const body = await readLimitedBody(req, config.maxBytes);
    const result = await receivePlatformEvent(req.headers, body, settings, {
      db: store,
      verifyingKeys: () => keys.verifying(),
      onStored: (id) => {
        hub.publish(id);
        // The event is stored first, so a queue update that fails here is never a lost event.
        void applyInboxEvent(store, queue, id).catch((err: unknown) => console.warn("queue could not apply a platform event", id, err));
      },
    });
    if (result.outcome === "rejected") {
      return Response.json(
        { type: "about:blank", title: "Event refused", status: result.status, detail: result.reason, code: result.code },
        { status: result.status, headers: { "content-type": "application/problem+json", "cache-control": "no-store" } },
      );
    }
    return Response.json({ status: result.outcome, ...(result.outcome === "accepted" ? { id: result.inboxId } : {}) });
  } catch (err) {
    console.error("webhook receiver failed", err);
    // 503 tells the platform to retry later; the event is not lost.
    return Response.json(
      { type: "about:blank", title: "Receiver unavailable", status: 503, detail: "The event could not be stored; retry later." },
      { status: 503, headers: { "content-type": "application/problem+json", "retry-after": "5" } },
    );
  }
}
