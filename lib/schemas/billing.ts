import { z } from "zod";

export const PAYMENT_METHODS = ["cash", "upi", "card"] as const;
export const PaymentMethod = z.enum(PAYMENT_METHODS, "Choose cash, UPI or card.");
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/** Rupees as a person typed them ("500", "1,250.50"); the server reads them into paise and names the field when it cannot. */
const RupeesText = z.string("Enter an amount in rupees.").max(20, "Enter an amount in rupees.");

export const PaymentLineInput = z.strictObject({
  method: PaymentMethod,
  amount: RupeesText,
  /** Cash handed over, when more than the amount (the change is given back). */
  tendered: RupeesText.optional(),
  /** UPI transaction id or card slip number, as staff read it off the patient's phone or the terminal. */
  reference: z.string().trim().max(64, "At most 64 characters.").optional(),
});
export type PaymentLineInput = z.infer<typeof PaymentLineInput>;

export const ConcessionInput = z.strictObject({
  amount: RupeesText,
  reason: z.string().trim().min(3, "Say why the concession is given.").max(200, "At most 200 characters."),
  allowedBy: z.string().trim().min(2, "Name who allowed it.").max(100, "At most 100 characters."),
});

export const PaymentRequest = z.strictObject({
  payments: z.array(PaymentLineInput).max(4, "At most 4 payment lines in one receipt."),
  /** Procedure codes from the clinic's price list added to the visit's bill when it is first made. */
  procedures: z.array(z.string().trim().min(1).max(40)).max(20).optional(),
  concession: ConcessionInput.optional(),
});
export type PaymentRequest = z.infer<typeof PaymentRequest>;

export const CreditNoteRequest = z.strictObject({
  amount: RupeesText,
  method: PaymentMethod,
  reason: z.string().trim().min(3, "Say why the money is given back.").max(200, "At most 200 characters."),
});
export type CreditNoteRequest = z.infer<typeof CreditNoteRequest>;

export const ProcedureFee = z.strictObject({
  code: z.string().trim().min(1, "Give the procedure a short code.").max(40).regex(/^[A-Za-z0-9_-]+$/, "Letters, digits, - or _ only."),
  name: z.string().trim().min(1, "Name the procedure.").max(100),
  fee: RupeesText,
});

export const BillingSettingsInput = z.strictObject({
  clinicId: z.string().trim().min(1, "Choose a clinic.").max(100),
  legalName: z.string().trim().max(200).optional(),
  address: z.string().trim().max(400).optional(),
  gstin: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^$|^[0-9]{2}[A-Z0-9]{10}[0-9A-Z]Z[0-9A-Z]$/, "A GSTIN has 15 characters, e.g. 27AAPFU0939F1ZV.")
    .optional(),
  upiVpa: z
    .string()
    .trim()
    .regex(/^$|^[a-zA-Z0-9.\-_]{2,256}@[a-zA-Z][a-zA-Z0-9.-]{1,63}$/, "A UPI id looks like clinic@bank.")
    .optional(),
  upiPayee: z.string().trim().max(100).optional(),
  registrationFee: RupeesText,
  newCaseFee: RupeesText,
  followUpFee: RupeesText,
  followUpDays: z.coerce.number("Days must be a whole number.").int("Days must be a whole number.").min(0, "0 or more days.").max(365, "At most 365 days."),
  procedures: z.array(ProcedureFee).max(100),
});
export type BillingSettingsInput = z.infer<typeof BillingSettingsInput>;

export const BillingSettings = z.object({
  clinicId: z.string(),
  legalName: z.string().nullable(),
  address: z.string().nullable(),
  gstin: z.string().nullable(),
  upiVpa: z.string().nullable(),
  upiPayee: z.string().nullable(),
  registrationFeePaise: z.number().int(),
  newCaseFeePaise: z.number().int(),
  followUpFeePaise: z.number().int(),
  followUpDays: z.number().int(),
  procedures: z.array(z.object({ code: z.string(), name: z.string(), feePaise: z.number().int() })),
});
export type BillingSettings = z.infer<typeof BillingSettings>;

