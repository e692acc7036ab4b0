"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { z } from "zod";
import { ErasureLog, type ErasureRequest } from "@/lib/schemas/erasure";
import { apiGet, sendJson } from "./http";
import { patientKeys } from "./patients";

export const erasureKeys = { log: ["erasures"] as const };

export function useErasureLog() {
  return useQuery({ queryKey: erasureKeys.log, queryFn: ({ signal }) => apiGet("/api/settings/erasures", {}, ErasureLog, signal) });
}

const ErasureAnswer = z.object({ pseudonym: z.string(), completedAt: z.string().nullable(), counts: z.record(z.string(), z.number()), resumes: z.boolean() });

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
