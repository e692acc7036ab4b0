import "server-only";
import { createHash } from "node:crypto";
import { subDays } from "date-fns";
import { lt, lte, sql } from "drizzle-orm";
import { DESK_EVENT_VERSION, type DeskEvent } from "@/lib/schemas/desk-events";
import { matchingKeyIndex, matchingStandardKeyIndex, parseSignatureHeader, parseStandardSignatures, signatureHex, standardSignature } from "@/lib/platform/wire/webhook-signature";
import type { Db } from "../db/connect";
import type { StoredEvent } from "../events/inbox-events";
import { webhookInbox, webhookReceipts } from "../db/schema";
import { readPlatformEvent } from "@/lib/platform/client";
import { unstorableTextPath } from "./event-text";
import { log } from "../log";
import * as clock from "@/lib/clock";

export interface ReceiverSettings {
  /**
   * "platform": `t=<seconds>,v1=<hex HMAC>` in signatureHeader (the platform notes). "standard":
   * Standard Webhooks — the delivery id (deliveryIdHeader, webhook-id), timestampHeader
   * (webhook-timestamp) and `v1,<base64 HMAC of id.timestamp.body>` in signatureHeader (webhook-signature).
   */
  scheme?: "platform" | "standard";
  signatureHeader: string;
  deliveryIdHeader: string;
  /** Standard Webhooks only: the header holding the signed unix timestamp. */
  timestampHeader?: string;
  toleranceSeconds: number;
  maxBytes: number;
  /**
   * Unsafe opt-in (WEBHOOK_ALLOW_UNSIGNED): accept unsigned deliveries while no key exists. Off, a
   * receiver without a key refuses everything — fail closed, since anyone can reach it.
   */
  allowUnsigned?: boolean;
  /** Receipt log retention; pruned at most every PRUNE_EVERY_MS from the log's own write path. */
  retention?: { days: number; maxRows: number };
}

export interface ReceiverDeps {
  db: Db;
  /** Signing keys that verify right now; none means every delivery is refused unless allowUnsigned. */
  verifyingKeys(): Promise<string[]>;
  /**
   * Called after an event is stored, outside the request's critical path, with the desk's shape of
   * it as stored and the whole stored event (what the live feed announces: nothing reads it back).
   */
  onStored?(inboxId: number, event: DeskEvent, stored: StoredEvent): void;
  now?(): number;
}

export type ReceiveOutcome =
  | { status: 200; outcome: "accepted"; inboxId: number; deliveryKey: string }
  | { status: 200; outcome: "duplicate"; deliveryKey: string }
  | { status: 400 | 401 | 413 | 422 | 503; outcome: "rejected"; code: string; reason: string };

// A sender's clock a few seconds ahead is normal; more than this counts as "from the future".
const FUTURE_SKEW_SECONDS = 5;
const DELIVERY_ID = /^[\x21-\x7e]{1,200}$/;

const reject = (status: 400 | 401 | 413 | 422 | 503, code: string, reason: string): ReceiveOutcome => ({ status, outcome: "rejected", code, reason });

type ReceiptRow = typeof webhookReceipts.$inferInsert;
const RECEIPT_FLUSH_MS = 50;
const receiptQueues = new WeakMap<Db, { rows: ReceiptRow[]; timer?: ReturnType<typeof setTimeout>; writing?: Promise<unknown> }>();

function logReceipt(db: Db, row: ReceiptRow, retention?: ReceiverSettings["retention"]) {
  let queue = receiptQueues.get(db);
  if (!queue) receiptQueues.set(db, (queue = { rows: [] }));
  // Stamped with the desk's clock, which retention compares it with (not the database's now()).
  queue.rows.push({ at: clock.nowDate(), ...row });
  queue.timer ??= setTimeout(() => {
    const rows = queue.rows.splice(0);
    queue.timer = undefined;
    const writing = db
      .insert(webhookReceipts)
      .values(rows)
      .then(() => (retention ? maybePruneReceipts(db, retention) : undefined))
      .catch((err: unknown) => log().error({ rows: rows.length, err }, "webhook receipt log write failed"))
      .finally(() => {
        if (queue.writing === writing) queue.writing = undefined;
      });
    queue.writing = writing;
  }, RECEIPT_FLUSH_MS);
}

/** Resolves once every receipt logged so far is written (tests, and a shutdown that wants the log complete). */
export async function receiptsWritten(db: Db): Promise<void> {
  for (let queue = receiptQueues.get(db); queue && (queue.timer || queue.writing); queue = receiptQueues.get(db)) {
    await (queue.writing ?? new Promise((r) => setTimeout(r, RECEIPT_FLUSH_MS)));
  }
}

