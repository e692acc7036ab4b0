import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * One row per patient erasure (the platform's user.delete, or an admin acting on the patient's own
 * request), written before anything is erased: the steps done so far are kept here, so an erasure
 * cut short (a crash, the database gone) resumes where it stopped. Once done, the row keeps only
 * the pseudonym, who asked, why, when and how many rows each step changed: the erasure log.
 */
export const patientErasures = pgTable(
  "patient_erasures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The platform id being erased; cleared when the erasure is done. */
    patientId: text("patient_id"),
    /** sha-256 of the platform id: a second request for the same patient joins the first. */
    subjectHash: text("subject_hash").notNull().unique(),
    /** What the audit trail and the queue rows say in place of the id. */
    pseudonym: text("pseudonym").notNull().unique(),
    source: text("source", { enum: ["platform", "admin"] }).notNull(),
    requestedBy: uuid("requested_by"),
    reason: text("reason"),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    stepsDone: jsonb("steps_done").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Rows erased or pseudonymised, per table. */
    counts: jsonb("counts").$type<Record<string, number>>().notNull().default(sql`'{}'::jsonb`),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    /** When a stalled erasure may be taken up again (by this instance or another). */
    retryAfter: timestamp("retry_after", { withTimezone: true }),
  },
  (t) => [index("patient_erasures_pending_idx").on(t.requestedAt).where(sql`${t.completedAt} is null`), index("patient_erasures_requested_idx").on(t.requestedAt)],
);
