import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { and, desc, eq, sql } from "drizzle-orm";
import { env } from "@/lib/env";
import type { NewWebhookSubscription, SigningKeyIssued, WebhookReceipt, WebhookSettingsView } from "@/lib/schemas/webhook-settings";
import { DEFAULT_SIGNATURE_HEADER } from "@/lib/platform/wire/webhook-names";
import type { Db } from "../db/connect";
import { webhookReceipts, webhookRegistrationLeases, webhookSubscriptions } from "../db/schema";
import { AppError, ConflictError, NotFoundError, PlatformRejectedError, ValidationError } from "../errors";
import type { StaffPlatform, WebhookSubscription } from "@/lib/platform/client";
import { log } from "../log";
import { endpointRefusal, type Resolve } from "./endpoint-guard";
import { generateSigningKey, type SigningKeyStore } from "./signing-keys";
import * as clock from "@/lib/clock";

export interface SubscriptionDeps {
  platform: StaffPlatform;
  keys: SigningKeyStore;
  db: Db;
  /** Where endpoints may point; defaults to the configuration (the platform's demo capability, WEBHOOK_ENDPOINT_ALLOW). */
  guard?: { demoPlatform: boolean; allow: string[]; onPremise?: boolean; resolve?: Resolve };
}

/** Where the platform should POST events for this app: its public URL plus the receiver path. */
export function receiverUrl(): string {
  return `${env().appUrl}/api/webhooks/platform`;
}

const overlapMs = () => env().webhooks.keyOverlapHours * 3_600_000;

/** 404 or 405 to the list or delete: the platform has only what spec 4.2 documents (creating a subscription). */
const beyondThisPlatform = (err: unknown) => err instanceof PlatformRejectedError && (err.platformStatus === 404 || err.platformStatus === 405);

/** The desk's own record of what it subscribed and has not removed. */
async function deskRecord(db: Db): Promise<WebhookSubscription[]> {
  const rows = await db.select().from(webhookSubscriptions).where(sql`${webhookSubscriptions.removedAt} is null`).orderBy(webhookSubscriptions.createdAt);
  return rows.map((r) => ({
    id: r.id,
    endpoint: r.endpoint,
    eventNames: r.eventNames,
    protocol: r.protocol,
    createdAt: r.createdAt.toISOString(),
    deliverable: r.protocol === "http" || r.protocol === "https",
  }));
}

/**
 * The subscriptions as the platform lists them when it can (the notes' list call), otherwise the
 * desk's own record of what it registered, and which of the two it is.
 */
export async function knownSubscriptions(platform: StaffPlatform, db: Db): Promise<{ subscriptions: WebhookSubscription[]; listedBy: "platform" | "desk" }> {
  try {
    return { subscriptions: await platform.webhooks.list(), listedBy: "platform" };
  } catch (err) {
    if (!beyondThisPlatform(err)) throw err;
    return { subscriptions: await deskRecord(db), listedBy: "desk" };
  }
}

export async function webhookSettingsView(platform: StaffPlatform, keys: SigningKeyStore, db: Db): Promise<WebhookSettingsView> {
  const config = env();
  // The key list is asked first: were it to fail at once, no platform call is left running unawaited.
  const keyList = keys.list();
  const [{ subscriptions: subs, listedBy }, keyRows] = await Promise.all([knownSubscriptions(platform, db), keyList]);
  const receiver = receiverUrl();
  return {
    receiverUrl: receiver,
    testEvents: Boolean(platform.demo),
    listedBy,
    signatureHeader: config.webhooks.signatureHeader ?? DEFAULT_SIGNATURE_HEADER,
    toleranceSeconds: config.webhooks.toleranceSeconds,
    keyOverlapHours: config.webhooks.keyOverlapHours,
    intake: { hasKey: keyRows.some((k) => !k.expiresAt || k.expiresAt.getTime() > clock.now()), allowUnsigned: config.webhooks.allowUnsigned },
    subscriptions: subs.map((s) => ({
      ...s,
      keyHint: keyRows.find((k) => k.subscriptionId === s.id && !k.expiresAt)?.hint ?? null,
      pointsHere: s.endpoint === receiver,
    })),
    keys: keyRows.map((k) => ({ ...k, createdAt: k.createdAt.toISOString(), expiresAt: k.expiresAt?.toISOString() ?? null })),
  };
}

// Longer than any platform call may take; a lease left by a crashed instance lapses after it.
const LEASE_SECONDS = 60;

/**
 * Runs `fn` holding the endpoint's registration lease: a row only one caller can take, so two
 * admins (or two instances) registering the same endpoint at once cannot both pass the twin check.
 */
async function withEndpointLease<T>(db: Db, url: string, fn: () => Promise<T>): Promise<T> {
  // Hashed: an endpoint of any length fits the primary key's index.
  const endpoint = createHash("sha256").update(url).digest("hex");
  const holder = randomUUID();
  const [taken] = await db
    .insert(webhookRegistrationLeases)
    .values({ endpoint, holder })
    .onConflictDoUpdate({
      target: webhookRegistrationLeases.endpoint,
      set: { holder, takenAt: sql`now()` },
      setWhere: sql`${webhookRegistrationLeases.takenAt} < now() - make_interval(secs => ${LEASE_SECONDS})`,
    })
    .returning({ holder: webhookRegistrationLeases.holder });
  if (taken?.holder !== holder) {
    const detail = "This endpoint is being registered right now (another tab or admin). Wait a moment and reload the list.";
    throw new AppError(409, "Conflict", detail, { code: "registration_in_progress", errors: { endpoint: detail } });
  }
  try {
    return await fn();
  } finally {
    await db.delete(webhookRegistrationLeases).where(and(eq(webhookRegistrationLeases.endpoint, endpoint), eq(webhookRegistrationLeases.holder, holder)));
  }
}

