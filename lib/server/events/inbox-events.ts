import "server-only";
import { and, eq, inArray, isNull, ne, or } from "drizzle-orm";
import { DESK_EVENT_VERSION, DeskEvent } from "@/lib/schemas/desk-events";
import type { Db } from "../db/connect";
import { webhookInbox } from "../db/schema";
import { log } from "../log";
import { toDeskEvent } from "@/lib/platform/client";

/** The inbox columns a reader selects: never the platform's payload. */
export const INBOX_EVENT_COLUMNS = {
  id: webhookInbox.id,
  kind: webhookInbox.kind,
  verification: webhookInbox.verification,
  occurredAt: webhookInbox.occurredAt,
  receivedAt: webhookInbox.receivedAt,
  deskEvent: webhookInbox.deskEvent,
  deskEventVersion: webhookInbox.deskEventVersion,
};

export type InboxEventRow = { [K in keyof typeof INBOX_EVENT_COLUMNS]: (typeof webhookInbox.$inferSelect)[K] };
export type StoredEvent = Omit<InboxEventRow, "deskEvent" | "deskEventVersion"> & { event: DeskEvent };

const current = (r: InboxEventRow) => r.deskEventVersion === DESK_EVENT_VERSION && DeskEvent.safeParse(r.deskEvent).success;

/**
 * The stored events in the desk's shape. Rows stored before the shape existed, or with an older
 * version of it, are reshaped from their payload once and written back (idempotent: every instance
 * computes the same value, so two readers racing on one row write the same thing).
 */
export async function inDeskShape(db: Db, rows: InboxEventRow[]): Promise<StoredEvent[]> {
  const shaped = new Map<number, DeskEvent>();
  for (const r of rows) if (current(r)) shaped.set(r.id, r.deskEvent!);
  const stale = rows.filter((r) => !shaped.has(r.id)).map((r) => r.id);
  if (stale.length) {
    const bodies = await db.select({ id: webhookInbox.id, kind: webhookInbox.kind, payload: webhookInbox.payload }).from(webhookInbox).where(inArray(webhookInbox.id, stale));
    for (const b of bodies) {
      const event = toDeskEvent(b.kind, b.payload);
      shaped.set(b.id, event);
      await db
        .update(webhookInbox)
        .set({ deskEvent: event, deskEventVersion: DESK_EVENT_VERSION })
        .where(and(eq(webhookInbox.id, b.id), or(isNull(webhookInbox.deskEventVersion), ne(webhookInbox.deskEventVersion, DESK_EVENT_VERSION))))
        .catch((err: unknown) => log().warn({ err, inboxId: b.id }, "could not store a reshaped event; it is reshaped again on the next read"));
    }
  }
  return rows.flatMap((r) => {
    const event = shaped.get(r.id);
    return event ? [{ id: r.id, kind: r.kind, verification: r.verification, occurredAt: r.occurredAt, receivedAt: r.receivedAt, event }] : [];
  });
}
