import "server-only";
import { EventEmitter } from "node:events";
import { asc, desc, gt, inArray, lt, sql } from "drizzle-orm";
import pg from "pg";
import type { LiveEvent } from "@/lib/schemas/live-events";
import type { Db } from "../db/connect";
import { webhookInbox } from "../db/schema";
import { INBOX_EVENT_COLUMNS } from "./inbox-events";
import type { DirectoryPrefill } from "../slots/clinic-directory";
import { toLiveEvents, type ReshapeOptions } from "./live-event";
import { log as appLog } from "../log";

export const NOTIFY_CHANNEL = "clinic_live_events";

export interface LiveHub {
  /** Announces a stored inbox event to every live feed, on every app instance. */
  publish(inboxId: number): void;
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /** Events after `id`, oldest first (SSE resume). */
  since(id: number, limit?: number): Promise<LiveEvent[]>;
  /** History, newest first. */
  history(opts: { limit: number; before?: number }): Promise<LiveEvent[]>;
  listeners(): number;
  /** Events announced while this instance had no live feed open, so never read (tests, diagnostics). */
  skipped(): number;
  /** Resolves once the hub knows the last stored id and, with PostgreSQL, listens for other instances. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Fan-out of stored events to the live feeds of this instance. With PostgreSQL, a NOTIFY carries
 * the inbox id to every instance (this one included), each of which loads the row and pushes it;
 * after a lost LISTEN connection it catches up from the last id it saw, so nothing is skipped.
 * An instance without subscribers reads nothing: the announcements only move its last id on.
 */
export function createLiveHub(opts: {
  db: Db;
  databaseUrl?: string;
  log?: (msg: string, err?: unknown) => void;
  reshape?: ReshapeOptions & { prefillDirectory?: DirectoryPrefill };
}): LiveHub {
  const { db } = opts;
  const reshape = opts.reshape ?? {};
  const log = opts.log ?? ((msg: string, err?: unknown) => appLog().warn({ err }, msg));
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let lastSeen = 0;
  let closed = false;
  let pending: number[] = [];
  let flushing: Promise<void> | undefined;
  let skipped = 0;

  // Ids arriving together are loaded in one query, in order. An instance with no live feed open
  // skips the read: nobody here would see those events, and a feed that opens later gets what it
  // missed from the inbox itself (its resume reads after its last id), not from this hub.
  function skip(ids: number[]) {
    lastSeen = Math.max(lastSeen, ...ids);
    skipped += ids.length;
  }
  function deliver(ids: number[]) {
    // Decided here, synchronously, when no read is in flight: a loop that ended without awaiting
    // would leave `flushing` set until its promise settles, and ids pushed meanwhile would wait.
    if (!flushing && emitter.listenerCount("event") === 0) return skip(ids);
    pending.push(...ids);
    flushing ??= (async () => {
      while (pending.length && !closed) {
        const batch = [...new Set(pending)].sort((a, b) => a - b);
        pending = [];
        // The last feed may have closed while the previous batch was read.
        if (emitter.listenerCount("event") === 0) {
          skip(batch);
          continue;
        }
        try {
          const rows = await db.select(INBOX_EVENT_COLUMNS).from(webhookInbox).where(inArray(webhookInbox.id, batch)).orderBy(asc(webhookInbox.id));
          for (const e of await toLiveEvents(db, rows, reshape)) {
            if (e.id > lastSeen) lastSeen = e.id;
            emitter.emit("event", e);
          }
        } catch (err) {
          log("live feed could not load events", err);
        }
      }
    })().finally(() => (flushing = undefined));
  }

  let client: pg.Client | undefined;
  let retryMs = 500;
  async function listen() {
    if (!opts.databaseUrl || closed) return;
    const c = new pg.Client({ connectionString: opts.databaseUrl });
    c.on("notification", (msg) => {
      const ids = (msg.payload ?? "").split(",").map(Number).filter(Number.isSafeInteger);
      if (ids.length) deliver(ids);
    });
    c.on("error", (err) => {
      log("live feed LISTEN connection failed; reconnecting", err);
      void c.end().catch(() => {});
      if (client === c) client = undefined;
      scheduleReconnect();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${NOTIFY_CHANNEL}`);
      client = c;
      retryMs = 500;
      if (closed) return void (await c.end());
      // Anything stored while we were not listening.
      const missed = await db.select({ id: webhookInbox.id }).from(webhookInbox).where(gt(webhookInbox.id, lastSeen)).orderBy(asc(webhookInbox.id)).limit(500);
      if (lastSeen > 0 && missed.length) deliver(missed.map((r) => r.id));
    } catch (err) {
      log("live feed could not LISTEN; retrying", err);
      void c.end().catch(() => {});
      scheduleReconnect();
    }
  }
  function scheduleReconnect() {
    if (closed) return;
    const wait = retryMs;
    retryMs = Math.min(retryMs * 2, 15_000);
    setTimeout(() => void listen(), wait).unref();
  }
  const ready = (async () => {
    const [last] = await db.select({ id: webhookInbox.id }).from(webhookInbox).orderBy(desc(webhookInbox.id)).limit(1);
    lastSeen = Math.max(lastSeen, last?.id ?? 0);
    await listen();
  })().catch((err: unknown) => log("live feed failed to start", err));

  // Ids published in the same turn of the event loop (a group-committed batch settles its callers
  // together) or while a NOTIFY is in flight go out together in the next one.
  const toNotify: number[] = [];
  let notifying = false;
  async function notifyPending() {
    while (toNotify.length) {
      const ids = toNotify.splice(0, NOTIFY_MAX_IDS);
      await notify(db, ids).catch((err: unknown) => {
        log("NOTIFY failed; delivering on this instance only", err);
        deliver(ids);
      });
    }
    notifying = false;
  }

  return {
    publish(inboxId) {
      if (!opts.databaseUrl) return deliver([inboxId]);
      toNotify.push(inboxId);
      if (notifying) return;
      notifying = true;
      setImmediate(() => void notifyPending());
    },
    subscribe(listener) {
      emitter.on("event", listener);
      return () => emitter.off("event", listener);
    },
    async since(id, limit = 500) {
      const rows = await db.select(INBOX_EVENT_COLUMNS).from(webhookInbox).where(gt(webhookInbox.id, id)).orderBy(asc(webhookInbox.id)).limit(limit);
      return toLiveEvents(db, rows, reshape);
    },
    async history({ limit, before }) {
      const rows = await db
        .select(INBOX_EVENT_COLUMNS)
        .from(webhookInbox)
        .where(before ? lt(webhookInbox.id, before) : undefined)
        .orderBy(desc(webhookInbox.id))
        .limit(limit);
      return toLiveEvents(db, rows, reshape);
    },
    listeners: () => emitter.listenerCount("event"),
    skipped: () => skipped,
    ready: () => ready,
    async close() {
      closed = true;
      await ready;
      await client?.end().catch(() => {});
      await flushing;
    },
  };
}

// A NOTIFY payload must stay under 8000 bytes: 500 ids of up to 15 digits and commas fit.
const NOTIFY_MAX_IDS = 500;

async function notify(db: Db, inboxIds: number[]) {
  await db.execute(sql`select pg_notify(${NOTIFY_CHANNEL}, ${inboxIds.join(",")})`);
}
