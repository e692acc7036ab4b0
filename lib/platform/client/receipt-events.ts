import "server-only";
import { rupeeNumberToPaise } from "@/lib/billing/money";
import { PlatformReceiptData } from "@/lib/platform/wire/receipts";
import type { PlatformReceiptEvent } from "@/lib/schemas/desk-events";

const MAX_TEXT = 200;
const text = (v: unknown): string | null => (typeof v === "string" && v.trim() ? v.trim().slice(0, MAX_TEXT) : null);
const MAX_PAISE = 1_000_000_000_00; // ₹1,000 crore: anything larger is not a clinic's receipt

function paise(rupees: unknown): number | null {
  if (typeof rupees !== "number" || !Number.isFinite(rupees) || rupees < 0) return null;
  try {
    const p = rupeeNumberToPaise(rupees);
    return p <= MAX_PAISE ? p : null;
  } catch {
    return null;
  }
}

function instant(v: unknown): string | null {
  const s = text(v);
  return s && !Number.isNaN(Date.parse(s)) ? new Date(Date.parse(s)).toISOString() : null;
}

/**
 * A receipt event in the desk's words, read tolerantly: a body that does not match the reading
 * (`lib/platform/wire/receipts.ts`) keeps what it shares and says why in `problem`, so it is listed
 * to reconcile by hand instead of being lost or counted. `null` for kinds that are not receipts.
 */
export function toReceiptEvent(event: string, data: unknown): PlatformReceiptEvent | null {
  const kind = event === "receipt.created" ? "created" : event === "receipt.updated" ? "updated" : null;
  if (!kind) return null;
  const raw = (data && typeof data === "object" && !Array.isArray(data) ? data : {}) as Record<string, unknown>;
  const parsed = PlatformReceiptData.safeParse(raw);
  const amount = (raw.amount && typeof raw.amount === "object" ? raw.amount : {}) as Record<string, unknown>;
  const currency = text(amount.currency);
  const amountPaise = paise(amount.total);
  const refundedPaise = amount.refunded === undefined ? 0 : paise(amount.refunded);
  let problem: string | null = null;
  if (!parsed.success) problem = `The receipt body does not match the expected shape (${parsed.error.issues[0]?.path.join(".") || "body"}: ${parsed.error.issues[0]?.message ?? "unreadable"}).`;
  else if (currency !== "INR") problem = `The receipt is in ${currency?.slice(0, 10) ?? "no currency"}, not INR.`;
  else if (amountPaise === null || refundedPaise === null) problem = "The receipt's amount is not a sum in rupees.";
  else if (refundedPaise > amountPaise) problem = "The receipt says more was refunded than was paid.";
  return {
    kind,
    platformReceiptId: text(raw.receipt_id),
    receiptNumber: text(raw.receipt_number),
    appointmentId: text(raw.appointment_id),
    reference: text(raw.partner_receipt_id),
    clinicId: text(raw.clinic_id),
    patientId: text(raw.patient_id),
    amountPaise,
    refundedPaise,
    status: text(raw.status)?.slice(0, 40) ?? null,
    method: text(raw.payment_mode)?.slice(0, 40) ?? null,
    paidAt: instant(raw.paid_at),
    problem,
  };
}
