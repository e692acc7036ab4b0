import "server-only";
import { createHash } from "node:crypto";
import { matchingKeyIndex, parseSignatureHeader } from "@/lib/schemas/webhook-signature";
import type { Db } from "../db/connect";
import { webhookInbox, webhookReceipts } from "../db/schema";

export interface ReceiverSettings {
  signatureHeader: string;
  deliveryIdHeader: string;
  toleranceSeconds: number;
  maxBytes: number;
}

export interface ReceiverDeps {
  db: Db;
  /** Signing keys that verify right now; none means deliveries are accepted unsigned (platform notes). */
  verifyingKeys(): Promise<string[]>;
  /** Called after an event is stored, outside the request's critical path. */
  onStored?(inboxId: number): void;
  now?(): number;
}

export type ReceiveOutcome =
  | { status: 200; outcome: "accepted"; inboxId: number; deliveryKey: string }
  | { status: 200; outcome: "duplicate"; deliveryKey: string }
  | { status: 400 | 401 | 413 | 422; outcome: "rejected"; code: string; reason: string };

// A sender's clock a few seconds ahead is normal; more than this counts as "from the future".
const FUTURE_SKEW_SECONDS = 5;
const DELIVERY_ID = /^[\x21-\x7e]{1,200}$/;

const reject = (status: 400 | 401 | 413 | 422, code: string, reason: string): ReceiveOutcome => ({ status, outcome: "rejected", code, reason });

type ReceiptRow = typeof webhookReceipts.$inferInsert;
const RECEIPT_FLUSH_MS = 50;
const receiptQueues = new WeakMap<Db, { rows: ReceiptRow[]; timer?: ReturnType<typeof setTimeout> }>();

function logReceipt(db: Db, row: ReceiptRow) {
  let queue = receiptQueues.get(db);
  if (!queue) receiptQueues.set(db, (queue = { rows: [] }));
  queue.rows.push(row);
  queue.timer ??= setTimeout(() => {
    const rows = queue.rows.splice(0);
    queue.timer = undefined;
    void db
      .insert(webhookReceipts)
      .values(rows)
      .catch((err: unknown) => console.error(`webhook receipt log write failed (${rows.length} rows)`, err));
  }, RECEIPT_FLUSH_MS);
}

type InboxRow = typeof webhookInbox.$inferInsert & { deliveryKey: string };
type Waiting = { row: InboxRow; done: (inboxId: number | null, err?: unknown) => void };
const MAX_INBOX_BATCH = 200;
const inboxQueues = new WeakMap<Db, { waiting: Waiting[]; draining: boolean }>();

/**
 * Group commit: deliveries that arrive while an insert is in flight share the next one, so a burst
 * costs a few transactions instead of one each. Each caller still hears back only after its row is
 * committed; the id is null when the delivery key was already stored (a duplicate).
 */
