import "server-only";
import { env } from "@/lib/env";
import { db } from "../db";
import { liveHub } from "../events";
import { readLimitedBody } from "../read-body";
import { receivePlatformEvent, type ReceiverSettings } from "./receiver";
import { queueHub } from "../queue";
import { applyAppointmentEvent } from "../queue/platform-events";
import type { SigningKeyStore } from "./signing-keys";
import { log } from "../log";
import { applyErasureEvent } from "../erasure/erase-patient";
import { recordPlatformReceipt } from "../billing/platform-receipts";
import { answerRequest, currentProblemInstance } from "../request-context";
import { services } from "../services";

/** The webhook signing keys, from the composition root (lib/server/services.ts). */
export async function signingKeys(): Promise<SigningKeyStore> {
  return (await services()).signingKeys;
}

/**
 * A warning for health checks and the settings page while the unsafe opt-in WEBHOOK_ALLOW_UNSIGNED is
 * on; null otherwise. Configuration only, so it is cheap enough for every health probe.
 */
export function webhookIntakeWarning(): { code: "webhook_unsigned_allowed"; message: string } | null {
  if (!env().webhooks.allowUnsigned) return null;
  return {
    code: "webhook_unsigned_allowed",
    message: "WEBHOOK_ALLOW_UNSIGNED is on: while no signing key exists, unsigned events are accepted from anyone who can reach the receiver.",
  };
}

/** The receiver route: raw body in, a small JSON answer out, never a 500 for bad input; the platform's POST skips the proxy, so the id is minted here. */
export function handlePlatformWebhook(req: Request): Promise<Response> {
  return answerRequest(req, "POST webhooks.receive", () => receive(req));
}

async function receive(req: Request): Promise<Response> {
  const config = env().webhooks;
  const settings: ReceiverSettings = {
    scheme: config.signatureScheme,
    signatureHeader: config.signatureHeader,
    deliveryIdHeader: config.deliveryIdHeader,
    timestampHeader: config.timestampHeader,
    toleranceSeconds: config.toleranceSeconds,
    maxBytes: config.maxBytes,
    allowUnsigned: config.allowUnsigned,
    retention: { days: config.receiptRetentionDays, maxRows: config.receiptMaxRows },
  };
  try {
    const [store, keys, hub, queue] = await Promise.all([db(), signingKeys(), liveHub(), queueHub()]);
    const body = await readLimitedBody(req, config.maxBytes);
    const result = await receivePlatformEvent(req.headers, body, settings, {
      db: store,
      verifyingKeys: () => keys.verifying(),
      onStored: (id, event, stored) => {
        // What was just written is what every live feed shows: the row is not read back.
        hub.publish(stored);
        // The event is stored first, so a queue update that fails here is never a lost event. The
        // desk's shape just stored is the one applyInboxEvent would read back: no second read.
        // The platform deleted a user: the desk's own copies of them go too (resumed by the sweep if cut short).
        void applyErasureEvent(store, stored.kind, event.patientId).catch((err: unknown) => log().warn({ eventId: id, err }, "erasure after user.delete could not start"));
        // The platform's receipts: matched to the desk's or listed to reconcile (Billing → Reconcile).
        if (event.receipt) void recordPlatformReceipt(store, { inboxId: id, event: event.receipt, occurredAt: stored.occurredAt }).catch((err: unknown) => log().warn({ eventId: id, err }, "a platform receipt could not be recorded"));
        if (event.appointment) void applyAppointmentEvent(store, queue, event.appointment).catch((err: unknown) => log().warn({ eventId: id, err }, "queue could not apply a platform event"));
      },
    });
    if (result.outcome === "rejected") {
      return Response.json(
        { type: "about:blank", title: "Event refused", status: result.status, detail: result.reason, code: result.code, ...currentProblemInstance() },
        { status: result.status, headers: { "content-type": "application/problem+json", "cache-control": "no-store" } },
      );
    }
    return Response.json({ status: result.outcome, ...(result.outcome === "accepted" ? { id: result.inboxId } : {}) });
  } catch (err) {
    log().error({ err }, "webhook receiver failed");
    // Only failures that may pass (the database unreachable) get here: 503 asks the platform to retry later.
    return Response.json(
      { type: "about:blank", title: "Receiver unavailable", status: 503, detail: "The event could not be stored; retry later.", ...currentProblemInstance() },
      { status: 503, headers: { "content-type": "application/problem+json", "retry-after": "5" } },
    );
  }
}
