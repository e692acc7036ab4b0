"use client";

import { useRef } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { IDEMPOTENCY_HEADER } from "@/lib/schemas/idempotency-header";
import type { BillingSettings, BillingSettingsInput, CreditNoteRequest, PaymentOutcome, PaymentRequest, ReceiptDocument, VisitBilling } from "@/lib/schemas/billing";
import type { DayCloseView } from "@/lib/schemas/day-close";
import { anyAnswer, apiGet, ApiProblemError, objectAnswer, sendJson } from "./http";

export const billingKeys = {
  visit: (appointmentId: string) => ["billing", "visit", appointmentId] as const,
  receipt: (id: string) => ["billing", "receipt", id] as const,
  settings: (clinicId: string) => ["billing", "settings", clinicId] as const,
};

const PaymentOutcome = objectAnswer<PaymentOutcome>({ receiptId: "string|null", receiptLabel: "string|null", amountPaise: "integer", changePaise: "integer", duePaise: "integer", replayed: "boolean" });
interface CreditNoteOutcome {
  id: string;
  label: string;
  amountPaise: number;
  refundablePaise: number;
  replayed: boolean;
}
const CreditNoteOutcome = objectAnswer<CreditNoteOutcome>({ id: "string", label: "string", amountPaise: "integer", refundablePaise: "integer", replayed: "boolean" });
const VisitBillingAnswer = objectAnswer<VisitBilling>({ appointmentId: "string", clinicId: "string", billed: "boolean", lines: "array", totalPaise: "integer" });
const ReceiptAnswer = objectAnswer<ReceiptDocument>({ id: "string", label: "string", lines: "array", payments: "array" });
const SettingsAnswer = objectAnswer<BillingSettings>({ clinicId: "string", registrationFeePaise: "integer", newCaseFeePaise: "integer", followUpFeePaise: "integer", followUpDays: "integer", procedures: "array" });
const DayCloseAnswer = objectAnswer<DayCloseView>({ clinicId: "string", cashierId: "string", day: "string", totals: "object" });

/** One key per intent: a double click sends the same key and the server replays; refused or answered, the next press is new. */
function useIntentKey() {
  const key = useRef<string | null>(null);
  return { current: () => (key.current ??= crypto.randomUUID()), renew: () => void (key.current = null) };
}

export function useVisitBilling(appointmentId: string) {
  return useQuery({ queryKey: billingKeys.visit(appointmentId), queryFn: ({ signal }) => apiGet(`/api/billing/visits/${encodeURIComponent(appointmentId)}`, {}, VisitBillingAnswer, signal) });
}

export function useRecordPayment(appointmentId: string) {
  const client = useQueryClient();
  const key = useIntentKey();
  return useMutation({
    mutationFn: (body: PaymentRequest) => sendJson("POST", `/api/billing/visits/${encodeURIComponent(appointmentId)}/payments`, body, PaymentOutcome, { [IDEMPOTENCY_HEADER]: key.current() }),
    onSuccess: () => key.renew(),
    onError: (err) => {
      if (err instanceof ApiProblemError) key.renew();
    },
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: billingKeys.visit(appointmentId) }), client.invalidateQueries({ queryKey: ["queue"] })]),
  });
}

export function useReceipt(id: string) {
  return useQuery({ queryKey: billingKeys.receipt(id), queryFn: ({ signal }) => apiGet(`/api/billing/receipts/${encodeURIComponent(id)}`, {}, ReceiptAnswer, signal) });
}

export function useRecordPrint(id: string) {
  return useMutation({ mutationFn: () => sendJson("POST", `/api/billing/receipts/${encodeURIComponent(id)}/prints`, undefined, objectAnswer<{ copy: "original" | "duplicate" }>({ copy: "string" })) });
}

export function useIssueCreditNote(receiptId: string) {
  const client = useQueryClient();
  const key = useIntentKey();
  return useMutation({
    mutationFn: (body: CreditNoteRequest) => sendJson("POST", `/api/billing/receipts/${encodeURIComponent(receiptId)}/credit-notes`, body, CreditNoteOutcome, { [IDEMPOTENCY_HEADER]: key.current() }),
    onSuccess: () => key.renew(),
    onError: (err) => {
      if (err instanceof ApiProblemError) key.renew();
    },
    onSettled: () => client.invalidateQueries({ queryKey: ["billing"] }),
  });
}

export function useBillingSettings(clinicId: string | null) {
  return useQuery({ queryKey: billingKeys.settings(clinicId ?? ""), enabled: !!clinicId, queryFn: ({ signal }) => apiGet("/api/billing/settings", { clinicId: clinicId! }, SettingsAnswer, signal) });
}

export function useSaveBillingSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingSettingsInput) => sendJson("PUT", "/api/billing/settings", body, SettingsAnswer),
    onSuccess: (saved) => client.setQueryData(billingKeys.settings(saved.clinicId), saved),
  });
}

export function useDayClose(clinicId: string | null) {
  return useQuery({ queryKey: ["billing", "day-close", clinicId ?? ""], enabled: !!clinicId, queryFn: ({ signal }) => apiGet("/api/billing/day-close", { clinicId: clinicId! }, DayCloseAnswer, signal) });
}

export function useCloseDay(clinicId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { denominations: Record<string, number>; note?: string }) => sendJson("POST", "/api/billing/day-close", { clinicId, ...body }, DayCloseAnswer),
    onSettled: () => client.invalidateQueries({ queryKey: ["billing", "day-close", clinicId] }),
  });
}

export function useReopenDay(clinicId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { closeId: string; reason: string }) => sendJson("POST", `/api/billing/day-close/${encodeURIComponent(v.closeId)}/reopen`, { reason: v.reason }, anyAnswer()),
    onSettled: () => client.invalidateQueries({ queryKey: ["billing", "day-close", clinicId] }),
  });
}
