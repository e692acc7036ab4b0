import "server-only";
import { EventEmitter } from "node:events";
import { sql } from "drizzle-orm";
import pg from "pg";
import type { Db } from "./db/connect";
import { log as appLog } from "./log";

/**
 * The desk's one publish/subscribe: the live feed and the queue both go through it. On PGlite (one
 * process) a message is handed to this instance's subscribers directly. With PostgreSQL a NOTIFY
 * carries it to every instance (this one included) over one LISTEN connection per instance, which
 * reconnects with a growing wait after a failure and then tells each channel, so a channel whose
 * messages matter can catch up from its own store (the live feed reads the inbox after its last id).
 */
export interface PubSub {
  /** A named channel; the name is the PostgreSQL channel, so it is a plain identifier. */
  channel<T>(name: string, codec: Codec<T>): Channel<T>;
  /** Resolves once LISTEN is up for every channel made so far (at once on PGlite). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export interface Codec<T> {
  encode(message: T): string;
  /** undefined: not a message of this channel (logged and dropped). */
  decode(payload: string): T | undefined;
  /** Called after LISTEN is (re)established, except the first time: anything sent meanwhile was missed. */
  onReconnect?(): void;
}

export interface Channel<T> {
  /** Sends to every instance; if NOTIFY fails, to this instance's subscribers only. */
  publish(message: T): Promise<void>;
  subscribe(listener: (message: T) => void): () => void;
  listeners(): number;
}

/** A NOTIFY payload must stay under 8000 bytes. */
export const NOTIFY_MAX_BYTES = 7900;

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

export function createPubSub(opts: { db: Db; databaseUrl?: string; log?: (msg: string, err?: unknown) => void }): PubSub {
  const log = opts.log ?? ((msg: string, err?: unknown) => appLog().warn({ err }, msg));
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const codecs = new Map<string, Codec<unknown>>();
  let client: pg.Client | undefined;
  /** The channels LISTENed to on `client`. */
  let listened = new Set<string>();
  /** Connecting and LISTENing happen one after another on this chain, never side by side. */
  let chain: Promise<void> = Promise.resolve();
  let retryPending = false;
  let everConnected = false;
  let closed = false;
  let retryMs = 500;

  const deliver = (name: string, message: unknown) => emitter.emit(name, message);

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString: opts.databaseUrl });
    c.on("notification", (msg) => {
      const codec = codecs.get(msg.channel);
      if (!codec) return;
      let message: unknown;
      try {
        message = codec.decode(msg.payload ?? "");
      } catch {
        message = undefined;
      }
      if (message === undefined) return log(`${msg.channel}: a message with an unreadable payload ignored`);
      deliver(msg.channel, message);
    });
    c.on("error", (err) => {
      log("LISTEN connection failed; reconnecting", err);
      void c.end().catch(() => {});
      if (client === c) client = undefined;
      retry();
    });
    try {
      await c.connect();
      const names = [...codecs.keys()];
      for (const name of names) await c.query(`LISTEN ${name}`);
      if (closed) return void (await c.end());
      client = c;
      listened = new Set(names);
      retryMs = 500;
      if (everConnected) for (const codec of codecs.values()) codec.onReconnect?.();
      everConnected = true;
    } catch (err) {
      log("could not LISTEN; retrying", err);
      void c.end().catch(() => {});
      retry();
    }
  }
  /** Connects if not connected (unless a retry is already waiting), and LISTENs to every channel. */
  function ensureListening(): Promise<void> {
    chain = chain
      .then(async () => {
        if (closed || !opts.databaseUrl) return;
        if (!client) return retryPending ? undefined : connect();
        for (const name of codecs.keys()) {
          if (listened.has(name)) continue;
          await client.query(`LISTEN ${name}`);
          listened.add(name);
        }
      })
      .catch((err: unknown) => log("could not LISTEN", err));
    return chain;
  }
  function retry() {
    if (closed || retryPending) return;
    retryPending = true;
    const wait = retryMs;
    retryMs = Math.min(retryMs * 2, 15_000);
    setTimeout(() => {
      retryPending = false;
      void ensureListening();
    }, wait).unref();
  }

  return {
    channel<T>(name: string, codec: Codec<T>): Channel<T> {
      if (!IDENTIFIER.test(name)) throw new Error(`channel name ${name} is not a plain identifier`);
      if (codecs.has(name)) throw new Error(`channel ${name} exists already`);
      codecs.set(name, codec as Codec<unknown>);
      void ensureListening();
      return {
        async publish(message) {
          if (!opts.databaseUrl) return void deliver(name, message);
          try {
            await opts.db.execute(sql`select pg_notify(${name}, ${codec.encode(message)})`);
          } catch (err) {
            log(`${name}: NOTIFY failed; delivering on this instance only`, err);
            deliver(name, message);
          }
        },
        subscribe(listener) {
          emitter.on(name, listener as (m: unknown) => void);
          return () => void emitter.off(name, listener as (m: unknown) => void);
        },
        listeners: () => emitter.listenerCount(name),
      };
    },
    ready: () => chain,
    async close() {
      closed = true;
      await chain;
      await client?.end().catch(() => {});
      client = undefined;
    },
  };
}