function storeInInbox(db: Db, row: InboxRow): Promise<number | null> {
  let queue = inboxQueues.get(db);
  if (!queue) inboxQueues.set(db, (queue = { waiting: [], draining: false }));
  const stored = new Promise<number | null>((resolve, reject) => queue.waiting.push({ row, done: (id, err) => (err ? reject(err) : resolve(id)) }));
  if (!queue.draining) void drainInbox(db, queue);
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

async function insertNew(db: Db, batch: Waiting[]): Promise<Map<string, number>> {
  const firstOfEachKey = [...new Map(batch.map((w) => [w.row.deliveryKey, w.row])).values()];
  const rows = await db
    .insert(webhookInbox)
    .values(firstOfEachKey)
    .onConflictDoNothing({ target: webhookInbox.deliveryKey })
    .returning({ id: webhookInbox.id, deliveryKey: webhookInbox.deliveryKey });
  return new Map(rows.map((r) => [r.deliveryKey, r.id]));
}

/** The first delivery of a newly stored key gets its id; later ones in the batch, and known keys, are duplicates. */
function settle(batch: Waiting[], idByKey: Map<string, number>) {
  for (const w of batch) {
    const id = idByKey.get(w.row.deliveryKey);
    idByKey.delete(w.row.deliveryKey);
    w.done(id ?? null);
  }
}

/** Reads the body up to the limit; over it, stops reading and reports null. */
export async function readLimitedBody(req: Request, maxBytes: number): Promise<Buffer | null> {
  if (Number(req.headers.get("content-length") ?? "0") > maxBytes) return null;
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

function occurredAt(payload: Record<string, unknown>): Date | null {
  const t = typeof payload.event_time === "number" ? payload.event_time : typeof payload.timestamp === "number" ? payload.timestamp : undefined;
  if (t === undefined || !Number.isFinite(t) || t <= 0) return null;
  // Seconds or milliseconds: the spec says "timestamp" without a unit.
  const d = new Date(t < 1e12 ? t * 1000 : t);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * Checks one delivery in the order that leaks least: size, signature and its age, then JSON.
 * Nothing reaches the inbox unless every check passed; a duplicate is answered 200 and dropped.
 */
export async function receivePlatformEvent(
  headers: Headers,
  rawBody: Buffer | null,
  settings: ReceiverSettings,
  deps: ReceiverDeps,
): Promise<ReceiveOutcome> {
  const deliveryId = headers.get(settings.deliveryIdHeader)?.trim();
  const seen: { kind: string | null } = { kind: null };
  const result = await checkAndStore(headers, rawBody, settings, deps, deliveryId, seen);
  const deliveryKey = "deliveryKey" in result ? result.deliveryKey : deliveryId && DELIVERY_ID.test(deliveryId) ? deliveryId : null;
  // The log write must not delay the answer to the platform; bursts become one insert.
  logReceipt(deps.db, {
    deliveryKey,
    outcome: result.outcome,
    status: result.status,
    reason: result.outcome === "rejected" ? result.reason : null,
    kind: seen.kind,
    inboxId: result.outcome === "accepted" ? result.inboxId : null,
  });
  return result;
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
  if (keys.length > 0) {
    if (!header) return reject(401, "signature_missing", `The ${settings.signatureHeader} header is required.`);
    const parsed = parseSignatureHeader(header);
    if (!parsed) return reject(401, "signature_malformed", `The ${settings.signatureHeader} header is not in the form t=<seconds>,v1=<hex>.`);
    const now = Math.floor((deps.now?.() ?? Date.now()) / 1000);
    if (parsed.timestamp > now + FUTURE_SKEW_SECONDS) return reject(401, "timestamp_in_future", "The signature's timestamp is in the future.");
    if (now - parsed.timestamp > settings.toleranceSeconds) {
      return reject(401, "timestamp_too_old", `The signature is older than ${settings.toleranceSeconds} seconds.`);
    }
    if (matchingKeyIndex(keys, parsed, rawBody) < 0) return reject(401, "signature_mismatch", "The signature does not match any configured signing key.");
    verification = "signed";
  }
  // PostgreSQL's jsonb cannot hold a NUL character; refuse it plainly rather than fail to store.
  if (rawBody.includes("\\u0000")) return reject(422, "unsupported_character", "The event body contains a NUL character (\\u0000).");
  let payload: unknown;
  try {
    payload = JSON.parse(rawBody.toString("utf8"));
  } catch {
    return reject(400, "malformed_json", "The event body is not valid JSON.");
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) return reject(422, "not_an_event", "The event body must be a JSON object.");
  const event = (payload as Record<string, unknown>).event;
  if (typeof event !== "string" || !event.trim() || event.length > 200) return reject(422, "not_an_event", "The event body has no `event` kind.");
  seen.kind = event;
  const key = deliveryId && DELIVERY_ID.test(deliveryId) ? deliveryId : `sha256:${createHash("sha256").update(rawBody).digest("hex")}`;
  const inboxId = await storeInInbox(deps.db, { deliveryKey: key, kind: event, verification, occurredAt: occurredAt(payload as Record<string, unknown>), payload });
  if (inboxId === null) return { status: 200, outcome: "duplicate", deliveryKey: key };
  deps.onStored?.(inboxId);
  return { status: 200, outcome: "accepted", inboxId, deliveryKey: key };
}
