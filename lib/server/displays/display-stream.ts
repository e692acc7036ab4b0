import "server-only";
import type { DisplayFeed } from "@/lib/schemas/displays";
import type { QueueHub } from "../queue/queue-hub";
import { coalescedReads } from "../events/coalesced-reads";
import { sseStream } from "../events/sse-stream";
import type { DisplayHub } from "./display-hub";

export const DISPLAY_HEARTBEAT_MS = 15_000;

/** What a revoked display's stream says last: the TV goes back to its pairing screen instead of retrying. */
export const REVOKED_FRAME = `event: revoked\ndata: {}\n\n`;

/**
 * A paired display's live feed: a full snapshot on connect (so a TV that lost the network catches
 * up by reconnecting), a fresh snapshot after every queue change of its clinic on any instance
 * (changes arriving while one is being read are folded into the next), and, when the display is
 * revoked anywhere, a `revoked` event and the end. Every heartbeat also re-checks the display in the
 * database and notes it as seen, so a revocation whose NOTIFY was lost still ends it within one beat.
 */
export function displayFeedStream(opts: {
  clinicId: string;
  displayId: string;
  queueHub: QueueHub;
  displayHub: DisplayHub;
  snapshot: () => Promise<DisplayFeed>;
  stillPaired: () => Promise<boolean>;
  signal: AbortSignal;
  heartbeatMs?: number;
}): ReadableStream<Uint8Array> {
  const heartbeatMs = opts.heartbeatMs ?? DISPLAY_HEARTBEAT_MS;
  return sseStream({ signal: opts.signal, heartbeatMs, retryMs: 2000 }, (send, close) => {
    let ended = false;
    const revoked = () => {
      if (ended) return;
      ended = true;
      send(REVOKED_FRAME);
      close();
    };
    const refresh = coalescedReads(async () => {
      const feed = await opts.snapshot();
      if (!ended) send(`event: snapshot\ndata: ${JSON.stringify(feed)}\n\n`);
    }, () => ended);
    refresh();
    const offQueue = opts.queueHub.subscribe((c) => {
      if (c.clinicId === opts.clinicId) refresh();
    });
    const offDisplay = opts.displayHub.subscribe((e) => {
      if (e.kind === "revoked" && e.displayId === opts.displayId) revoked();
    });
    const check = setInterval(() => {
      void opts.stillPaired().then((ok) => (ok ? undefined : revoked()), () => undefined);
    }, heartbeatMs);
    return () => {
      ended = true;
      offQueue();
      offDisplay();
      clearInterval(check);
    };
  });
}
