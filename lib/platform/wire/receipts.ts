import { z } from "zod";

/**
 * `receipt.created` / `receipt.updated` (spec 6.1 names them; their bodies are "not shown"). This is
 * the sandbox's reading of the platform, not a published contract: a receipt the platform issued for
 * money it took itself (an online pre-paid booking, say), inside the usual event envelope (spec 6.2),
 * with `transaction_id` unique per event and the receipt's own id in `data.receipt_id`. A real
 * platform's field names change here and in lib/platform/client/receipt-events.ts only.
 */
export const PLATFORM_RECEIPT_STATUSES = ["paid", "partially_refunded", "refunded", "cancelled"] as const;

export const PlatformReceiptData = z.object({
  receipt_id: z.string(),
  receipt_number: z.string().optional(),
  appointment_id: z.string().nullable().optional(),
  partner_appointment_id: z.string().nullable().optional(),
  /** The partner's own reference for the same money, when the partner gave one (the desk's receipt number). */
  partner_receipt_id: z.string().nullable().optional(),
  doctor_id: z.string().optional(),
  clinic_id: z.string().optional(),
  patient_id: z.string().optional(),
  /** Rupees, as the platform prices services (spec 2.4). */
  amount: z.object({ total: z.number(), refunded: z.number().optional(), currency: z.string() }),
  payment_mode: z.string().optional(),
  status: z.enum(PLATFORM_RECEIPT_STATUSES),
  paid_at: z.string().optional(),
  updated_at: z.string().optional(),
});
export type PlatformReceiptData = z.infer<typeof PlatformReceiptData>;

/** Sandbox control: the platform takes money for an appointment (online) and says so with receipt.created. */
export const SandboxReceiptRequest = z.strictObject({
  appointment_id: z.string().min(1).max(200),
  /** Rupees; defaults to the appointment's service price. */
  amount: z.number().min(0).max(10_000_000).optional(),
  partner_receipt_id: z.string().max(200).optional(),
  payment_mode: z.string().max(40).optional(),
});
export type SandboxReceiptRequest = z.infer<typeof SandboxReceiptRequest>;

/** Sandbox control: the platform changes a receipt it issued (a refund, a corrected amount) and says so with receipt.updated. */
export const SandboxReceiptUpdate = z.strictObject({
  amount: z.number().min(0).max(10_000_000).optional(),
  refunded: z.number().min(0).max(10_000_000).optional(),
  status: z.enum(PLATFORM_RECEIPT_STATUSES).optional(),
});
export type SandboxReceiptUpdate = z.infer<typeof SandboxReceiptUpdate>;
