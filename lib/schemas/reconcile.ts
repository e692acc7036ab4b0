import { z } from "zod";

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "A day is YYYY-MM-DD.");

export const ReconcileQuery = z.strictObject({ clinicId: z.string().trim().min(1, "Choose a clinic.").max(100), day: Day.optional() });

export const LinkRequest = z.strictObject({
  deskReceiptId: z.uuid("Choose one of the desk's receipts."),
  note: z.string().trim().max(300, "At most 300 characters.").optional(),
});
export type LinkRequest = z.infer<typeof LinkRequest>;

export const PlatformOnlyRequest = z.strictObject({ note: z.string().trim().max(300, "At most 300 characters.").optional() });

const DeskReceiptRef = z.object({ id: z.string(), label: z.string(), appointmentId: z.string(), netPaise: z.number().int(), collectedAt: z.string() });

/** One platform receipt and what the desk made of it. */
export const ReconcileRow = z.object({
  id: z.string(),
  platformReceiptId: z.string(),
  receiptNumber: z.string().nullable(),
  appointmentId: z.string().nullable(),
  reference: z.string().nullable(),
  clinicId: z.string().nullable(),
  /** What the platform kept (paid less refunded); null when the body could not be read. */
  netPaise: z.number().int().nullable(),
  amountPaise: z.number().int().nullable(),
  refundedPaise: z.number().int().nullable(),
  status: z.string().nullable(),
  method: z.string().nullable(),
  paidAt: z.string(),
  problem: z.string().nullable(),
  events: z.number().int(),
  /** matched / platform_only: settled. unmatched, reported_differently, unreadable: listed to reconcile. */
  state: z.enum(["matched", "platform_only", "unmatched", "reported_differently", "unreadable"]),
  decision: z
    .object({ decision: z.enum(["linked", "platform_only"]), how: z.enum(["appointment", "reference", "amount_visit", "staff"]), note: z.string().nullable(), at: z.string(), deskReceipt: DeskReceiptRef.nullable(), platformNetPaise: z.number().int().nullable() })
    .nullable(),
  candidates: z.array(DeskReceiptRef.extend({ how: z.enum(["appointment", "reference", "amount_visit"]) })),
});
export type ReconcileRow = z.infer<typeof ReconcileRow>;

export const ReconcileTotals = z.object({
  counterPaise: z.number().int(),
  platformOnlyPaise: z.number().int(),
  matchedPaise: z.number().int(),
  waitingPaise: z.number().int(),
  totalPaise: z.number().int(),
});
export type ReconcileTotals = z.infer<typeof ReconcileTotals>;

export const ReconcileView = z.object({ clinicId: z.string(), day: z.string(), rows: z.array(ReconcileRow), totals: ReconcileTotals });
export type ReconcileView = z.infer<typeof ReconcileView>;

export const TO_RECONCILE: readonly ReconcileRow["state"][] = ["unmatched", "reported_differently", "unreadable"];
