"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DisplayList } from "@/lib/schemas/displays";
import { anyAnswer, apiGet, objectAnswer, sendJson } from "./http";

const key = ["settings", "displays"] as const;

/** Paired displays, re-read every 30 s so "On now" follows the TVs. */
export const useDisplays = () => useQuery({ queryKey: key, queryFn: ({ signal }) => apiGet("/api/settings/displays", {}, objectAnswer<DisplayList>({ displays: "array" }), signal), refetchInterval: 30_000 });

export function usePairDisplay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PairDisplayRequest) => sendJson("POST", "/api/settings/displays", input, objectAnswer<{ id: string; name: string }>({ id: "string", name: "string" })),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

export function useRevokeDisplay() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendJson("DELETE", `/api/settings/displays/${encodeURIComponent(id)}`, undefined, anyAnswer()),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** What the form sends; the server normalises the code (case, spaces) and trims the names. */
export interface PairDisplayRequest {
  code: string;
  name: string;
  clinicId: string;
  doctors: { doctorId: string }[];
}
