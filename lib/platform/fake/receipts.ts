import { randomUUID } from "node:crypto";
import { finalAmount } from "../wire/slots";
import type { PlatformReceiptData, SandboxReceiptUpdate } from "../wire/receipts";
import type { Services } from "./context";
import { badRequest, HttpError } from "./errors";

/**
 * The platform's own receipts, as the sandbox reads the platform (spec 6.1 names receipt.created and
 * receipt.updated; their bodies are not shown): money the platform took itself — a patient's online
 * pre-paid booking — is receipted by the platform and announced in a spec 6.2 envelope with a fresh
 * transaction id per event and the receipt's id in `data.receipt_id`. Amounts are rupees, like prices.
 */
export interface StoredReceipt extends PlatformReceiptData {
  business_id: string;
}

export function platformReceipts(s: Services) {
  const receipts = s.store.collection<StoredReceipt>("platformReceipts");
  let issued = receipts.values().length;

  function announce(kind: "receipt.created" | "receipt.updated", r: StoredReceipt) {
    const now = Math.floor(s.now() / 1000);
    const { business_id, ...data } = r;
    s.events.emit(kind, { service: "receipt", event: kind, transaction_id: `txn-${randomUUID()}`, event_time: now, timestamp: now, business_id, client_id: s.config.clients[0]!.clientId, data });
  }

  return {
    /** The platform takes money for an appointment (online) and receipts it. */
    issue(a: { appointment_id: string; partner_appointment_id: string | null; doctor_id: string; clinic_id: string; patient_id: string }, price: { price: number; conv_fee: number; discount: number; currency: string }, opts: { amount?: number; partner_receipt_id?: string; payment_mode?: string } = {}): StoredReceipt {
      const at = new Date(s.now()).toISOString();
      const receipt: StoredReceipt = {
        receipt_id: `rcpt_${randomUUID()}`,
        receipt_number: `ONL/${at.slice(0, 4)}/${String(++issued).padStart(6, "0")}`,
        appointment_id: a.appointment_id,
        partner_appointment_id: a.partner_appointment_id,
        partner_receipt_id: opts.partner_receipt_id ?? null,
        doctor_id: a.doctor_id,
        clinic_id: a.clinic_id,
        patient_id: a.patient_id,
        amount: { total: opts.amount ?? finalAmount(price), refunded: 0, currency: price.currency },
        payment_mode: opts.payment_mode ?? "online",
        status: "paid",
        paid_at: at,
        updated_at: at,
        business_id: "sandbox-business",
      };
      receipts.set(receipt.receipt_id, receipt);
      announce("receipt.created", receipt);
      return receipt;
    },
    /** A refund or a corrected amount on a receipt the platform issued. */
    update(id: string, change: SandboxReceiptUpdate): StoredReceipt {
      const r = receipts.get(id);
      if (!r) throw new HttpError(404, "RECEIPT_NOT_FOUND", `No receipt with id ${id}`);
      const total = change.amount ?? r.amount.total;
      const refunded = change.refunded ?? r.amount.refunded ?? 0;
      if (refunded > total) throw badRequest("refunded is more than the receipt's amount", "INVALID_AMOUNT");
      const status = change.status ?? (refunded === 0 ? "paid" : refunded === total ? "refunded" : "partially_refunded");
      const next: StoredReceipt = { ...r, amount: { ...r.amount, total, refunded }, status, updated_at: new Date(s.now()).toISOString() };
      receipts.set(id, next);
      announce("receipt.updated", next);
      return next;
    },
    list: () => receipts.values(),
  };
}
