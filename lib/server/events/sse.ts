import "server-only";
import type { LiveEvent, LiveStreamClosed } from "@/lib/schemas/live-events";
import type { Role } from "@/lib/schemas/staff";
import { forRole } from "./live-event";
import type { LiveHub } from "./live-hub";
import { log } from "../log";

export const HEARTBEAT_MS = 15_000;
const RETRY_MS = 2_000;

const frame = (e: LiveEvent) => `id: ${e.id}\nevent: platform-event\ndata: ${JSON.stringify(e)}\n\n`;

/**
 * One browser's live feed: events after `after` from the inbox first (resume), then live ones,
 * never one twice; a comment line every 15 s keeps proxies from closing an idle stream.
 */
export function liveEventStream(
  hub: LiveHub,
  opts: {
    role: Role;
    after?: number;
    signal: AbortSignal;
    heartbeatMs?: number;
    /** Registers the open stream (the per-staff cap); the server may then close it with a reason. */
    register?: (close: (reason: LiveStreamClosed["reason"]) => void) => () => void;
  },
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let lastSent = opts.after ?? Number.MAX_SAFE_INTEGER;
      let replaying = opts.after !== undefined;
      const buffered: LiveEvent[] = [];
      let open = true;
      const send = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const push = (e: LiveEvent) => {
        if (opts.after !== undefined && e.id <= lastSent) return;
        lastSent = e.id;
        send(frame(forRole(e, opts.role)));
      };
      const unsubscribe = hub.subscribe((e) => (replaying ? buffered.push(e) : push(e)));
      const heartbeat = setInterval(() => send(`: heartbeat ${Date.now()}\n\n`), opts.heartbeatMs ?? HEARTBEAT_MS);
      // A closed stream says why, so the browser stops instead of reconnecting into the cap again.
      const release = opts.register?.((reason) => {
        send(`event: stream-closed\ndata: ${JSON.stringify({ reason } satisfies LiveStreamClosed)}\n\n`);
        cleanup();
      });
      cleanup = () => {
        if (!open) return;
        open = false;
        release?.();
        unsubscribe();
        clearInterval(heartbeat);
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      opts.signal.addEventListener("abort", () => cleanup(), { once: true });
      send(`retry: ${RETRY_MS}\n: connected\n\n`);
      if (opts.after === undefined) return;
      void (async () => {
        try {
          for (const e of await hub.since(opts.after!)) push(e);
        } catch (err) {
          log().warn({ err }, "live feed resume failed");
        }
        replaying = false;
        for (const e of buffered.splice(0)) push(e);
      })();
    },
    cancel() {
      cleanup();
    },
  });
}
