"use client";

import { useEffect } from "react";
import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { AssistantSessionView, RecentAssistantSessions } from "@/lib/schemas/assistant-session";
import type { ClinicDirectory, DirectoryEntry, DirectoryEntryInput, DirectoryKind } from "@/lib/schemas/clinic-directory";
import type { Booking, BookingRequest, SlotCalendar } from "@/lib/schemas/slots";
import { addDays } from "@/lib/schemas/calendar";
import { anyAnswer, apiGet, ApiProblemError, objectAnswer, sendJson } from "./http";

/** The answers this file reads (see answer.ts). */
export const SlotCalendarAnswer = objectAnswer<SlotCalendar>({ doctorId: "string", clinicId: "string", from: "string", to: "string", services: "array", slots: "array" });
const DirectoryAnswer = objectAnswer<ClinicDirectory>({ doctors: "array", clinics: "array" });
const SessionAnswer = objectAnswer<AssistantSessionView>({ sessionId: "string", expiresAt: "string", deskHoldsToken: "boolean" });

export type SlotWeek = { doctorId: string; clinicId: string; monday: string };

export const slotKeys = {
  all: ["slots"] as const,
  directory: ["slots", "directory"] as const,
  practice: (doctorId: string, clinicId: string) => ["slots", "week", doctorId, clinicId] as const,
  week: (w: SlotWeek) => ["slots", "week", w.doctorId, w.clinicId, w.monday] as const,
  session: (id: string) => ["assistant-session", id] as const,
  recentSessions: ["assistant-session", "recent"] as const,
};

/** A week is 7 days: one platform window (≤ 10), cached per doctor, clinic and week. */
function weekQuery(w: SlotWeek) {
  return {
    queryKey: slotKeys.week(w),
    queryFn: ({ signal }: { signal: AbortSignal }) => apiGet("/api/slots", { doctorId: w.doctorId, clinicId: w.clinicId, from: w.monday, to: addDays(w.monday, 6) }, SlotCalendarAnswer, signal),
    staleTime: 30_000,
  };
}

export function useClinicDirectory() {
  return useQuery({ queryKey: slotKeys.directory, queryFn: ({ signal }) => apiGet("/api/slots/directory", {}, DirectoryAnswer, signal), staleTime: 5 * 60_000 });
}

/** The shown week, with the weeks either side fetched in the background so paging is instant. */
export function useSlotWeek(w: SlotWeek | null) {
  const client = useQueryClient();
  const query = useQuery({ ...weekQuery(w ?? { doctorId: "", clinicId: "", monday: "" }), enabled: !!w });
  useEffect(() => {
    if (!w || !query.isSuccess) return;
    for (const monday of [addDays(w.monday, 7), addDays(w.monday, -7)]) void client.prefetchQuery(weekQuery({ ...w, monday }));
  }, [client, w, query.isSuccess]);
  return query;
}

/** Marks a slot taken in every cached week at once, before the refetch confirms it. */
function markTaken(client: QueryClient, doctorId: string, clinicId: string, confId: string, start: string) {
  client.setQueriesData<SlotCalendar>({ queryKey: slotKeys.practice(doctorId, clinicId) }, (cal) =>
    cal ? { ...cal, slots: cal.slots.map((s) => (s.confId === confId && s.start === start ? { ...s, available: false } : s)) } : cal,
  );
}

export function useBookSlot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (req: BookingRequest) => sendJson("POST", "/api/slots/bookings", req, objectAnswer<Booking>({ appointmentId: "string", confId: "string", start: "string" })),
    onSuccess: (booking, req) => {
      markTaken(client, req.doctorId, req.clinicId, booking.confId, req.start);
      void client.invalidateQueries({ queryKey: slotKeys.practice(req.doctorId, req.clinicId) });
    },
    onError: (error, req) => {
      if (error instanceof ApiProblemError && (error.status === 409 || error.status === 404)) {
        void client.invalidateQueries({ queryKey: slotKeys.practice(req.doctorId, req.clinicId) });
      }
    },
  });
}

/** The sessions this doctor looked up or refreshed lately. */
export function useRecentAssistantSessions() {
  return useQuery({ queryKey: slotKeys.recentSessions, queryFn: ({ signal }) => apiGet("/api/assistant/sessions", {}, objectAnswer<RecentAssistantSessions>({ sessions: "array" }), signal), staleTime: 0 });
}

export function useAssistantSession(id: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: slotKeys.session(id ?? ""),
    queryFn: async ({ signal }) => {
      const session = await apiGet(`/api/assistant/sessions/${encodeURIComponent(id!)}`, {}, SessionAnswer, signal);
      void client.invalidateQueries({ queryKey: slotKeys.recentSessions });
      return session;
    },
    enabled: !!id,
    staleTime: 0,
    retry: false,
  });
}

export function useRefreshAssistantSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendJson("POST", `/api/assistant/sessions/${encodeURIComponent(id)}/refresh`, undefined, SessionAnswer),
    onSuccess: (session) => {
      client.setQueryData(slotKeys.session(session.sessionId), session);
      void client.invalidateQueries({ queryKey: slotKeys.recentSessions });
    },
  });
}

export const settingsDirectoryKey = ["settings", "clinics"] as const;

export function useSettingsDirectory() {
  return useQuery({ queryKey: settingsDirectoryKey, queryFn: ({ signal }) => apiGet("/api/settings/clinics", {}, DirectoryAnswer, signal) });
}

export function useSaveDirectoryEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (entry: DirectoryEntryInput) => sendJson("PUT", "/api/settings/clinics", entry, objectAnswer<DirectoryEntry>({ kind: "string", platformId: "string", displayName: "string" })),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: settingsDirectoryKey }), client.invalidateQueries({ queryKey: slotKeys.directory })]),
  });
}

export function useRemoveDirectoryEntry() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (key: { kind: DirectoryKind; platformId: string }) =>
      sendJson("DELETE", `/api/settings/clinics?kind=${key.kind}&platformId=${encodeURIComponent(key.platformId)}`, undefined, anyAnswer()),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: settingsDirectoryKey }), client.invalidateQueries({ queryKey: slotKeys.directory })]),
  });
}