export const PRUNE_EVERY_MS = 10 * 60_000;
const lastPrune = new WeakMap<Db, number>();

/**
 * The log fills from unauthenticated traffic, so it is kept by age and by size: rows older than the
 * retention go, and beyond maxRows the oldest go first. Every instance may prune; deleting is idempotent.
 */
export async function pruneReceipts(db: Db, retention: { days: number; maxRows: number }, now = clock.now()): Promise<void> {
  await db.delete(webhookReceipts).where(lt(webhookReceipts.at, subDays(now, retention.days)));
  await db.delete(webhookReceipts).where(lte(webhookReceipts.id, sql`(select max(${webhookReceipts.id}) - ${retention.maxRows} from ${webhookReceipts})`));
}

/** Prunes when the last prune on this database is older than PRUNE_EVERY_MS; the promise says whether it ran. */
export async function maybePruneReceipts(db: Db, retention: { days: number; maxRows: number }, now = clock.now()): Promise<boolean> {
  const last = lastPrune.get(db);
  if (last !== undefined && now - last < PRUNE_EVERY_MS) return false;
  lastPrune.set(db, now);
  await pruneReceipts(db, retention, now);
  return true;
}

type InboxRow = typeof webhookInbox.$inferInsert & { deliveryKey: string; eventKey: string };
type Stored = { id: number; receivedAt: Date };
type Waiting = { row: InboxRow; done: (stored: Stored | null, err?: unknown) => void };
const MAX_INBOX_BATCH = 200;
const inboxQueues = new WeakMap<Db, { waiting: Waiting[]; draining: boolean }>();

/**
 * Group commit: deliveries that arrive while an insert is in flight share the next one, so a burst
 * costs a few transactions instead of one each. Each caller still hears back only after its row is
 * committed; the id is null when any of its keys was already stored (a duplicate).
 */
function storeInInbox(db: Db, row: InboxRow): Promise<Stored | null> {
  let queue = inboxQueues.get(db);
  if (!queue) inboxQueues.set(db, (queue = { waiting: [], draining: false }));
  const stored = new Promise<Stored | null>((resolve, reject) => queue.waiting.push({ row, done: (got, err) => (err ? reject(err) : resolve(got)) }));
  if (!queue.draining) {
    // Started after this turn of the event loop, so deliveries read in the same turn share the first insert too.
    queue.draining = true;
    setImmediate(() => void drainInbox(db, queue));
  }
  return stored;
}

async function drainInbox(db: Db, queue: { waiting: Waiting[]; draining: boolean }) {
  queue.draining = true;
  try {
    while (queue.waiting.length) {
      const batch = queue.waiting.splice(0, MAX_INBOX_BATCH);
      try {
        settle(batch, await insertNew(db, batch));
      } catch (err) {
        // One row the database refuses must not fail the others that happened to share its batch.
        if (batch.length === 1) batch[0]!.done(null, err);
        else for (const one of batch) await insertNew(db, [one]).then((ids) => settle([one], ids), (e: unknown) => one.done(null, e));
      }
    }
  } finally {
    queue.draining = false;
  }
}

const keysOf = (row: InboxRow) => [`d:${row.deliveryKey}`, `e:${row.eventKey}`, ...(row.signature ? [`s:${row.signature}`] : [])];

/** Inserts the first delivery of each key in the batch; the map names the rows the database took. */
async function insertNew(db: Db, batch: Waiting[]): Promise<Map<Waiting, Stored>> {
  const seen = new Set<string>();
  const first = batch.filter((w) => {
    const keys = keysOf(w.row);
    if (keys.some((k) => seen.has(k))) return false;
    keys.forEach((k) => seen.add(k));
    return true;
  });
  // No target: a conflict on any of the three unique keys makes the row a duplicate.
  const rows = await db
    .insert(webhookInbox)
    .values(first.map((w) => w.row))
    .onConflictDoNothing()
    .returning({ id: webhookInbox.id, deliveryKey: webhookInbox.deliveryKey, receivedAt: webhookInbox.receivedAt });
  const byKey = new Map(rows.map((r) => [r.deliveryKey, { id: r.id, receivedAt: r.receivedAt }]));
  return new Map(first.flatMap((w) => (byKey.has(w.row.deliveryKey) ? [[w, byKey.get(w.row.deliveryKey)!] as const] : [])));
}

