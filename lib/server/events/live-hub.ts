import "server-only";
import { EventEmitter } from "node:events";
import { asc, desc, gt, inArray, lt } from "drizzle-orm";
import { DeskEvent } from "@/lib/schemas/desk-events";
import type { LiveEvent } from "@/lib/schemas/live-events";
import type { Db } from "../db/connect";
import { webhookInbox } from "../db/schema";
import { createPubSub, NOTIFY_MAX_BYTES, type PubSub } from "../pubsub";
import { INBOX_EVENT_COLUMNS, type StoredEvent } from "./inbox-events";
import { storedToLiveEvents, toLiveEvents, type ReshapeOptions } from "./live-event";
import type { DirectoryPrefill } from "../slots/clinic-directory";
import { log as appLog } from "../log";

export const NOTIFY_CHANNEL = "clinic_live_events";

export interface LiveHub {
  /**
   * Announces an event just stored to every live feed, on every app instance. Given what was
   * written, the feeds get it as is; given only its id, each instance reads the row.
   */
  publish(written: StoredEvent | number): void;
  subscribe(listener: (event: LiveEvent) => void): () => void;
  /** Events after `id`, oldest first (SSE resume). */
  since(id: number, limit?: number): Promise<LiveEvent[]>;
  /** History, newest first. */
  history(opts: { limit: number; before?: number }): Promise<LiveEvent[]>;
  listeners(): number;
  /** Events announced while this instance had no live feed open, so never shown (tests, diagnostics). */
  skipped(): number;
  /** Resolves once the hub knows the last stored id and, with PostgreSQL, listens for other instances. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** One announcement: stored events as written, and ids of events too large to carry (read from the inbox). */
interface Announcement {
  events: StoredEvent[];
  ids: number[];
}

const WireStored = (e: StoredEvent) => ({ ...e, occurredAt: e.occurredAt?.toISOString() ?? null, receivedAt: e.receivedAt.toISOString() });
const encode = (a: Announcement) => JSON.stringify({ events: a.events.map(WireStored), ids: a.ids });
function decode(payload: string): Announcement | undefined {
  const raw = JSON.parse(payload) as { events?: unknown; ids?: unknown };
  if (!Array.isArray(raw.events) || !Array.isArray(raw.ids)) return undefined;
  const ids = raw.ids.filter((i): i is number => Number.isSafeInteger(i));
  const events: StoredEvent[] = [];
  for (const e of raw.events as Record<string, unknown>[]) {
    const event = DeskEvent.safeParse(e?.event);
    const receivedAt = new Date(String(e?.receivedAt));
    if (!event.success || !Number.isSafeInteger(e.id) || Number.isNaN(receivedAt.getTime())) continue;
    events.push({
      id: e.id as number,
      kind: String(e.kind),
      verification: e.verification === "signed" ? "signed" : "unsigned",
      occurredAt: typeof e.occurredAt === "string" ? new Date(e.occurredAt) : null,
      receivedAt,
      event: event.data,
    });
  }
  return { events, ids };
}

/** Splits what is to be announced into NOTIFY-sized announcements; an event too large to carry goes as its id. */
function announcements(items: (StoredEvent | number)[]): Announcement[] {
  const out: Announcement[] = [];
  let current: Announcement = { events: [], ids: [] };
  let size = 30;
  for (const item of items) {
    const cost = typeof item === "number" ? 17 : encode({ events: [item], ids: [] }).length;
    const carried: StoredEvent | number = typeof item !== "number" && cost > NOTIFY_MAX_BYTES / 2 ? item.id : item;
    const itemCost = typeof carried === "number" ? 17 : cost;
    if (size + itemCost > NOTIFY_MAX_BYTES && (current.events.length || current.ids.length)) {
      out.push(current);
      current = { events: [], ids: [] };
      size = 30;
    }
    if (typeof carried === "number") current.ids.push(carried);
    else current.events.push(carried);
    size += itemCost;
  }
  if (current.events.length || current.ids.length) out.push(current);
  return out;
}

/**
 * Fan-out of stored events to the live feeds of this instance, over the desk's pub-sub
 * (lib/server/pubsub.ts). The receiver announces what it has just written, and that is what every
 * instance shows: the inbox row is not read back. After a lost LISTEN connection an instance
 * catches up from the last id it saw by reading the inbox, so nothing is skipped. An instance
 * without subscribers reads nothing: the announcements only move its last id on.
 */
export function createLiveHub(opts: {
  db: Db;
  /** The desk's pub-sub; without one (tests) the hub makes its own from databaseUrl. */
  pubsub?: PubSub;
  databaseUrl?: string;
  log?: (msg: string, err?: unknown) => void;
  reshape?: ReshapeOptions & { prefillDirectory?: DirectoryPrefill };
}): LiveHub & {
  /** Inbox rows read to show announced events (tests, diagnostics): none for events announced with what was written. */
  rowsRead(): number;
} {
  const { db } = opts;
  const reshape = opts.reshape ?? {};
  const log = opts.log ?? ((msg: string, err?: unknown) => appLog().warn({ err }, msg));
  const own = opts.pubsub ? undefined : createPubSub({ db, databaseUrl: opts.databaseUrl, log });
  const pubsub = opts.pubsub ?? own!;
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let lastSeen = 0;
  let closed = false;
  let pending: (StoredEvent | number)[] = [];
  let flushing: Promise<void> | undefined;
  let skipped = 0;
  let rowsRead = 0;
  const idOf = (item: StoredEvent | number) => (typeof item === "number" ? item : item.id);

  // Events arriving together are shown together, in order; those announced by id only are loaded in
  // one query. An instance with no live feed open shows nothing: nobody here would see those events,
  // and a feed that opens later gets what it missed from the inbox itself (its resume reads after its
  // last id), not from this hub.
  function skip(items: (StoredEvent | number)[]) {
    lastSeen = Math.max(lastSeen, ...items.map(idOf));
    skipped += items.length;
  }
  function deliver(items: (StoredEvent | number)[]) {
    // Decided here, synchronously, when nothing is in flight: a loop that ended without awaiting
    // would leave `flushing` set until its promise settles, and items pushed meanwhile would wait.
    if (!flushing && emitter.listenerCount("event") === 0) return skip(items);
    pending.push(...items);
    flushing ??= (async () => {
      while (pending.length && !closed) {
        const byId = new Map<number, StoredEvent | number>();
        // What was written wins over a bare id for the same event.
        for (const item of pending) if (typeof byId.get(idOf(item)) !== "object") byId.set(idOf(item), item);
        const batch = [...byId.values()].sort((a, b) => idOf(a) - idOf(b));
        pending = [];
        // The last feed may have closed while the previous batch was read.
        if (emitter.listenerCount("event") === 0) {
          skip(batch);
          continue;
        }
        try {
          const ids = batch.filter((i): i is number => typeof i === "number");
          const written = batch.filter((i): i is StoredEvent => typeof i !== "number");
          const [fromInbox, asWritten] = await Promise.all([
            ids.length ? db.select(INBOX_EVENT_COLUMNS).from(webhookInbox).where(inArray(webhookInbox.id, ids)).orderBy(asc(webhookInbox.id)) : [],
            storedToLiveEvents(db, written, reshape),
          ]);
          rowsRead += fromInbox.length;
          const events = [...asWritten, ...(fromInbox.length ? await toLiveEvents(db, fromInbox, reshape) : [])].sort((a, b) => a.id - b.id);
          for (const e of events) {
            if (e.id > lastSeen) lastSeen = e.id;
            emitter.emit("event", e);
          }
        } catch (err) {
          log("live feed could not show events", err);
        }
      }
    })().finally(() => (flushing = undefined));
  }

  const channel = pubsub.channel<Announcement>(NOTIFY_CHANNEL, {
    encode,
    decode,
    // Anything stored while this instance was not listening, read from the inbox.
    onReconnect() {
      void db
        .select({ id: webhookInbox.id })
        .from(webhookInbox)
        .where(gt(webhookInbox.id, lastSeen))
        .orderBy(asc(webhookInbox.id))
        .limit(500)
        .then((missed) => {
          if (lastSeen > 0 && missed.length) deliver(missed.map((r) => r.id));
        })
        .catch((err: unknown) => log("live feed could not catch up after reconnecting", err));
    },
  });
  const unsubscribe = channel.subscribe((a) => deliver([...a.events, ...a.ids]));

  const ready = (async () => {
    const [last] = await db.select({ id: webhookInbox.id }).from(webhookInbox).orderBy(desc(webhookInbox.id)).limit(1);
    lastSeen = Math.max(lastSeen, last?.id ?? 0);
    await pubsub.ready();
  })().catch((err: unknown) => log("live feed failed to start", err));

  // Events published in the same turn of the event loop (a group-committed batch settles its callers
  // together) or while a NOTIFY is in flight go out together in the next one.
  const toAnnounce: (StoredEvent | number)[] = [];
  let announcing = false;
  async function announcePending() {
    while (toAnnounce.length) {
      for (const a of announcements(toAnnounce.splice(0))) await channel.publish(a);
    }
    announcing = false;
  }

  return {
    publish(written) {
      toAnnounce.push(written);
      if (announcing) return;
      announcing = true;
      setImmediate(() => void announcePending());
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
    rowsRead: () => rowsRead,
    ready: () => ready,
    async close() {
      closed = true;
      unsubscribe();
      await ready;
      await own?.close();
      await flushing;
    },
  };
}
