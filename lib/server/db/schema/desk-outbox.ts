import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Desk writes that follow a platform write and could not be made at once (database down, constraint,
 * crash): kept here and applied by the reconcile step, so the desk copy appears exactly once.
 */
export const deskOutbox = pgTable(
  "desk_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    /** A kind with a backoff (deskWriteKind's `retryAfterMs`) is not tried again before this. */
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }),
  },
  (t) => [index("desk_outbox_pending_idx").on(t.createdAt).where(sql`${t.doneAt} IS NULL`)],
);
