"use client";

import { useRef } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { IDEMPOTENCY_HEADER } from "@/lib/schemas/patients";
import { CounterActionResult, QueueEntry, type CounterAction, type WalkInRequest } from "@/lib/schemas/queue";
import { SlotCalendar } from "@/lib/schemas/slots";
import { apiGet, ApiProblemError, sendJson } from "./http";
import { queueKeys } from "./queue";

const newKey = () => crypto.randomUUID();

/**
 * One key per intent: a second click (or a retry after a lost answer) sends the same key and the
 * server replays instead of acting twice; the key is renewed once an answer arrives.
 */
function useIntentKey() {
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
    mutationFn: (body: WalkInRequest) => sendJson("POST", "/api/queue/walk-ins", body, QueueEntry, { [IDEMPOTENCY_HEADER]: key.current() }),
    onSuccess: () => key.renew(),
    onError: (err) => {
      // Refused (not lost): the next attempt is a new intent.
      if (err instanceof ApiProblemError) key.renew();
    },
    onSettled: () => client.invalidateQueries({ queryKey: queueKeys.clinic(clinicId) }),
  });
}

/** Call next, recall or skip on one doctor's queue today. */
export function useCounterAction(clinicId: string) {
  const client = useQueryClient();
  const key = useIntentKey();
  return useMutation({
    mutationFn: ({ doctorId, action }: { doctorId: string; action: CounterAction }) =>
      sendJson("POST", `/api/queue/doctors/${encodeURIComponent(doctorId)}/counter`, { clinicId, action }, CounterActionResult, { [IDEMPOTENCY_HEADER]: key.current() }),
    onSuccess: () => key.renew(),
    onError: (err) => {
      if (err instanceof ApiProblemError) key.renew();
    },
    onSettled: () => client.invalidateQueries({ queryKey: queueKeys.clinic(clinicId) }),
  });
}

/** The doctor's platform slots today, to offer a free one before adding a walk-in. */
export function useTodaySlots(q: { doctorId: string; clinicId: string; day: string } | null) {
  return useQuery({
    queryKey: ["slots", "week", q?.doctorId ?? "", q?.clinicId ?? "", "day", q?.day ?? ""],
    queryFn: ({ signal }) => apiGet("/api/slots", { doctorId: q!.doctorId, clinicId: q!.clinicId, from: q!.day, to: q!.day }, SlotCalendar, signal),
    enabled: !!q?.doctorId && !!q.clinicId,
    staleTime: 30_000,
    retry: false,
  });
}
