"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CashierDay } from "@/lib/schemas/day-close";
import type { LinkRequest, ReconcileView } from "@/lib/schemas/reconcile";
import { anyAnswer, apiGet, objectAnswer, sendJson } from "./http";

const reconcileKey = (clinicId: string, day: string | null) => ["billing", "reconcile", clinicId, day ?? "today"] as const;

export function useReconciliation(clinicId: string, day: string | null) {
  return useQuery({ queryKey: reconcileKey(clinicId, day), queryFn: ({ signal }) => apiGet("/api/billing/reconcile", { clinicId, ...(day ? { day } : {}) }, objectAnswer<ReconcileView>({ clinicId: "string", day: "string", rows: "array", totals: "object" }), signal) });
}

export function useLinkPlatformReceipt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string } & LinkRequest) => sendJson("POST", `/api/billing/reconcile/${encodeURIComponent(v.id)}/link`, { deskReceiptId: v.deskReceiptId, ...(v.note ? { note: v.note } : {}) }, objectAnswer<{ differencePaise: number }>({ differencePaise: "integer" })),
    onSettled: () => client.invalidateQueries({ queryKey: ["billing", "reconcile"] }),
  });
}

export function useMarkPlatformOnly() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; note?: string }) => sendJson("POST", `/api/billing/reconcile/${encodeURIComponent(v.id)}/platform-only`, v.note ? { note: v.note } : {}, anyAnswer()),
    onSettled: () => client.invalidateQueries({ queryKey: ["billing", "reconcile"] }),
  });
}

export function useCashierDays(clinicId: string, from: string, to: string) {
  return useQuery({ queryKey: ["billing", "day-closes", clinicId, from, to], queryFn: ({ signal }) => apiGet("/api/billing/day-closes", { clinicId, from, to }, objectAnswer<{ days: CashierDay[] }>({ days: "array" }), signal) });
}

export function useReopenCashierDay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { closeId: string; reason: string }) => sendJson("POST", `/api/billing/day-close/${encodeURIComponent(v.closeId)}/reopen`, { reason: v.reason }, anyAnswer()),
    onSettled: () => client.invalidateQueries({ queryKey: ["billing"] }),
  });
}
