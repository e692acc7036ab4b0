"use client";

import { useEffect, useState } from "react";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { LinkPatientRequest, QueueChange, QueueDay, QueueEntry, RescheduleRequest, SlotHolder, StatusChangeRequest } from "@/lib/schemas/queue";
import { apiGet, ApiProblemError, objectAnswer, sendJson, signInAgain } from "./http";
import { isJsonObject, wrongFields } from "./answer";

import { putCounterShare } from "./counter-share-cache";
import { queueKeys } from "./queue-keys";
import { readAgainFromNow } from "./read-again";

export { queueKeys } from "./queue-keys";

/** The answers this file reads (see answer.ts): the fields a page cannot do without, of their kinds. */
export const QueueEntryAnswer = objectAnswer<QueueEntry>({ appointmentId: "string", clinicId: "string", doctorId: "string", day: "string", start: "string", status: "string", version: "number" });
const QueueDayAnswer = objectAnswer<QueueDay>({ clinicId: "string", day: "string", timeZone: "string", appointments: "array", counter: "object" });
const SlotHolderAnswer = objectAnswer<SlotHolder>({ appointment: "object|null" });
const PatientAppointments = objectAnswer<{ appointments: QueueEntry[] }>({ appointments: "array" });

/** A `queue-change` message of the queue's stream, or undefined when it is not one. */
export function readQueueChange(data: string): QueueChange | undefined {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return undefined;
  }
  const fields = { appointmentId: "string", clinicId: "string", day: "string", version: "number", status: "string" } as const;
  return isJsonObject(json) && wrongFields(json, fields).length === 0 ? (json as QueueChange) : undefined;
}

export function usePatientAppointments(patientId: string) {
  return useQuery({
    queryKey: ["queue", "patient", patientId],
    queryFn: ({ signal }) => apiGet(`/api/patients/${encodeURIComponent(patientId)}/appointments`, {}, PatientAppointments, signal),
    staleTime: 30_000,
  });
}

/** The appointment holding a taken slot, when the desk knows it. */
export function useSlotHolder(q: { doctorId: string; clinicId: string; start: string } | null) {
  return useQuery({
    queryKey: ["queue", "slot", q?.doctorId ?? "", q?.clinicId ?? "", q?.start ?? ""],
    queryFn: ({ signal }) => apiGet("/api/queue/slot", q!, SlotHolderAnswer, signal),
    enabled: !!q,
  });
}

export function useQueueDay(clinicId: string | null, day: string) {
  return useQuery({
    queryKey: queueKeys.day(clinicId ?? "", day),
    queryFn: ({ signal }) => apiGet("/api/queue", { clinicId, day }, QueueDayAnswer, signal),
    enabled: !!clinicId,
    staleTime: 10_000,
  });
}

export type QueueLiveStatus = "connecting" | "live" | "reconnecting";

/**
 * Keeps the clinic's queue fresh on this desk: every change on any desk arrives over SSE and the
 * day it belongs to is refetched; a new share at the counter arrives with its row and goes straight
 * into the "Shared at the counter" list; whenever the stream (re)opens the whole clinic (shares
 * included) is refetched once, so anything missed meanwhile shows.
 */
export function useQueueLive(clinicId: string | null): QueueLiveStatus {
  const client = useQueryClient();
  const [status, setStatus] = useState<QueueLiveStatus>("connecting");
  useEffect(() => {
    if (!clinicId) return;
    const source = new EventSource(`/api/queue/stream?clinicId=${encodeURIComponent(clinicId)}`);
    // Each time the stream opens (the first time too) the clinic's queue is read again: a change made
    // between the page's first read and the stream's opening (a walk-in, a share at the counter) would
    // otherwise wait for the next change to show.
    source.onopen = () => {
      setStatus("live");
      void readAgainFromNow(client, { queryKey: queueKeys.clinic(clinicId) });
    };
    source.onerror = () => setStatus("reconnecting");
    // The session ended (signed out anywhere, deactivated): no reconnecting into a 401.
    source.addEventListener("stream-closed", () => {
      source.close();
      signInAgain();
    });
    source.addEventListener("queue-change", (msg) => {
      const change = readQueueChange((msg as MessageEvent<string>).data);
      if (!change) return;
      // The new status is on screen as soon as the message is; the refetch then brings the rest (arrival time, patient).
      client.setQueryData<QueueDay>(queueKeys.day(clinicId, change.day), (d) =>
        d ? { ...d, appointments: d.appointments.map((a) => (a.appointmentId === change.appointmentId && a.version < change.version ? { ...a, status: change.status, version: change.version } : a)) } : d,
      );
      void readAgainFromNow(client, { queryKey: queueKeys.day(clinicId, change.day) });
    });
    source.addEventListener("counter-share", (msg) => putCounterShare(client, clinicId, (msg as MessageEvent<string>).data));
    return () => source.close();
  }, [client, clinicId]);
  return clinicId ? status : "connecting";
}

function putEntry(client: QueryClient, entry: QueueEntry) {
  client.setQueryData<QueueDay>(queueKeys.day(entry.clinicId, entry.day), (d) => (d ? { ...d, appointments: d.appointments.map((a) => (a.appointmentId === entry.appointmentId ? entry : a)) } : d));
}

function onChangeError(client: QueryClient, clinicId: string) {
  return (error: unknown) => {
    // Someone else changed it, or the platform refused: show the latest state.
    if (error instanceof ApiProblemError && error.status >= 400 && error.status !== 400) void client.invalidateQueries({ queryKey: queueKeys.clinic(clinicId) });
  };
}

export function useChangeQueueStatus(clinicId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ appointmentId, ...body }: StatusChangeRequest & { appointmentId: string }) =>
      sendJson("POST", `/api/queue/${encodeURIComponent(appointmentId)}/status`, body, QueueEntryAnswer),
    onSuccess: (entry) => putEntry(client, entry),
    onError: onChangeError(client, clinicId),
  });
}

export function useUndoQueueChange(clinicId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ appointmentId, version }: { appointmentId: string; version: number }) => sendJson("POST", `/api/queue/${encodeURIComponent(appointmentId)}/undo`, { version }, QueueEntryAnswer),
    onSuccess: (entry) => putEntry(client, entry),
    onError: onChangeError(client, clinicId),
  });
}

export function useRescheduleAppointment(clinicId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ appointmentId, ...body }: RescheduleRequest & { appointmentId: string }) =>
      sendJson("POST", `/api/queue/${encodeURIComponent(appointmentId)}/reschedule`, body, QueueEntryAnswer),
    onSettled: () => client.invalidateQueries({ queryKey: queueKeys.clinic(clinicId) }),
  });
}

export function useLinkQueuePatient(clinicId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ appointmentId, ...body }: LinkPatientRequest & { appointmentId: string }) =>
      sendJson("POST", `/api/queue/${encodeURIComponent(appointmentId)}/patient`, body, QueueEntryAnswer),
    onSuccess: (entry) => putEntry(client, entry),
    onError: onChangeError(client, clinicId),
  });
}
