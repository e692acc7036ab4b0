import "server-only";
import { CounterShareMessage } from "@/lib/schemas/abdm-shares";
import { QueueChange } from "@/lib/schemas/queue";
import type { Db } from "../db/connect";
import { createPubSub, NOTIFY_MAX_BYTES, type PubSub } from "../pubsub";
import { sseStream, type SessionEnd } from "../events/sse-stream";

export const QUEUE_NOTIFY_CHANNEL = "clinic_queue_changes";
/** New ABDM shares, with the patient's row: a channel of its own, so only the staff queue stream ever subscribes to it. */
export const SHARE_NOTIFY_CHANNEL = "clinic_counter_shares";

export interface QueueHub {
  /** Tells every desk, on every app instance, that an appointment changed. */
  publish(change: QueueChange): Promise<void>;
  subscribe(listener: (change: QueueChange) => void): () => void;
  /**
   * A new share at a clinic's counter, with the row the receptionists' list shows (patient data).
   * Kept off `subscribe`: the waiting-room display and the patients' status pages listen to queue
   * changes only, so they can never be handed a share.
   */
  publishShare(message: CounterShareMessage): Promise<void>;
  subscribeShares(listener: (message: CounterShareMessage) => void): () => void;
  close(): Promise<void>;
}

/**
 * The live feed's mechanism for queue changes, a channel of the desk's pub-sub (lib/server/pubsub.ts):
 * in-process on PGlite; with PostgreSQL a NOTIFY reaches every instance (this one included), so two
 * desks on two servers see the same change. A desk that missed a message refetches the day on
 * reconnect, so nothing depends on delivery. Given no pub-sub (tests), it makes its own.
 */
export function createQueueHub(opts: { pubsub: PubSub } | { db: Db; databaseUrl?: string; log?: (msg: string, err?: unknown) => void }): QueueHub {
  const own = "pubsub" in opts ? undefined : createPubSub(opts);
  const pubsub = "pubsub" in opts ? opts.pubsub : own!;
  const channel = pubsub.channel<QueueChange>(QUEUE_NOTIFY_CHANNEL, {
    encode: (change) => JSON.stringify(change),
    decode: (payload) => {
      const parsed = QueueChange.safeParse(JSON.parse(payload));
      return parsed.success ? parsed.data : undefined;
    },
  });
  const shares = pubsub.channel<CounterShareMessage>(SHARE_NOTIFY_CHANNEL, {
    encode: (message) => {
      const text = JSON.stringify(message);
      // Too long for one NOTIFY: the announcement without the row; desks refetch the list.
      return Buffer.byteLength(text) <= NOTIFY_MAX_BYTES ? text : JSON.stringify({ ...message, share: null });
    },
    decode: (payload) => {
      const parsed = CounterShareMessage.safeParse(JSON.parse(payload));
      return parsed.success ? parsed.data : undefined;
    },
  });
  return {
    publish: (change) => channel.publish(change),
    subscribe: (listener) => channel.subscribe(listener),
    publishShare: (message) => shares.publish(message),
    subscribeShares: (listener) => shares.subscribe(listener),
    async close() {
      await own?.close();
    },
  };
}

export const HEARTBEAT_MS = 15_000;

/**
 * One desk's stream for a clinic (staff allowed to read its queue only; the route checks): queue
 * changes, and new shares at its counters with their row (`onShare` is told of each one sent, for the
 * audit log). A heartbeat comment keeps proxies from closing it.
 */
export function queueChangeStream(
  hub: QueueHub,
  opts: { clinicId: string; signal: AbortSignal; heartbeatMs?: number; sessionEnd?: SessionEnd; onShare?: (message: CounterShareMessage) => void },
): ReadableStream<Uint8Array> {
  return sseStream({ signal: opts.signal, heartbeatMs: opts.heartbeatMs ?? HEARTBEAT_MS, retryMs: 2000, sessionEnd: opts.sessionEnd }, (send) => {
    const offChanges = hub.subscribe((c) => {
      if (c.clinicId === opts.clinicId) send(`event: queue-change\ndata: ${JSON.stringify(c)}\n\n`);
    });
    const offShares = hub.subscribeShares((m) => {
      if (m.clinicId !== opts.clinicId) return;
      send(`event: counter-share\ndata: ${JSON.stringify(m)}\n\n`);
      opts.onShare?.(m);
    });
    return () => {
      offChanges();
      offShares();
    };
  });
}
