"use client";

import { z } from "zod";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CashierDay } from "@/lib/schemas/day-close";
import { ReconcileView, type LinkRequest } from "@/lib/schemas/reconcile";
import { apiGet, sendJson } from "./http";

const reconcileKey = (clinicId: string, day: string | null) => ["billing", "reconcile", clinicId, day ?? "today"] as const;

export function useReconciliation(clinicId: string, day: string | null) {
  return useQuery({ queryKey: reconcileKey(clinicId, day), queryFn: ({ signal }) => apiGet("/api/billing/reconcile", { clinicId, ...(day ? { day } : {}) }, ReconcileView, signal) });
}

export function useLinkPlatformReceipt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string } & LinkRequest) => sendJson("POST", `/api/billing/reconcile/${encodeURIComponent(v.id)}/link`, { deskReceiptId: v.deskReceiptId, ...(v.note ? { note: v.note } : {}) }, z.object({ differencePaise: z.number().int() })),
    onSettled: () => client.invalidateQueries({ queryKey: ["billing", "reconcile"] }),
  });
}

export function useMarkPlatformOnly() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; note?: string }) => sendJson("POST", `/api/billing/reconcile/${encodeURIComponent(v.id)}/platform-only`, v.note ? { note: v.note } : {}, z.unknown()),
    onSettled: () => client.invalidateQueries({ queryKey: ["billing", "reconcile"] }),
  });
}

export function useCashierDays(clinicId: string, from: string, to: string) {
  return useQuery({ queryKey: ["billing", "day-closes", clinicId, from, to], queryFn: ({ signal }) => apiGet("/api/billing/day-closes", { clinicId, from, to }, z.object({ days: z.array(CashierDay) }), signal) });
}

export function useReopenCashierDay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (v: { closeId: string; reason: string }) => sendJson("POST", `/api/billing/day-close/${encodeURIComponent(v.closeId)}/reopen`, { reason: v.reason }, z.unknown()),
    onSettled: () => client.invalidateQueries({ queryKey: ["billing"] }),
  });
}