export const BillLineSchema = z.object({ kind: z.enum(["service", "registration", "consultation", "procedure"]), label: z.string(), paise: z.number().int() });

export const PaymentLine = z.object({ method: PaymentMethod, amountPaise: z.number().int(), tenderedPaise: z.number().int().nullable(), changePaise: z.number().int().nullable(), reference: z.string().nullable() });

export const CreditNote = z.object({ id: z.string(), label: z.string(), amountPaise: z.number().int(), method: PaymentMethod, reason: z.string(), at: z.string(), staffName: z.string().nullable() });
export type CreditNote = z.infer<typeof CreditNote>;

export const ReceiptSummary = z.object({
  id: z.string(),
  label: z.string(),
  amountPaise: z.number().int(),
  collectedAt: z.string(),
  collectedBy: z.string().nullable(),
  payments: z.array(PaymentLine),
  creditNotes: z.array(CreditNote),
  refundablePaise: z.number().int(),
});
export type ReceiptSummary = z.infer<typeof ReceiptSummary>;

/** Where a visit stands with money, as every queue row shows it. */
export const BILLING_STATES = ["paid", "due", "prepay_missing", "free"] as const;
export const BillingState = z.object({ state: z.enum(BILLING_STATES), duePaise: z.number().int(), paidPaise: z.number().int() });
export type BillingState = z.infer<typeof BillingState>;

export const VisitBilling = z.object({
  appointmentId: z.string(),
  clinicId: z.string(),
  doctorId: z.string(),
  doctorName: z.string(),
  patientId: z.string(),
  patientName: z.string().nullable(),
  day: z.string(),
  tokenLabel: z.string().nullable(),
  /** Fixed once money was taken; before that, what the desk proposes from the service or the price list. */
  billed: z.boolean(),
  feeKind: z.enum(["booked_service", "new_case", "follow_up"]),
  prePay: z.boolean(),
  lines: z.array(BillLineSchema),
  totalPaise: z.number().int(),
  concessions: z.array(z.object({ amountPaise: z.number().int(), reason: z.string(), allowedBy: z.string(), at: z.string() })),
  concessionPaise: z.number().int(),
  paidPaise: z.number().int(),
  refundedPaise: z.number().int(),
  duePaise: z.number().int(),
  receipts: z.array(ReceiptSummary),
  procedures: z.array(z.object({ code: z.string(), name: z.string(), feePaise: z.number().int() })),
  upi: z.object({ vpa: z.string(), payee: z.string() }).nullable(),
  state: BillingState,
});
export type VisitBilling = z.infer<typeof VisitBilling>;

export const ReceiptDocument = z.object({
  id: z.string(),
  label: z.string(),
  clinicName: z.string(),
  clinicAddress: z.string().nullable(),
  gstin: z.string().nullable(),
  patientName: z.string(),
  patientUhid: z.string().nullable(),
  doctorName: z.string(),
  collectedAt: z.string(),
  /** DD/MM/YYYY on the clinic's calendar. */
  collectedDay: z.string(),
  collectedBy: z.string().nullable(),
  lines: z.array(BillLineSchema),
  payments: z.array(PaymentLine),
  amountPaise: z.number().int(),
  amountWords: z.object({ en: z.string(), hi: z.string() }),
  creditNotes: z.array(CreditNote),
  printCount: z.number().int(),
});
export type ReceiptDocument = z.infer<typeof ReceiptDocument>;

/** What recording a payment answers (the BFF's body; the browser reads it as this type). */
export interface PaymentOutcome {
  receiptId: string | null;
  receiptLabel: string | null;
  amountPaise: number;
  changePaise: number;
  duePaise: number;
  replayed: boolean;
}
