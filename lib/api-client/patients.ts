"use client";

import { useMemo } from "react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PatientSearchResult } from "@/lib/schemas/patient-summary";
import type { DuplicateQuery, DuplicateResult, PatientProfile, PatientRegistrationInput, PatientUpdateInput, RegistrationAnswer, UhidAvailability } from "@/lib/schemas/patients";
import { IDEMPOTENCY_HEADER } from "@/lib/schemas/idempotency-header";
import { apiGet, objectAnswer, sendJson } from "./http";
import { useDebouncedValue } from "./use-debounced-value";

const SEARCH_DEBOUNCE_MS = 150;
// Warnings should appear within ~150 ms of the keystroke that identifies the patient; the lookup itself takes ~20 ms.
const DUPLICATE_DEBOUNCE_MS = 40;

export const patientKeys = {
  all: ["patients"] as const,
  search: (q: string, limit: number) => ["patients", "search", q, limit] as const,
  profile: (id: string) => ["patients", "profile", id] as const,
  duplicates: (q: DuplicateQuery) => ["patients", "duplicates", q] as const,
  uhid: (uhid: string) => ["patients", "uhid", uhid] as const,
};

/** The answers this file reads (see answer.ts). */
const SearchAnswer = objectAnswer<PatientSearchResult>({ patients: "array" });
const ProfileAnswer = objectAnswer<PatientProfile>({ id: "string", firstName: "string", displayName: "string", dob: "string", extras: "object" });
const DuplicatesAnswer = objectAnswer<DuplicateResult>({ matches: "array" });
const UhidAnswer = objectAnswer<UhidAvailability>({ uhid: "string", available: "boolean", usedBy: "object|null" });
/** Registered (`id`) or still being confirmed (`state`): a union, so only "an object" is checked here and the form tells them apart. */
const RegistrationAnswerShape = objectAnswer<RegistrationAnswer>();

export function searchPatients(q: string, limit: number, signal?: AbortSignal): Promise<PatientSearchResult> {
  return apiGet("/api/patients/search", { q, limit }, SearchAnswer, signal);
}

/** Patients matching what is typed (recent ones when nothing is), ~150 ms after the last keystroke. */
export function usePatientSearch(q: string, { limit = 10, enabled = true }: { limit?: number; enabled?: boolean } = {}) {
  const typed = q.trim().replace(/\s+/g, " ");
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: patientKeys.search(debounced, limit),
    queryFn: ({ signal }) => searchPatients(debounced, limit, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
  return { ...query, isDebouncing: debounced !== typed };
}

export function usePatientProfile(id: string) {
  return useQuery({
    queryKey: patientKeys.profile(id),
    queryFn: ({ signal }) => apiGet(`/api/patients/${encodeURIComponent(id)}`, {}, ProfileAnswer, signal),
    staleTime: 0,
  });
}

/** The typed details a duplicate check looks at, trimmed as the cache key expects. */
const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

export function duplicateQueryOf(input: DuplicateQuery): DuplicateQuery {
  const abha = { abhaNumber: input.abhaNumber?.trim() || undefined, abhaAddress: input.abhaAddress?.trim() || undefined };
  return { firstName: input.firstName.trim(), lastName: input.lastName.trim(), mobile: input.mobile.trim(), dob: input.dob.trim(), uhid: input.uhid.trim(), ...defined(abha) };
}

export function fetchDuplicates(q: DuplicateQuery, signal?: AbortSignal): Promise<DuplicateResult> {
  return apiGet("/api/patients/duplicates", q, DuplicatesAnswer, signal);
}

/** Patients that look like these details, asked afresh (the check just before registering). */
export function useFreshDuplicateCheck() {
  const client = useQueryClient();
  return (input: DuplicateQuery) => {
    const q = duplicateQueryOf(input);
    return client.fetchQuery({ queryKey: patientKeys.duplicates(q), queryFn: ({ signal }) => fetchDuplicates(q, signal), staleTime: 0 });
  };
}

const sameDuplicateQuery = (a: DuplicateQuery, b: DuplicateQuery) =>
  a.firstName === b.firstName && a.lastName === b.lastName && a.mobile === b.mobile && a.dob === b.dob && a.uhid === b.uhid && a.abhaNumber === b.abhaNumber && a.abhaAddress === b.abhaAddress;

/** Likely duplicates of the patient being typed into the registration form. */
export function useDuplicateWarnings(input: DuplicateQuery) {
  const typed = useMemo(() => duplicateQueryOf(input), [input]);
  const q = useDebouncedValue(typed, DUPLICATE_DEBOUNCE_MS, sameDuplicateQuery);
  const enabled = q.firstName.length >= 2 || q.mobile.length >= 10 || q.uhid.length >= 1 || !!q.abhaNumber || !!q.abhaAddress;
  return useQuery({
    queryKey: patientKeys.duplicates(q),
    queryFn: ({ signal }) => fetchDuplicates(q, signal),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

export function useUhidAvailability(uhid: string) {
  const value = useDebouncedValue(uhid.trim(), 250);
  return useQuery({
    queryKey: patientKeys.uhid(value),
    queryFn: ({ signal }) => apiGet("/api/patients/uhid", { uhid: value }, UhidAnswer, signal),
    enabled: value.length > 0,
    staleTime: 5_000,
  });
}

/** One registration attempt; the same key is sent again on a retry so the server does only what is missing. */
export function registerPatient(body: PatientRegistrationInput, idempotencyKey: string): Promise<RegistrationAnswer> {
  return sendJson("POST", "/api/patients", body, RegistrationAnswerShape, { [IDEMPOTENCY_HEADER]: idempotencyKey });
}

export function useRegisterPatient() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: PatientRegistrationInput; key: string }) => registerPatient(body, key),
    onSuccess: () => client.invalidateQueries({ queryKey: patientKeys.all }),
  });
}

export function useUpdatePatient(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PatientUpdateInput) => sendJson("PATCH", `/api/patients/${encodeURIComponent(id)}`, body, ProfileAnswer),
    onSuccess: (profile) => {
      client.setQueryData(patientKeys.profile(id), profile);
      return client.invalidateQueries({ queryKey: ["patients", "search"] });
    },
  });
}
