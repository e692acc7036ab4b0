import "server-only";
import { and, isNotNull, isNull, lt, lte, sql } from "drizzle-orm";
import { SHARE_MAX_AGE_MS } from "@/lib/abdm/wire/share";
import * as clock from "@/lib/clock";
import type { Db } from "../db/connect";
import { abdmShareRequests, abdmShares } from "../db/schema";
import { recordAudit } from "../audit";
import { log } from "../log";
import { processSingleton } from "../process-singleton";

const DAY_MS = 24 * 60 * 60_000;
/** A REQUEST-ID is kept well past the age at which a call is refused as stale anyway (5 minutes). */
const REQUEST_IDS_KEPT_MS = 12 * SHARE_MAX_AGE_MS;

export interface ShareCleanup {
  expired: number;
  deleted: number;
  requestIdsPruned: number;
}

/**
 * Shares nobody handled within their 30 minutes: marked expired (the counter's list no longer shows
 * them, and an on-share still owed is given up), kept for `retentionDays` for audit, then deleted
 * with the profile they carried. A share turned into a visit is the visit's record and stays until
 * the patient's erasure. REQUEST-IDs are pruned once a replay would be refused as stale anyway.
 */
export async function cleanUpShares(db: Db, retentionDays: number, now = clock.now()): Promise<ShareCleanup> {
  const at = new Date(now);
  const expired = await db
    .update(abdmShares)
    .set({ expiredAt: at, onShareState: sql`case when ${abdmShares.onShareState} = 'pending' then 'expired' else ${abdmShares.onShareState} end` })
    .where(and(isNull(abdmShares.handledAt), isNull(abdmShares.expiredAt), lte(abdmShares.expiresAt, at)))
    .returning({ id: abdmShares.id });
  const deleted = await db
    .delete(abdmShares)
    .where(and(isNull(abdmShares.handledAt), isNotNull(abdmShares.expiredAt), lt(abdmShares.expiredAt, new Date(now - retentionDays * DAY_MS))))
    .returning({ id: abdmShares.id });
  const pruned = await db
    .delete(abdmShareRequests)
    .where(lt(abdmShareRequests.receivedAt, new Date(now - REQUEST_IDS_KEPT_MS)))
    .returning({ id: abdmShareRequests.requestId });
  if (expired.length || deleted.length) {
    await recordAudit(db, { action: "abdm.share-cleanup", resource: "abdm_share", resourceId: null, outcome: "ok", detail: { expired: expired.length, deleted: deleted.length, retentionDays } });
  }
  return { expired: expired.length, deleted: deleted.length, requestIdsPruned: pruned.length };
}

const EVERY_MS = 60_000;
const loop = processSingleton("__abdmShareCleanup", () => ({ timer: undefined as ReturnType<typeof setInterval> | undefined, busy: false }));

/** Runs the clean-up at start and every minute (a share is marked expired within a minute of its 30 minutes). */
export function startShareCleanup(db: Db, retentionDays: () => number) {
  if (loop.timer) return;
  const tick = () => {
    if (loop.busy) return;
    loop.busy = true;
    cleanUpShares(db, retentionDays())
      .catch((err) => log().warn({ reason: err instanceof Error ? err.message : String(err) }, "Scan & Share clean-up could not run"))
      .finally(() => (loop.busy = false));
  };
  loop.timer = setInterval(tick, EVERY_MS);
  loop.timer.unref?.();
  tick();
}
