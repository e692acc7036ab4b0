import { integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** The day of a doctor's usual room (`day` = this value): any day without a room of its own. */
export const DEFAULT_ROOM_DAY = "default";

/**
 * Which room a doctor sits in at a clinic: the usual one (`day` = "default") and, for one day,
 * another (`day` = YYYY-MM-DD). The slip, the A5 page, the display and the counter all read it here.
 */
export const doctorRooms = pgTable(
  "doctor_rooms",
  {
    clinicId: text("clinic_id").notNull(),
    doctorId: text("doctor_id").notNull(),
    day: text("day").notNull(),
    room: text("room").notNull(),
    updatedBy: uuid("updated_by"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.clinicId, t.doctorId, t.day] })],
);

/**
 * The clinic's priority marks, in order of precedence (Settings → Priority marks). Seeded once from
 * OPD_PRIORITY_MARKS; a retired mark is kept so the visits that carry it still read its name.
 */
export const priorityMarks = pgTable("priority_marks", {
  key: text("key").primaryKey(),
  /** The English name; null for a built-in mark never renamed (named through the i18n messages). */
  label: text("label"),
  labelHi: text("label_hi"),
  position: integer("position").notNull(),
  retiredAt: timestamp("retired_at", { withTimezone: true }),
  updatedBy: uuid("updated_by"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
