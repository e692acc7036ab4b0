import "server-only";
import { EventEmitter } from "node:events";
import { sql } from "drizzle-orm";
import pg from "pg";
import { QueueChange } from "@/lib/schemas/queue";
import type { Db } from "../db/connect";
import { log as appLog } from "../log";
import { sseStream, type SessionEnd } from "../events/sse-stream";

export const QUEUE_NOTIFY_CHANNEL = "clinic_queue_changes";

export interface QueueHub {
  /** Tells every desk, on every app instance, that an appointment changed. */
  publish(change: QueueChange): Promise<void>;
  subscribe(listener: (change: QueueChange) => void): () => void;
  close(): Promise<void>;
}

/**
 * The live feed's mechanism for queue changes: in-process on PGlite; with PostgreSQL a NOTIFY
 * reaches every instance (this one included), so two desks on two servers see the same change.
 * A desk that missed a message refetches the day on reconnect, so nothing depends on delivery.
 */
export function createQueueHub(opts: { db: Db; databaseUrl?: string; log?: (msg: string, err?: unknown) => void }): QueueHub {
  const log = opts.log ?? ((msg: string, err?: unknown) => appLog().warn({ err }, msg));
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let closed = false;
  let client: pg.Client | undefined;
  let retryMs = 500;
  const emit = (change: QueueChange) => emitter.emit("change", change);

  async function listen() {
    if (!opts.databaseUrl || closed) return;
    const c = new pg.Client({ connectionString: opts.databaseUrl });
    c.on("notification", (msg) => {
      try {
        const parsed = QueueChange.safeParse(JSON.parse(msg.payload ?? ""));
        if (parsed.success) emit(parsed.data);
      } catch {
        log("queue change with an unreadable payload ignored");
      }
    });
    c.on("error", (err) => {
      log("queue LISTEN connection failed; reconnecting", err);
      void c.end().catch(() => {});
      if (client === c) client = undefined;
      reconnect();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${QUEUE_NOTIFY_CHANNEL}`);
      client = c;
      retryMs = 500;
      if (closed) await c.end();
    } catch (err) {
      log("queue could not LISTEN; retrying", err);
      void c.end().catch(() => {});
      reconnect();
    }
  }
  function reconnect() {
    if (closed) return;
    const wait = retryMs;
    retryMs = Math.min(retryMs * 2, 15_000);
    setTimeout(() => void listen(), wait).unref();
  }
  const ready = listen();

  return {
    async publish(change) {
      if (!opts.databaseUrl) return void emit(change);
      try {
        await opts.db.execute(sql`select pg_notify(${QUEUE_NOTIFY_CHANNEL}, ${JSON.stringify(change)})`);
      } catch (err) {
        log("queue NOTIFY failed; telling this instance only", err);
        emit(change);
      }
    },
    subscribe(listener) {
      emitter.on("change", listener);
      return () => emitter.off("change", listener);
    },
    async close() {
      closed = true;
      await ready;
      await client?.end().catch(() => {});
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
