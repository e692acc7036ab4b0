import "server-only";
import { and, eq, ne } from "drizzle-orm";
import type { OnShareRequest } from "@/lib/abdm/wire/share";
import * as clock from "@/lib/clock";
import type { Db } from "../db/connect";
import { abdmShares } from "../db/schema";
import { deskWriteKind } from "../desk-outbox";
import { log } from "../log";
import { gateway } from "./gateway";

/** Waits between tries of one acknowledgement: quick at first, then every few minutes until the share itself expires. */
export const ON_SHARE_BACKOFF_MS = [2_000, 5_000, 15_000, 30_000, 60_000, 120_000, 300_000];
export const onShareBackoff = (attempts: number) => ON_SHARE_BACKOFF_MS[Math.min(Math.max(attempts, 1), ON_SHARE_BACKOFF_MS.length) - 1]!;

/** The gateway's answers after which sending again cannot help (the body is wrong, or the gateway does not take it from us). */
const REFUSED = new Set([400, 403, 404, 405, 413, 415, 422]);
/** 409: the gateway already has this REQUEST-ID, so the earlier try whose answer was lost did arrive. */
const ALREADY_RECEIVED = 409;

export class OnShareNotYet extends Error {}

async function record(db: Db, shareId: string, set: Partial<typeof abdmShares.$inferInsert>) {
  // A later state never goes back to "pending"; "sent" is final.
  await db.update(abdmShares).set(set).where(and(eq(abdmShares.id, shareId), ne(abdmShares.onShareState, "sent")));
}

/**
 * The acknowledgement owed to the gateway for one share call (`on-share`, with the token). Queued in
 * the desk outbox in the transaction that stores the share, so it survives a crash; sent by the drain
 * under one REQUEST-ID for all its tries, backing off between them. An answer that never came (a
 * timeout, a lost connection) is an unknown outcome: it is sent again under the same REQUEST-ID, and
 * the gateway's 2xx or 409 (already received) settles it. A refusal (4xx) is final and recorded;
 * once the share's 30 minutes are over it is given up as expired.
 */
export const onShareOwed = deskWriteKind(
  "abdm.on-share",
  async (db, w: { shareId: string; requestId: string; until: string; ack: OnShareRequest }) => {
    const now = clock.now();
    if (now >= Date.parse(w.until)) {
      await record(db, w.shareId, { onShareState: "expired" });
      log().warn({ shareId: w.shareId, requestId: w.requestId }, "ABDM on-share given up: the share expired before the gateway took it");
      return;
    }
    const gw = gateway();
    if (!gw) throw new OnShareNotYet("Scan & Share is not configured on this instance");
    const [share] = await db.select({ attempts: abdmShares.onShareAttempts }).from(abdmShares).where(eq(abdmShares.id, w.shareId));
    if (!share) return; // Erased meanwhile: nothing is owed any more.
    await record(db, w.shareId, { onShareAttempts: share.attempts + 1 });
    let answer: { status: number; body: string };
    try {
      answer = await gw.onShare(w.ack, w.requestId, now);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      await record(db, w.shareId, { onShareError: `no answer: ${reason}`.slice(0, 300) });
      throw new OnShareNotYet(`no answer from the gateway (${reason}); sent again under the same REQUEST-ID`);
    }
    if ((answer.status >= 200 && answer.status < 300) || answer.status === ALREADY_RECEIVED) {
      await record(db, w.shareId, { onShareState: "sent", onShareError: null });
      return;
    }
    await record(db, w.shareId, { onShareError: `${answer.status} ${answer.body}`.slice(0, 300) });
    if (REFUSED.has(answer.status)) {
      await record(db, w.shareId, { onShareState: "refused" });
      log().warn({ shareId: w.shareId, requestId: w.requestId, status: answer.status }, "ABDM gateway refused the on-share");
      return;
    }
    // 401: the session token was refused; ask for a new one before the next try.
    if (answer.status === 401) gw.forgetSession();
    throw new OnShareNotYet(`the gateway answered ${answer.status}; tried again later`);
  },
  { retryAfterMs: onShareBackoff },
);
