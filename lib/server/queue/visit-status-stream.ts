import "server-only";
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { VisitStatus } from "@/lib/schemas/visit-status";
import * as clock from "@/lib/clock";
import type { Db } from "../db/connect";
import { queueAppointments, visitStatusLinks } from "../db/schema";
import { coalescedReads } from "../events/coalesced-reads";
import { sseStream } from "../events/sse-stream";
import type { QueueHub } from "./queue-hub";

export const STATUS_STREAM_HEARTBEAT_MS = 15_000;

/** What a status stream says last when its link runs out at the end of the clinic day: the page shows "expired" and stops. */
export const EXPIRED_FRAME = `event: status\ndata: ${JSON.stringify({ state: "expired" } satisfies VisitStatus)}\n\nevent: end\ndata: {}\n\n`;

const settled = (s: VisitStatus) => s.state === "done" || s.state === "closed" || s.state === "expired";

/** The clinic whose queue changes move a link's status, and when the link stops working; null for a link the desk never made. */
export async function statusStreamTarget(db: Db, token: string): Promise<{ clinicId: string; expiresAt: Date } | null> {
  const [row] = await db
    .select({ clinicId: queueAppointments.clinicId, expiresAt: visitStatusLinks.expiresAt })
    .from(visitStatusLinks)
    .innerJoin(queueAppointments, eq(queueAppointments.appointmentId, visitStatusLinks.appointmentId))
    .where(eq(visitStatusLinks.tokenHash, createHash("sha256").update(token).digest("base64url")));
  return row ?? null;
}

/**
 * The patient's status page, live: the status on connect and again after every queue change of the
 * visit's clinic on any instance (changes during a read fold into the next). It carries exactly what
 * the polled feed does (token, now serving, ahead, wait: no name, mobile or UHID), ends once the visit
 * is done or closed, and at the link's expiry says "expired" and closes.
 */
export function visitStatusStream(opts: {
  clinicId: string;
  expiresAt: Date;
  queueHub: QueueHub;
  read: () => Promise<VisitStatus | null>;
  signal: AbortSignal;
  heartbeatMs?: number;
  now?: () => number;
}): ReadableStream<Uint8Array> {
  const now = opts.now ?? clock.now;
  return sseStream({ signal: opts.signal, heartbeatMs: opts.heartbeatMs ?? STATUS_STREAM_HEARTBEAT_MS, retryMs: 5000 }, (send, close) => {
    let ended = false;
    let last = "";
    const end = (frame: string) => {
      if (ended) return;
      ended = true;
      send(frame);
      close();
    };
    const refresh = coalescedReads(async () => {
      const status = await opts.read();
      if (ended) return;
      if (!status) return end(`event: end\ndata: {}\n\n`);
      const text = JSON.stringify(status);
      if (text !== last) send(`event: status\ndata: ${text}\n\n`);
      last = text;
      if (settled(status)) end(`event: end\ndata: {}\n\n`);
    }, () => ended);
    const untilExpiry = opts.expiresAt.getTime() - now();
    if (untilExpiry <= 0) {
      end(EXPIRED_FRAME);
      return () => {};
    }
    refresh();
    const off = opts.queueHub.subscribe((c) => {
      if (c.clinicId === opts.clinicId) refresh();
    });
    // Timers hold at most ~24.8 days; a clinic day is far shorter.
    const expiry = setTimeout(() => end(EXPIRED_FRAME), Math.min(untilExpiry, 2 ** 31 - 1));
    return () => {
      ended = true;
      off();
      clearTimeout(expiry);
    };
  });
}
