import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

const paise = (name: string) => bigint(name, { mode: "number" });

/** A clinic's own price list and what its receipts print (Settings → Billing). Amounts are integer paise. */
export const billingSettings = pgTable("billing_settings", {
  clinicId: text("clinic_id").primaryKey(),
  legalName: text("legal_name"),
  address: text("address"),
  gstin: text("gstin"),
  upiVpa: text("upi_vpa"),
  upiPayee: text("upi_payee"),
  registrationFeePaise: paise("registration_fee_paise").notNull().default(0),
  newCaseFeePaise: paise("new_case_fee_paise").notNull().default(0),
  followUpFeePaise: paise("follow_up_fee_paise").notNull().default(0),
  followUpDays: integer("follow_up_days").notNull().default(7),
  procedures: jsonb("procedures").$type<{ code: string; name: string; feePaise: number }[]>().notNull().default([]),
  updatedBy: uuid("updated_by"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export interface BillLine {
  kind: "service" | "registration" | "consultation" | "procedure";
  label: string;
  paise: number;
}

/** What a visit costs, fixed when money is first taken for it (append-only: a database trigger refuses UPDATE and DELETE). */
export const bills = pgTable(
  "bills",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: text("appointment_id").notNull(),
    clinicId: text("clinic_id").notNull(),
    doctorId: text("doctor_id").notNull(),
    patientId: text("patient_id").notNull(),
    feeKind: text("fee_kind", { enum: ["booked_service", "new_case", "follow_up"] }).notNull(),
    lines: jsonb("lines").$type<BillLine[]>().notNull(),
    totalPaise: paise("total_paise").notNull(),
    prePay: boolean("pre_pay").notNull().default(false),
    createdBy: uuid("created_by"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("bills_appointment_idx").on(t.appointmentId), index("bills_patient_doctor_idx").on(t.patientId, t.doctorId, t.createdAt)],
);

/** A concession or free visit: how much, why, and who allowed it (append-only). */
export const billConcessions = pgTable(
  "bill_concessions",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    billId: uuid("bill_id").notNull().references(() => bills.id),
    amountPaise: paise("amount_paise").notNull(),
    reason: text("reason").notNull(),
    allowedBy: text("allowed_by").notNull(),
    staffId: uuid("staff_id"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("bill_concessions_bill_idx").on(t.billId)],
);

/** The last receipt ("RC") or credit note ("CN") number per clinic and financial year, bumped in the same transaction as the record. */
export const billingCounters = pgTable(
  "billing_counters",
  {
    clinicId: text("clinic_id").notNull(),
    series: text("series").notNull(),
    fy: text("fy").notNull(),
    lastNumber: integer("last_number").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: "billing_counters_pk", columns: [t.clinicId, t.series, t.fy] })],
);

export const receipts = pgTable(
  "receipts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clinicId: text("clinic_id").notNull(),
    fy: text("fy").notNull(),
    number: integer("number").notNull(),
    label: text("label").notNull(),
    billId: uuid("bill_id").notNull().references(() => bills.id),
    appointmentId: text("appointment_id").notNull(),
    patientId: text("patient_id").notNull(),
    doctorId: text("doctor_id").notNull(),
    amountPaise: paise("amount_paise").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    /** What was asked, so a replay with the same key and another request is refused. */
    request: jsonb("request").notNull(),
    collectedBy: uuid("collected_by"),
    collectedAt: timestamp("collected_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("receipts_number_idx").on(t.clinicId, t.fy, t.number),
    uniqueIndex("receipts_label_idx").on(t.clinicId, t.label),
    uniqueIndex("receipts_key_idx").on(t.idempotencyKey),
    index("receipts_bill_idx").on(t.billId),
    index("receipts_day_idx").on(t.clinicId, t.collectedAt),
  ],
);

export const receiptPayments = pgTable(
  "receipt_payments",
  {
    receiptId: uuid("receipt_id").notNull().references(() => receipts.id),
    line: integer("line").notNull(),
    method: text("method", { enum: ["cash", "upi", "card"] }).notNull(),
    amountPaise: paise("amount_paise").notNull(),
    tenderedPaise: paise("tendered_paise"),
    changePaise: paise("change_paise"),
    reference: text("reference"),
  },
  (t) => [primaryKey({ name: "receipt_payments_pk", columns: [t.receiptId, t.line] })],
);

/** Every print of a receipt: the first is the original, every later one a duplicate. */
export const receiptPrints = pgTable(
  "receipt_prints",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    receiptId: uuid("receipt_id").notNull().references(() => receipts.id),
    copy: text("copy", { enum: ["original", "duplicate"] }).notNull(),
    staffId: uuid("staff_id"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("receipt_prints_receipt_idx").on(t.receiptId)],
);

/** A refund or cancellation against a receipt, with its own gapless series (append-only). */
export const creditNotes = pgTable(
  "credit_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clinicId: text("clinic_id").notNull(),
    fy: text("fy").notNull(),
    number: integer("number").notNull(),
    label: text("label").notNull(),
    receiptId: uuid("receipt_id").notNull().references(() => receipts.id),
    amountPaise: paise("amount_paise").notNull(),
    method: text("method", { enum: ["cash", "upi", "card"] }).notNull(),
    reason: text("reason").notNull(),
    idempotencyKey: text("idempotency_key").notNull(),
    request: jsonb("request").notNull(),
    staffId: uuid("staff_id"),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex("credit_notes_number_idx").on(t.clinicId, t.fy, t.number),
    uniqueIndex("credit_notes_label_idx").on(t.clinicId, t.label),
    uniqueIndex("credit_notes_key_idx").on(t.idempotencyKey),
    index("credit_notes_receipt_idx").on(t.receiptId),
  ],
);

/**
 * A cashier's day closed: cash expected from the day's receipts and refunds against cash counted
 * by denomination, UPI and card totals, the difference and a note. A reopened day (admin, audited)
 * gets a row in day_reopens; closing it again is the next generation. Append-only.
 */
export const dayCloses = pgTable(
  "day_closes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clinicId: text("clinic_id").notNull(),
    cashierId: uuid("cashier_id").notNull(),
    day: text("day").notNull(),
    generation: integer("generation").notNull(),
    expectedCashPaise: paise("expected_cash_paise").notNull(),
    countedCashPaise: paise("counted_cash_paise").notNull(),
    denominations: jsonb("denominations").$type<Record<string, number>>().notNull(),
    upiPaise: paise("upi_paise").notNull(),
    cardPaise: paise("card_paise").notNull(),
    differencePaise: paise("difference_paise").notNull(),
    note: text("note"),
    closedBy: uuid("closed_by").notNull(),
    closedAt: timestamp("closed_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("day_closes_generation_idx").on(t.clinicId, t.cashierId, t.day, t.generation)],
);

export const dayReopens = pgTable("day_reopens", {
  closeId: uuid("close_id")
    .primaryKey()
    .references(() => dayCloses.id),
  reason: text("reason").notNull(),
  reopenedBy: uuid("reopened_by").notNull(),
  reopenedAt: timestamp("reopened_at", { withTimezone: true }).notNull(),
});
