"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ErasureLog, ErasureRequest } from "@/lib/schemas/erasure";
import { apiGet, objectAnswer, sendJson } from "./http";
import { patientKeys } from "./patients";

export const erasureKeys = { log: ["erasures"] as const };

export function useErasureLog() {
  return useQuery({ queryKey: erasureKeys.log, queryFn: ({ signal }) => apiGet("/api/settings/erasures", {}, objectAnswer<ErasureLog>({ entries: "array" }), signal) });
}

interface ErasureDone {
  pseudonym: string;
  completedAt: string | null;
  counts: Record<string, number>;
  resumes: boolean;
}
const ErasureAnswer = objectAnswer<ErasureDone>({ pseudonym: "string", completedAt: "string|null", counts: "object", resumes: "boolean" });

/** Erase what the desk holds about a patient (the patient asked); the answer names the pseudonym the log keeps. */
export function useErasePatient(patientId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ErasureRequest) => sendJson("POST", `/api/patients/${encodeURIComponent(patientId)}/erasure`, body, ErasureAnswer),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: erasureKeys.log });
      void client.invalidateQueries({ queryKey: patientKeys.all });
    },
  });
}