/** Deliveries whose row was stored get its id; the rest of the batch, and known keys, are duplicates. */
function settle(batch: Waiting[], stored: Map<Waiting, Stored>) {
  for (const w of batch) w.done(stored.get(w) ?? null);
}


/**
 * The event's own identity, the same on every retry and every replay whatever the delivery headers
 * say: kind + transaction id + event time (spec 6.2), or the body's hash when the event lacks them.
 */
function eventKey(kind: string, transactionId: string | null, eventTime: number | null, bodyHash: string): string {
  // Hashed, so an id of any length fits the unique index.
  if (transactionId && eventTime !== null) return `event:${createHash("sha256").update(`${kind}|${transactionId}|${eventTime}`).digest("hex")}`;
  return bodyHash;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });
const NO_KEY_WARN_EVERY_MS = 60_000;
let lastNoKeyWarning = 0;

/**
 * Checks one delivery in the order that leaks least: size, signature and its age, then JSON.
 * Nothing reaches the inbox unless every check passed; a duplicate is answered 200 and dropped.
 * Only a failure of ours that may pass (the database unreachable) throws, so the platform retries;
 * whatever can never be stored is refused with a 4xx, which a platform does not retry.
 */
export async function receivePlatformEvent(
  headers: Headers,
  rawBody: Buffer | null,
  settings: ReceiverSettings,
  deps: ReceiverDeps,
): Promise<ReceiveOutcome> {
  const deliveryId = headers.get(settings.deliveryIdHeader)?.trim();
  const seen: { kind: string | null } = { kind: null };
  let result: ReceiveOutcome;
  try {
    result = await checkAndStore(headers, rawBody, settings, deps, deliveryId, seen);
  } catch (err) {
    if (!isPermanentDatabaseError(err)) throw err;
    // A value the database can never take (data exception, class 22; limit exceeded, 54): retrying cannot help.
    log().warn({ reason: err instanceof Error ? err.message : String(err) }, "webhook event refused by the database");
    result = reject(422, "unstorable", "The event contains a value that cannot be stored.");
  }
  const deliveryKey = "deliveryKey" in result ? result.deliveryKey : deliveryId && DELIVERY_ID.test(deliveryId) ? deliveryId : null;
  if (result.outcome === "rejected" && result.code === "no_signing_key" && clock.now() - lastNoKeyWarning > NO_KEY_WARN_EVERY_MS) {
    lastNoKeyWarning = clock.now();
    log().warn("webhook delivery refused: no signing key yet; connect the receiver in Settings (further refusals are in the delivery log)");
  }
  // The log write must not delay the answer to the platform; bursts become one insert.
  logReceipt(
    deps.db,
    {
      deliveryKey,
      outcome: result.outcome,
      status: result.status,
      reason: result.outcome === "rejected" ? result.reason : null,
      kind: seen.kind,
      inboxId: result.outcome === "accepted" ? result.inboxId : null,
    },
    settings.retention,
  );
  return result;
}

function isPermanentDatabaseError(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^(22|54)[0-9A-Z]{3}$/.test(code)) return true;
  }
  return false;
}

/** Standard Webhooks: id, timestamp and signature headers all present, the timestamp fresh, one key matching. */
function checkStandard(
  headers: Headers,
  header: string,
  rawBody: Buffer,
  keys: string[],
  settings: ReceiverSettings,
  deps: ReceiverDeps,
  deliveryId: string | undefined,
): ReceiveOutcome | { signature: string } {
  const timestampHeader = settings.timestampHeader ?? "webhook-timestamp";
  if (!deliveryId) return reject(401, "signature_missing", `The ${settings.deliveryIdHeader} header is required.`);
  const stamp = headers.get(timestampHeader)?.trim() ?? "";
  if (!/^\d{1,12}$/.test(stamp)) return reject(401, "signature_malformed", `The ${timestampHeader} header must be unix seconds.`);
  const signatures = parseStandardSignatures(header);
  if (!signatures) return reject(401, "signature_malformed", `The ${settings.signatureHeader} header is not in the form v1,<base64>.`);
  const timestamp = Number(stamp);
  const now = Math.floor((deps.now?.() ?? clock.now()) / 1000);
  if (timestamp > now + FUTURE_SKEW_SECONDS) return reject(401, "timestamp_in_future", "The signature's timestamp is in the future.");
  if (now - timestamp > settings.toleranceSeconds) return reject(401, "timestamp_too_old", `The signature is older than ${settings.toleranceSeconds} seconds.`);
  const index = matchingStandardKeyIndex(keys, deliveryId, timestamp, signatures, rawBody);
  if (index < 0) return reject(401, "signature_mismatch", "The signature does not match any configured signing key.");
  return { signature: standardSignature(keys[index]!, deliveryId, timestamp, rawBody) };
}

