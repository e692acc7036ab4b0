import "server-only";
import type { Db } from "../db/connect";
import type { abdmShares } from "../db/schema";
import { log } from "../log";
import type { QueueHub } from "../queue/queue-hub";
import { counterShareRow } from "./shares";

/**
 * Tells the clinic's desks of a new share with the row their list shows, so it is on screen as soon as
 * the message is. If the row cannot be made, the announcement goes without it and the desks refetch.
 */
export async function announceShare(db: Db, hub: QueueHub, share: typeof abdmShares.$inferSelect): Promise<void> {
  const row = await counterShareRow(db, share).catch((err: unknown) => {
    log().warn({ err, shareId: share.id }, "share row not made; announcing without it");
    return null;
  });
  await hub.publishShare({ clinicId: share.clinicId, day: share.day, share: row }).catch((err: unknown) => log().warn({ err, shareId: share.id }, "share not announced"));
}
