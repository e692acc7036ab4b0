import "server-only";
import type { LiveEvent, LiveStreamClosed } from "@/lib/schemas/live-events";
import type { RowViewer } from "@/lib/access";
import { forViewer } from "./live-event";
import type { LiveHub } from "./live-hub";
import { log } from "../log";
import type { Stopping } from "../shutdown";
import { sseStream, type SessionEnd } from "./sse-stream";

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
    /** Who watches: a host link reaches only its own doctor. */
    viewer: RowViewer;
    after?: number;
    signal: AbortSignal;
    heartbeatMs?: number;
    /** Registers the open stream (the per-staff cap); the server may then close it with a reason. */
    register?: (close: (reason: LiveStreamClosed["reason"]) => void) => () => void;
    /** When the stream ends because the instance stops (this process's unless given). */
    stopping?: Stopping;
    /** The end of the session the stream was opened under, which ends the stream too. */
    sessionEnd?: SessionEnd;
  },
): ReadableStream<Uint8Array> {
  let lastSent = opts.after ?? Number.MAX_SAFE_INTEGER;
  let replaying = opts.after !== undefined;
  const buffered: LiveEvent[] = [];
  return sseStream({ signal: opts.signal, heartbeatMs: opts.heartbeatMs ?? HEARTBEAT_MS, retryMs: RETRY_MS, stopping: opts.stopping, sessionEnd: opts.sessionEnd }, (send, close) => {
    const push = (e: LiveEvent) => {
      if (opts.after !== undefined && e.id <= lastSent) return;
      lastSent = e.id;
      send(frame(forViewer(e, opts.viewer)));
    };
    const unsubscribe = hub.subscribe((e) => (replaying ? buffered.push(e) : push(e)));
    // A closed stream says why, so the browser stops instead of reconnecting into the cap again.
    const release = opts.register?.((reason) => {
      send(`event: stream-closed\ndata: ${JSON.stringify({ reason } satisfies LiveStreamClosed)}\n\n`);
      close();
    });
    if (opts.after !== undefined) {
      void (async () => {
        try {
          for (const e of await hub.since(opts.after!)) push(e);
        } catch (err) {
          log().warn({ err }, "live feed resume failed");
        }
        replaying = false;
        for (const e of buffered.splice(0)) push(e);
      })();
    }
    return () => {
      release?.();
      unsubscribe();
    };
  });
}