async function checkAndStore(
  headers: Headers,
  rawBody: Buffer | null,
  settings: ReceiverSettings,
  deps: ReceiverDeps,
  deliveryId: string | undefined,
  seen: { kind: string | null },
): Promise<ReceiveOutcome> {
  if (rawBody === null) return reject(413, "too_large", `The event body is larger than ${settings.maxBytes} bytes.`);
  const keys = await deps.verifyingKeys();
  const header = headers.get(settings.signatureHeader);
  let verification: "signed" | "unsigned" = "unsigned";
  let signature: string | null = null;
  if (keys.length === 0) {
    if (!settings.allowUnsigned) {
      return reject(401, "no_signing_key", "No signing key is configured yet: events are refused until an admin connects the receiver in Settings.");
    }
  } else {
    if (!header) return reject(401, "signature_missing", `The ${settings.signatureHeader} header is required.`);
    if (settings.scheme === "standard") {
      const checked = checkStandard(headers, header, rawBody, keys, settings, deps, deliveryId);
      if ("status" in checked) return checked;
      signature = checked.signature;
    } else {
      const parsed = parseSignatureHeader(header);
      if (!parsed) return reject(401, "signature_malformed", `The ${settings.signatureHeader} header is not in the form t=<seconds>,v1=<hex>.`);
      const now = Math.floor((deps.now?.() ?? clock.now()) / 1000);
      if (parsed.timestamp > now + FUTURE_SKEW_SECONDS) return reject(401, "timestamp_in_future", "The signature's timestamp is in the future.");
      if (now - parsed.timestamp > settings.toleranceSeconds) {
        return reject(401, "timestamp_too_old", `The signature is older than ${settings.toleranceSeconds} seconds.`);
      }
      const index = matchingKeyIndex(keys, parsed, rawBody);
      if (index < 0) return reject(401, "signature_mismatch", "The signature does not match any configured signing key.");
      signature = signatureHex(keys[index]!, parsed.timestamp, rawBody);
    }
    verification = "signed";
  }
  let text: string;
  try {
    text = utf8.decode(rawBody);
  } catch {
    return reject(400, "not_utf8", "The event body is not UTF-8 text.");
  }
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return reject(400, "malformed_json", "The event body is not valid JSON.");
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return reject(422, "not_an_event", "The event body must be a JSON object.");
  // Every field is refused, none stripped: the stored payload is what the platform signed, and an id
  // or link with a character removed would name something else. NUL and lone surrogates cannot be stored.
  const bad = unstorableTextPath(payload);
  if (bad) {
    return bad.kind === "too_deep"
      ? reject(422, "too_deep", "The event body is nested too deeply.")
      : reject(422, "unsupported_character", `The event field ${bad.path.slice(0, 120) || "(a key)"} contains a character that cannot be stored (NUL or a lone surrogate).`);
  }
  // Read once, here: the inbox keeps the signed body and the event in the desk's own shape.
  const reading = readPlatformEvent(payload as Record<string, unknown>);
  seen.kind = reading.kind;
  if (!reading.ok) return reject(422, "not_an_event", reading.reason);
  const bodyHash = `sha256:${createHash("sha256").update(rawBody).digest("hex")}`;
  const key = deliveryId && DELIVERY_ID.test(deliveryId) ? deliveryId : bodyHash;
  const row = {
    deliveryKey: key,
    eventKey: eventKey(reading.kind, reading.transactionId, reading.eventTime, bodyHash),
    signature,
    kind: reading.kind,
    verification,
    occurredAt: reading.occurredAt,
    payload,
    deskEvent: reading.event,
    deskEventVersion: DESK_EVENT_VERSION,
  };
  const stored = await storeInInbox(deps.db, row);
  if (stored === null) return { status: 200, outcome: "duplicate", deliveryKey: key };
  deps.onStored?.(stored.id, reading.event, { id: stored.id, kind: row.kind, verification, occurredAt: row.occurredAt ?? null, receivedAt: stored.receivedAt, event: reading.event });
  return { status: 200, outcome: "accepted", inboxId: stored.id, deliveryKey: key };
}
