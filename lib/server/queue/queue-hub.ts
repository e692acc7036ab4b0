import "server-only";
import { QueueChange } from "@/lib/schemas/queue";
import type { Db } from "../db/connect";
import { createPubSub, type PubSub } from "../pubsub";
import { sseStream, type SessionEnd } from "../events/sse-stream";

export const QUEUE_NOTIFY_CHANNEL = "clinic_queue_changes";

export interface QueueHub {
  /** Tells every desk, on every app instance, that an appointment changed. */
  publish(change: QueueChange): Promise<void>;
  subscribe(listener: (change: QueueChange) => void): () => void;
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
  return {
    publish: (change) => channel.publish(change),
    subscribe: (listener) => channel.subscribe(listener),
    async close() {
      await own?.close();
    },
  };
}

export const HEARTBEAT_MS = 15_000;

/** One desk's stream of queue changes for a clinic, with a heartbeat comment so proxies keep it open. */
export function queueChangeStream(
  hub: QueueHub,
  opts: { clinicId: string; signal: AbortSignal; heartbeatMs?: number; sessionEnd?: SessionEnd },
): ReadableStream<Uint8Array> {
  return sseStream({ signal: opts.signal, heartbeatMs: opts.heartbeatMs ?? HEARTBEAT_MS, retryMs: 2000, sessionEnd: opts.sessionEnd }, (send) =>
    hub.subscribe((c) => {
      if (c.clinicId === opts.clinicId) send(`event: queue-change\ndata: ${JSON.stringify(c)}\n\n`);
    }),
  );
}
