"use client";

import { useRef } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { IDEMPOTENCY_HEADER } from "@/lib/schemas/idempotency-header";
import type { CounterAction, CounterActionResult, WalkInRequest } from "@/lib/schemas/queue";
import { apiGet, ApiProblemError, objectAnswer, sendJson } from "./http";
import { QueueEntryAnswer } from "./queue";
import { queueKeys } from "./queue-keys";
import { SlotCalendarAnswer } from "./slots";

const CounterActionAnswer = objectAnswer<CounterActionResult>({ action: "string", entry: "object|null", finished: "array", replayed: "boolean", heldForPayment: "array" });

const newKey = () => crypto.randomUUID();

/**
 * One key per intent: a second click (or a retry after a lost answer) sends the same key and the
 * server replays instead of acting twice; the key is renewed once an answer arrives.
 */
export function useIntentKey() {
  const key = useRef<string | null>(null);
  return {
    current: () => (key.current ??= newKey()),
    renew: () => void (key.current = null),
  };
}

/** Adds a walk-in (desk-own visit, token issued) to a doctor's queue today. */
export function useAddWalkIn(clinicId: string) {
  const client = useQueryClient();
  const key = useIntentKey();
  return useMutation({
    mutationFn: (body: WalkInRequest) => sendJson("POST", "/api/queue/walk-ins", body, QueueEntryAnswer, { [IDEMPOTENCY_HEADER]: key.current() }),
    onSuccess: () => key.renew(),
    onError: (err) => {
      // Refused (not lost): the next attempt is a new intent.
      if (err instanceof ApiProblemError) key.renew();
    },
    onSettled: () => client.invalidateQueries({ queryKey: queueKeys.clinic(clinicId) }),
  });
}

/**
 * Call next, recall or skip on one doctor's queue today. One key per doctor and action: a double
 * press of the same button replays, while Recall pressed right after Call next (before its answer
 * is back) is a request of its own.
 */
export function useCounterAction(clinicId: string) {
  const client = useQueryClient();
  const keys = useRef(new Map<string, string>());
  const slot = (v: { doctorId: string; action: CounterAction; allowUnpaid?: boolean }) => `${v.doctorId}|${v.action}|${v.allowUnpaid ? "override" : ""}`;
  const keyFor = (v: { doctorId: string; action: CounterAction; allowUnpaid?: boolean }) => {
    const known = keys.current.get(slot(v));
    if (known) return known;
    const fresh = newKey();
    keys.current.set(slot(v), fresh);
    return fresh;
  };
  return useMutation({
    mutationFn: (v: { doctorId: string; action: CounterAction; allowUnpaid?: boolean }) =>
      sendJson("POST", `/api/queue/doctors/${encodeURIComponent(v.doctorId)}/counter`, { clinicId, action: v.action, ...(v.allowUnpaid ? { allowUnpaid: true } : {}) }, CounterActionAnswer, { [IDEMPOTENCY_HEADER]: keyFor(v) }),
    onSuccess: (_out, v) => void keys.current.delete(slot(v)),
    onError: (err, v) => {
      if (err instanceof ApiProblemError) keys.current.delete(slot(v));
    },
    onSettled: () => client.invalidateQueries({ queryKey: queueKeys.clinic(clinicId) }),
  });
}

/** The doctor's platform slots today, to offer a free one before adding a walk-in. */
export function useTodaySlots(q: { doctorId: string; clinicId: string; day: string } | null) {
  return useQuery({
    queryKey: ["slots", "week", q?.doctorId ?? "", q?.clinicId ?? "", "day", q?.day ?? ""],
    queryFn: ({ signal }) => apiGet("/api/slots", { doctorId: q!.doctorId, clinicId: q!.clinicId, from: q!.day, to: q!.day }, SlotCalendarAnswer, signal),
    enabled: !!q?.doctorId && !!q.clinicId,
    staleTime: 30_000,
    retry: false,
  });
}
