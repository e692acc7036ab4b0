import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { queueAppointments } from "./queue";

/**
 * One row per UHID scope (the configured format with clinic and year filled in): the last running
 * number issued. Incremented inside the transaction that records the issue, so two desks or app
 * instances never get the same number and a rolled-back issue leaves no gap.
 */
export const uhidCounters = pgTable("uhid_counters", {
  scope: text("scope").primaryKey(),
  lastNumber: integer("last_number").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Every UHID the desk generated, kept for good: which registration it went to; never issued again. */
export const uhidIssues = pgTable(
  "uhid_issues",
  {
    uhidLower: text("uhid_lower").primaryKey(),
    uhid: text("uhid").notNull(),
    scope: text("scope").notNull(),
    number: integer("number").notNull(),
    /** The registration's Idempotency-Key: a retry of the same registration gets the same number. */
    registrationKey: text("registration_key").notNull(),
    issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("uhid_issues_scope_number_idx").on(t.scope, t.number), uniqueIndex("uhid_issues_registration_idx").on(t.registrationKey)],
);

/**
 * The patient's status-page link of a visit (the QR on the slip). Only a hash of the link's secret
 * is stored; the link stops working at the end of the clinic day.
 */
export const visitStatusLinks = pgTable(
  "visit_status_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    appointmentId: text("appointment_id")
      .notNull()
      .references(() => queueAppointments.appointmentId, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("visit_status_links_appointment_idx").on(t.appointmentId)],
);

/** Requests per key (a client address on a public page) per fixed window, shared by every instance. */
export const publicRateLimits = pgTable(
  "public_rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [primaryKey({ name: "public_rate_limits_pk", columns: [t.key, t.windowStart] }), index("public_rate_limits_window_idx").on(t.windowStart)],
);
