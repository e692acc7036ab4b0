"use client";

import { useMemo } from "react";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { DrugListEntry, DrugMonograph, DrugRelated, DrugSearchResult, DrugSuggestions, PrescriptionResult } from "@/lib/schemas/drugs";
import { apiGet, objectAnswer, sendJson } from "./http";
import { useDebouncedValue } from "./use-debounced-value";

export type DrugSearchParams = { q: string; category: string; exact: boolean };

export const DRUG_SEARCH_LIMIT = 20;
/** The most one search may return (the route's limit), for "show the rest". */
export const DRUG_SEARCH_MAX = 50;
// Short enough that results land within ~100 ms of the last keystroke; the previous results stay meanwhile.
const DEBOUNCE_MS = 40;
const SUGGEST_DEBOUNCE_MS = 250;

export const drugKeys = {
  all: ["drugs"] as const,
  search: (params: DrugSearchParams) => ["drugs", "search", params] as const,
  suggest: (prefix: string) => ["drugs", "suggest", prefix] as const,
  related: (name: string) => ["drugs", "related", name] as const,
  entry: (name: string, page: number, reference: boolean) => ["drugs", "entry", name, page, reference] as const,
};

export function findGenericDrugs(params: DrugSearchParams, signal?: AbortSignal, limit = DRUG_SEARCH_LIMIT): Promise<DrugSearchResult> {
  return apiGet(
    "/api/drugs",
    { q: params.q, category: params.category, exact: params.exact ? "true" : undefined, limit },
    objectAnswer<DrugSearchResult>({ results: "array", info: "object" }),
    signal,
  );
}

function normalise(params: DrugSearchParams): DrugSearchParams {
  return { q: params.q.trim().replace(/\s+/g, " "), category: params.category, exact: params.exact };
}

const sameParams = (a: DrugSearchParams, b: DrugSearchParams) => a.q === b.q && a.category === b.category && a.exact === b.exact;

export function hasDrugCriteria(params: DrugSearchParams): boolean {
  return params.q.trim() !== "" || params.category !== "";
}

/**
 * Search as the user types: waits ~40 ms after the last keystroke, cancels the request a newer
 * search replaces, and keeps the previous results on screen until the new ones arrive.
 */
export function useDrugSearch(input: DrugSearchParams, limit = DRUG_SEARCH_LIMIT) {
  const typed = useMemo(() => normalise({ q: input.q, category: input.category, exact: input.exact }), [input.q, input.category, input.exact]);
  const params = useDebouncedValue(typed, DEBOUNCE_MS, sameParams);
  const enabled = hasDrugCriteria(params);
  const query = useQuery({
    queryKey: [...drugKeys.search(params), limit],
    queryFn: ({ signal }) => findGenericDrugs(params, signal, limit),
    enabled,
    placeholderData: keepPreviousData,
  });
  return {
    ...query,
    params,
    enabled,
    /** Typed input not yet sent (debounce pending). */
    isDebouncing: !sameParams(params, typed),
  };
}

/** Names starting with what was typed (from two letters), for one-click completion. */
export function useDrugSuggestions(typed: string) {
  // Later than the search itself, so the two requests do not compete while the doctor types.
  const prefix = useDebouncedValue(typed.trim().replace(/\s+/g, " "), SUGGEST_DEBOUNCE_MS);
  return useQuery({
    queryKey: drugKeys.suggest(prefix),
    queryFn: ({ signal }) => apiGet("/api/drugs/suggest", { q: prefix }, objectAnswer<DrugSuggestions>({ suggestions: "array" }), signal),
    enabled: prefix.length >= 2,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
}

/** Other names, combinations sharing a component and same-section entries of one drug. */
export function useRelatedDrugs(name: string) {
  return useQuery({
    queryKey: drugKeys.related(name),
    queryFn: ({ signal }) => apiGet("/api/drugs/related", { name }, objectAnswer<DrugRelated>({ alternatives: "array", sharingComponents: "array", sameCategory: "array" }), signal),
    staleTime: 5 * 60_000,
  });
}

/** The whole monograph of a row the doctor opened (the results list carries only the rows). */
export function useDrugEntry(row: Pick<DrugListEntry, "name" | "pageNumber" | "isReference">) {
  return useQuery({
    queryKey: drugKeys.entry(row.name, row.pageNumber, row.isReference),
    queryFn: ({ signal }) => apiGet("/api/drugs/entry", { name: row.name, page: row.pageNumber, reference: row.isReference ? "true" : "false" }, objectAnswer<DrugMonograph>({ entry: "object", brands: "array" }), signal),
    staleTime: 5 * 60_000,
  });
}

/** Reads a pasted prescription, one row a line. */
export function useReadPrescription() {
  return useMutation({ mutationFn: (text: string) => sendJson("POST", "/api/drugs/prescription", { text }, objectAnswer<PrescriptionResult>({ rows: "array" })) });
}
