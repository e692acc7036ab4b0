import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { receipts } from "./billing";

const paise = (name: string) => bigint(name, { mode: "number" });

/**
 * The platform's receipts (receipt.created / receipt.updated), one row per platform receipt id, kept
 * at the newest state the platform reported: a redelivery changes nothing, an older event arriving
 * late does not overwrite a newer one. A body the desk could not read is kept with its problem.
 */
export const platformReceipts = pgTable(
  "platform_receipts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** The platform's receipt id; `inbox:<id>` for a body without one. */
    platformReceiptId: text("platform_receipt_id").notNull(),
    receiptNumber: text("receipt_number"),
    clinicId: text("clinic_id"),
    appointmentId: text("appointment_id"),
    patientId: text("patient_id"),
    reference: text("reference"),
    amountPaise: paise("amount_paise"),
    refundedPaise: paise("refunded_paise"),
    status: text("status"),
    method: text("method"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    problem: text("problem"),
    /** When the platform says the state above was true (the event's time); older events do not overwrite it. */
    stateAt: timestamp("state_at", { withTimezone: true }),
    firstInboxId: bigint("first_inbox_id", { mode: "number" }).notNull(),
    lastInboxId: bigint("last_inbox_id", { mode: "number" }).notNull(),
    events: integer("events").notNull().default(1),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
    /** As last counted (migration 0028, by platformCounting): counted, desk_counts, waiting or unknown; null: not yet. */
    countedAs: text("counted_as", { enum: ["counted", "desk_counts", "waiting", "unknown"] }),
    countedPaise: paise("counted_paise"),
    countedDay: text("counted_day"),
    countedDoctor: text("counted_doctor"),
    countedService: text("counted_service"),
  },
  (t) => [
    uniqueIndex("platform_receipts_platform_id_idx").on(t.platformReceiptId),
    index("platform_receipts_appointment_idx").on(t.appointmentId),
    index("platform_receipts_counted_day_idx").on(t.clinicId, t.countedDay).where(sql`${t.countedAs} = 'counted'`),
    index("platform_receipts_uncounted_idx").on(t.id).where(sql`${t.countedAs} IS NULL`),
  ],
);

/**
 * What the desk decided about a platform receipt (append-only; the newest decision stands): linked to
 * the desk's receipt for the same money, or "platform only — not collected at the counter".
 * `platformNetPaise` is what the platform reported when decided: a later different report lists it again.
 */
export const platformReceiptDecisions = pgTable(
  "platform_receipt_decisions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    platformReceiptId: uuid("platform_receipt_id")
      .notNull()
      .references(() => platformReceipts.id),
    decision: text("decision", { enum: ["linked", "platform_only"] }).notNull(),
    deskReceiptId: uuid("desk_receipt_id").references(() => receipts.id),
    platformNetPaise: paise("platform_net_paise"),
    how: text("how", { enum: ["appointment", "reference", "amount_visit", "staff"] }).notNull(),
    note: text("note"),
    staffId: uuid("staff_id"),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("platform_receipt_decisions_receipt_idx").on(t.platformReceiptId, t.id), index("platform_receipt_decisions_desk_idx").on(t.deskReceiptId)],
);

/** Running totals of counted platform receipts per clinic day (total, doctor, service) and of the waiting ones (migration 0028). */
export const platformDayTotals = pgTable(
  "platform_day_totals",
  {
    clinicId: text("clinic_id").notNull(),
    day: text("day").notNull(),
    dimension: text("dimension", { enum: ["total", "doctor", "service", "waiting"] }).notNull(),
    key: text("key").notNull(),
    paise: paise("paise").notNull().default(0),
    receipts: integer("receipts").notNull().default(0),
  },
  (t) => [primaryKey({ name: "platform_day_totals_pk", columns: [t.clinicId, t.day, t.dimension, t.key] })],
);
