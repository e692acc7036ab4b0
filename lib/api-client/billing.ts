"use client";

import { useRef } from "react";
import { z } from "zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { IDEMPOTENCY_HEADER } from "@/lib/schemas/idempotency-header";
import { BillingSettings, ReceiptDocument, VisitBilling, type BillingSettingsInput, type CreditNoteRequest, type PaymentRequest } from "@/lib/schemas/billing";
import { DayCloseView } from "@/lib/schemas/day-close";
import { apiGet, ApiProblemError, sendJson } from "./http";

export const billingKeys = {
  visit: (appointmentId: string) => ["billing", "visit", appointmentId] as const,
  receipt: (id: string) => ["billing", "receipt", id] as const,
  settings: (clinicId: string) => ["billing", "settings", clinicId] as const,
};

const PaymentOutcome = z.object({ receiptId: z.string().nullable(), receiptLabel: z.string().nullable(), amountPaise: z.number().int(), changePaise: z.number().int(), duePaise: z.number().int(), replayed: z.boolean() });
export type PaymentOutcome = z.infer<typeof PaymentOutcome>;
const CreditNoteOutcome = z.object({ id: z.string(), label: z.string(), amountPaise: z.number().int(), refundablePaise: z.number().int(), replayed: z.boolean() });

/** One key per intent: a double click sends the same key and the server replays; refused or answered, the next press is new. */
function useIntentKey() {
  const key = useRef<string | null>(null);
  return { current: () => (key.current ??= crypto.randomUUID()), renew: () => void (key.current = null) };
}

export function useVisitBilling(appointmentId: string) {
  return useQuery({ queryKey: billingKeys.visit(appointmentId), queryFn: ({ signal }) => apiGet(`/api/billing/visits/${encodeURIComponent(appointmentId)}`, {}, VisitBilling, signal) });
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
  return useQuery({ queryKey: billingKeys.receipt(id), queryFn: ({ signal }) => apiGet(`/api/billing/receipts/${encodeURIComponent(id)}`, {}, ReceiptDocument, signal) });
}

export function useRecordPrint(id: string) {
  return useMutation({ mutationFn: () => sendJson("POST", `/api/billing/receipts/${encodeURIComponent(id)}/prints`, undefined, z.object({ copy: z.enum(["original", "duplicate"]) })) });
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
  return useQuery({ queryKey: billingKeys.settings(clinicId ?? ""), enabled: !!clinicId, queryFn: ({ signal }) => apiGet("/api/billing/settings", { clinicId: clinicId! }, BillingSettings, signal) });
}

export function useSaveBillingSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingSettingsInput) => sendJson("PUT", "/api/billing/settings", body, BillingSettings),
    onSuccess: (saved) => client.setQueryData(billingKeys.settings(saved.clinicId), saved),
  });
}

export function useDayClose(clinicId: string | null) {
  return useQuery({ queryKey: ["billing", "day-close", clinicId ?? ""], enabled: !!clinicId, queryFn: ({ signal }) => apiGet("/api/billing/day-close", { clinicId: clinicId! }, DayCloseView, signal) });
}

export function useCloseDay(clinicId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { denominations: Record<string, number>; note?: string }) => sendJson("POST", "/api/billing/day-close", { clinicId, ...body }, DayCloseView),
    onSettled: () => client.invalidateQueries({ queryKey: ["billing", "day-close", clinicId] }),
  });
}

export function useReopenDay(clinicId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { closeId: string; reason: string }) => sendJson("POST", `/api/billing/day-close/${encodeURIComponent(v.closeId)}/reopen`, { reason: v.reason }, z.unknown()),
    onSettled: () => client.invalidateQueries({ queryKey: ["billing", "day-close", clinicId] }),
  });
}
