"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DoctorLinkSaved, SessionsEnded, StaffSessionsView } from "@/lib/schemas/staff-sessions";
import { apiGet, objectAnswer, sendJson } from "./http";

const key = ["settings", "staff-sessions"] as const;

export const useStaffSessions = () => useQuery({ queryKey: key, queryFn: ({ signal }) => apiGet("/api/settings/staff-sessions", {}, objectAnswer<StaffSessionsView>({ staff: "array" }), signal) });

export function useSignOutEverywhere() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (staffId: string) => sendJson("DELETE", `/api/settings/staff-sessions/${encodeURIComponent(staffId)}`, undefined, objectAnswer<SessionsEnded>({ ended: "integer" })),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** Links a doctor's account to a directory doctor (null: removes the link). */
export function useLinkDoctor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ staffId, platformDoctorId }: { staffId: string; platformDoctorId: string | null }) =>
      sendJson("PUT", `/api/settings/staff-sessions/${encodeURIComponent(staffId)}/doctor`, { platformDoctorId }, objectAnswer<DoctorLinkSaved>({ staffId: "string", platformDoctorId: "string|null" })),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}