/**
 * The key is stored before the platform knows it, so the very first delivery already verifies.
 * A second subscription sending the same kinds to the same endpoint would deliver every event twice
 * (each with its own delivery id), so it is refused; rotation names the subscription it replaces.
 */
export async function registerSubscription(deps: SubscriptionDeps, input: NewWebhookSubscription, opts: { replacing?: string } = {}): Promise<SigningKeyIssued> {
  const { platform, keys } = deps;
  if (input.protocol === "http" || input.protocol === "https") {
    const config = env();
    const refusal = await endpointRefusal(input.endpoint, deps.guard ?? { demoPlatform: Boolean(platform.demo), allow: config.webhooks.endpointAllow, onPremise: config.webhooks.onPremiseReceiver });
    if (refusal) throw new ValidationError({ endpoint: refusal }, refusal);
  }
  return withEndpointLease(deps.db, input.endpoint, async () => {
    const twin = (await knownSubscriptions(platform, deps.db)).subscriptions.find(
      (s) => s.id !== opts.replacing && s.endpoint === input.endpoint && s.protocol.toLowerCase() === input.protocol && s.eventNames.some((e) => (input.eventNames as string[]).includes(e)),
    );
    if (twin) {
      const detail = `Subscription ${twin.id} already sends these events to this endpoint; a second one would deliver each event twice. Rotate its key or delete it instead.`;
      throw new AppError(409, "Conflict", detail, { code: "duplicate_subscription", errors: { endpoint: detail } });
    }
    const signingKey = generateSigningKey(env().webhooks.signatureScheme);
    const stored = await keys.add(signingKey, null);
    try {
      const created = await platform.webhooks.subscribe({ ...input, signingKey });
      await keys.linkToSubscription(stored.id, created.id);
      await deps.db
        .insert(webhookSubscriptions)
        .values({ id: created.id, endpoint: input.endpoint, eventNames: [...input.eventNames], protocol: input.protocol })
        .onConflictDoUpdate({ target: webhookSubscriptions.id, set: { endpoint: input.endpoint, eventNames: [...input.eventNames], protocol: input.protocol, removedAt: null } });
      return { subscriptionId: created.id, signingKey, ...(opts.replacing ? { replaces: opts.replacing } : {}) };
    } catch (err) {
      await keys.remove(stored.id);
      throw err;
    }
  });
}

/**
 * Deletes on the platform when it has a delete call; when it answers 404/405 and the desk registered
 * this subscription, the desk forgets it and retires its key, so its deliveries stop verifying.
 */
export async function removeSubscription({ platform, keys, db }: Pick<SubscriptionDeps, "platform" | "keys" | "db">, id: string): Promise<void> {
  try {
    await platform.webhooks.remove(id);
  } catch (err) {
    const [own] = await db.select({ id: webhookSubscriptions.id }).from(webhookSubscriptions).where(and(eq(webhookSubscriptions.id, id), sql`${webhookSubscriptions.removedAt} is null`));
    if (!own || !beyondThisPlatform(err)) throw err;
    log().warn({ subscriptionId: id }, "the platform has no webhook delete call: the subscription is forgotten here and its key retired");
  }
  await db.update(webhookSubscriptions).set({ removedAt: clock.nowDate() }).where(eq(webhookSubscriptions.id, id));
  // Retries already on their way still verify during the overlap window.
  await keys.retire({ subscriptionId: id }, overlapMs());
}

/**
 * The platform has no update call: rotation registers the same endpoint and kinds with a new key
 * under a new subscription id, then drops the old one; the answer names both ids.
 */
export async function rotateSubscriptionKey(deps: SubscriptionDeps, id: string): Promise<SigningKeyIssued> {
  const current = (await knownSubscriptions(deps.platform, deps.db)).subscriptions.find((s) => s.id === id);
  if (!current) throw new NotFoundError(`There is no webhook subscription ${id}.`);
  const protocol = current.protocol.toLowerCase();
  if (protocol !== "http" && protocol !== "https" && protocol !== "sqs" && protocol !== "lambda") throw new ConflictError(`Unknown protocol ${current.protocol}.`);
  const issued = await registerSubscription(deps, { endpoint: current.endpoint, eventNames: current.eventNames as NewWebhookSubscription["eventNames"], protocol }, { replacing: id });
  await removeSubscription(deps, id);
  return issued;
}

export async function recentReceipts(db: Db, limit = 50): Promise<WebhookReceipt[]> {
  const rows = await db.select().from(webhookReceipts).orderBy(desc(webhookReceipts.id)).limit(limit);
  return rows.map((r) => ({ id: r.id, at: r.at.toISOString(), outcome: r.outcome, status: r.status, reason: r.reason, kind: r.kind, deliveryKey: r.deliveryKey }));
}
