import { bigint, boolean, doublePrecision, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

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
    source: text("source", { enum: ["desk", "platform", "sandbox_seed"] }).notNull(),
    status: text("status", { enum: ["booked", "checked_in", "in_consultation", "done", "no_show", "cancelled"] }).notNull().default("booked"),
    version: integer("version").notNull().default(1),
    arrivedAt: timestamp("arrived_at", { withTimezone: true }),
    cancelReason: text("cancel_reason"),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }).notNull().defaultNow(),
    statusChangedBy: uuid("status_changed_by"),
    /** The last change was a forward move the desk may take back (not an undo, cancel or reschedule). */
    undoable: boolean("undoable").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("queue_appointments_day_idx").on(t.clinicId, t.day, t.doctorId, t.startAt), index("queue_appointments_patient_idx").on(t.patientId, t.startAt)],
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
