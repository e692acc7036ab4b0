import "server-only";
import { instanceStopping, type Stopping } from "../shutdown";

/** Subscribes to the end of the session the stream was opened under; answers the unsubscribe. */
export type SessionEnd = (ended: () => void) => () => void;

/** What a stream ended by its session's end says last, so the browser signs in again instead of retrying. */
export const SIGNED_OUT_FRAME = `event: stream-closed\ndata: ${JSON.stringify({ reason: "signed-out" })}\n\n`;

/**
 * One Server-Sent Events stream to one browser: the retry hint, a heartbeat comment so proxies keep
 * an idle stream open, and one teardown however it ends (browser gone, server closing, abort, this
 * instance told to stop, the session it was opened under ended). `wire` subscribes with `send` and
 * returns its own teardown; `close` ends the stream from inside.
 */
export function sseStream(
  opts: { signal: AbortSignal; heartbeatMs: number; retryMs: number; stopping?: Stopping; sessionEnd?: SessionEnd },
  wire: (send: (text: string) => void, close: () => void) => () => void,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cleanup = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      let unwire = () => {};
      let unstop = () => {};
      let unwatch = () => {};
      const send = (text: string) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(text));
        } catch {
          cleanup();
        }
      };
      const heartbeat = setInterval(() => send(`: heartbeat ${Date.now()}\n\n`), opts.heartbeatMs);
      cleanup = () => {
        if (!open) return;
        open = false;
        unwire();
        unstop();
        unwatch();
        clearInterval(heartbeat);
        try {
          controller.close();
        } catch {
          // the browser already went away
        }
      };
      unwire = wire(send, () => cleanup());
      opts.signal.addEventListener("abort", () => cleanup(), { once: true });
      send(`retry: ${opts.retryMs}\n: connected\n\n`);
      // Ended plainly (no stream-closed reason): the browser comes back after `retry`, elsewhere.
      unstop = (opts.stopping ?? instanceStopping()).whenStopping(() => cleanup());
      unwatch =
        opts.sessionEnd?.(() => {
          send(SIGNED_OUT_FRAME);
          cleanup();
        }) ?? unwatch;
    },
    cancel() {
      cleanup();
    },
  });
}
