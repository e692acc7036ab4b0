import { sql } from "drizzle-orm";
import { bigint, boolean, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * The day's appointments as the desk keeps them: one row per platform appointment, with the
 * desk's own status (arrival, consultation) and a version so two desks cannot overwrite each other.
 */
export const queueAppointments = pgTable(
  "queue_appointments",
  {
    appointmentId: text("appointment_id").primaryKey(),
    clinicId: text("clinic_id").notNull(),
    doctorId: text("doctor_id").notNull(),
    /** The clinic-local calendar day (YYYY-MM-DD) the appointment starts on. */
    day: text("day").notNull(),
    startAt: timestamp("start_at", { withTimezone: true }).notNull(),
    endAt: timestamp("end_at", { withTimezone: true }),
    patientId: text("patient_id").notNull(),
    /** What a platform event said about a patient the desk does not know. */
    patientLabel: text("patient_label"),
    confId: text("conf_id").notNull(),
    serviceName: text("service_name"),
    mode: text("mode").notNull(),
    price: doublePrecision("price"),
    currency: text("currency"),
    prePay: boolean("pre_pay"),
    postPay: boolean("post_pay"),
    bookedBy: uuid("booked_by"),
    source: text("source", { enum: ["desk", "platform", "sandbox_seed", "walk_in"] }).notNull(),
    status: text("status", { enum: ["booked", "checked_in", "in_consultation", "done", "no_show", "cancelled"] }).notNull().default("booked"),
    version: integer("version").notNull().default(1),
    arrivedAt: timestamp("arrived_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
    statusChangedBy: uuid("status_changed_by"),
    /** The last change was a forward move the desk may take back (not an undo, cancel or reschedule). */
    undoable: boolean("undoable").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** The OPD token, issued once at check-in or walk-in and kept for good (per doctor, per clinic day). */
    tokenNumber: integer("token_number"),
    /** The token as it was printed and called, in the format configured when it was issued. */
    tokenLabel: text("token_label"),
    tokenIssuedAt: timestamp("token_issued_at", { withTimezone: true }),
    /** A priority mark from the configured list (emergency, senior citizen, pregnant…), or none. */
    priority: text("priority"),
    /** When the token was last called (call next or recall). */
    calledAt: timestamp("called_at", { withTimezone: true }),
    callCount: integer("call_count").notNull().default(0),
    /** The doctor's call count when this token was skipped: it comes back after the configured number of further calls. */
    skippedAtCall: integer("skipped_at_call"),
  },
  (t) => [
    index("queue_appointments_day_idx").on(t.clinicId, t.day, t.doctorId, t.startAt),
    index("queue_appointments_patient_idx").on(t.patientId, t.startAt),
    uniqueIndex("queue_appointments_token_idx").on(t.clinicId, t.doctorId, t.day, t.tokenNumber).where(sql`${t.tokenNumber} IS NOT NULL`),
  ],
);

/** Every status change: who, when, from → to; an undo is a row of its own pointing at what it undid. */
export const queueStatusHistory = pgTable(
  "queue_status_history",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    appointmentId: text("appointment_id")
      .notNull()
      .references(() => queueAppointments.appointmentId, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    /** The version the change produced. */
    version: integer("version").notNull(),
    staffId: uuid("staff_id"),
    reason: text("reason"),
    undoOf: bigint("undo_of", { mode: "number" }),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("queue_status_history_appointment_idx").on(t.appointmentId, t.id)],
);

/**
 * One row per doctor, clinic and clinic day: the last token issued and how many calls were made.
 * Tokens are issued by incrementing this row inside the transaction that stamps the visit, so two
 * desks (or two app instances) never get the same number and a rolled-back issue leaves no gap.
 */
export const queueCounters = pgTable(
  "queue_counters",
  {
    clinicId: text("clinic_id").notNull(),
    doctorId: text("doctor_id").notNull(),
    day: text("day").notNull(),
    lastToken: integer("last_token").notNull().default(0),
    calls: integer("calls").notNull().default(0),
    /** The Idempotency-Keys of the latest calls, recalls and skips (space-separated): a double click replays instead of calling twice. */
    lastActionKey: text("last_action_key"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.doctorId, t.day] })],
);
