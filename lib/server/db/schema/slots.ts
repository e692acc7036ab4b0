import { boolean, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The clinic's doctors and clinics as the platform knows them (it has no listing endpoint),
 * kept by admins on Settings → Clinics.
 */
export const directoryEntries = pgTable(
  "directory_entries",
  {
    kind: text("kind", { enum: ["doctor", "clinic"] }).notNull(),
    platformId: text("platform_id").notNull(),
    displayName: text("display_name").notNull(),
    /** IANA zone for clinics (slot times are shown in it); null for doctors. */
    timeZone: text("time_zone"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.platformId] })],
);

/** One row per booking attempt, keyed by the browser's idempotency key, so a retry never books twice. */
export const slotBookings = pgTable("slot_bookings", {
  idempotencyKey: uuid("idempotency_key").primaryKey(),
  staffId: uuid("staff_id").notNull(),
  /** What was asked, so the same key with another request is refused. */
  request: jsonb("request").notNull(),
  status: text("status", { enum: ["pending", "booked", "failed"] }).notNull(),
  appointmentId: text("appointment_id"),
  booking: jsonb("booking"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The latest token of each assistant session the desk has refreshed; never sent to a browser. */
export const assistantSessionTokens = pgTable("assistant_session_tokens", {
  sessionId: uuid("session_id").primaryKey(),
  token: text("token").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  updatedBy: uuid("updated_by"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Which doctor has a schedule at which clinic, as the platform showed it (it has no listing
 * endpoint): learned from the sandbox's demo practice, from every slot listing, and by asking
 * once for a pair nobody has looked at yet. The calendar offers only clinics with a schedule.
 */
export const doctorClinicSchedules = pgTable(
  "doctor_clinic_schedules",
  {
    doctorId: text("doctor_id").notNull(),
    clinicId: text("clinic_id").notNull(),
    hasSchedule: boolean("has_schedule").notNull(),
    checkedAt: timestamp("checked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.doctorId, t.clinicId] })],
);
