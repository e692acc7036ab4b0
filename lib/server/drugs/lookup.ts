import "server-only";
import { LRUCache } from "lru-cache";
import type { DrugSearchQuery } from "@/lib/schemas/drugs";
import { formFitsMedicine } from "./form-fit";
import { RELEVANCE, relevanceOf, type DrugCandidate } from "./relevance";
import { understandQuery, type Understanding } from "./understand-query";

/** The platform's search as the lookup needs it (spec 4.3 parameters). */
export interface PlatformSearchParams {
  query?: string;
  category?: string;
  limit: number;
  exact_match?: boolean;
}

/** One search answer; its entries are read through a `DrugCandidate` so this module never sees the platform's field names. */
export interface SearchAnswer<E> {
  results: E[];
}
export type CandidateOf<E> = (entry: E) => DrugCandidate;

export interface LookupOutcome<E, R extends SearchAnswer<E> = SearchAnswer<E>> {
  understanding: Understanding | null;
  raw: R;
  /** Results, best first, each with its relevance; empty when nothing matched the name with confidence. */
  results: E[];
  relevance: number[];
  confident: boolean;
  didYouMean: { label: string; query: string }[];
  /** Results below the confidence line were left out, so the platform's total no longer counts what is shown. */
  trimmed?: boolean;
}

const DID_YOU_MEAN = 5;

/**
 * Reading a query is a pure function of its text and the desk's fixed tables, and desks type the
 * same few hundred names (and their prefixes) all day: each text is read once per process. The
 * result is shared, so nothing downstream may change it.
 */
const understandings = new LRUCache<string, Understanding, undefined>({ max: 2000, memoMethod: (text) => understandQuery(text) });

/** What to ask the platform first for one browser query. */
export function plan(q: Pick<DrugSearchQuery, "q" | "category" | "limit" | "exact">): { understanding: Understanding | null; params: PlatformSearchParams } {
  const text = q.q?.trim() ?? "";
  if (!text) return { understanding: null, params: { category: q.category || undefined, limit: q.limit } };
  const understanding = understandings.memo(text);
  const exact = q.exact || undefined;
  return { understanding, params: { query: understanding.platformQuery || text, category: q.category || undefined, limit: q.limit, exact_match: exact } };
}

/** Ranks one platform answer by the desk's relevance scale; the resolved medicine leads, whatever the platform's order. */
export function judge<E, R extends SearchAnswer<E>>(u: Understanding | null, raw: R, candidateOf: CandidateOf<E>, inSection: boolean, bySound = false): LookupOutcome<E, R> {
  if (!u) return { understanding: null, raw, results: raw.results, relevance: raw.results.map(() => RELEVANCE.SECTION_TEXT), confident: true, didYouMean: [] };
  const resolved = bySound ? u.fallbackQuery : u.resolved?.generic;
  const input = { parts: (resolved ?? u.platformQuery).split(" + ").filter(Boolean), resolved, resolvedBySound: bySound, inSection };
  const scored = raw.results.map((entry, i) => ({ entry, i, score: relevanceOf(candidateOf(entry), input) }));
  scored.sort((a, b) => b.score - a.score || a.i - b.i);
  // A brand or a spelling by sound names one exact medicine: nothing less than that medicine answers it.
  const strict = bySound || u.resolved?.via === "brand" || u.resolved?.via === "brand-typo";
  const floor = strict ? RELEVANCE.SOUNDS_LIKE : RELEVANCE.CONFIDENT;
  const top = scored[0]?.score ?? RELEVANCE.NONE;
  const onlyInCombination = top === RELEVANCE.COMPONENT && input.parts.length === 1 && !inSection;
  // A near spelling or a sound answers only a name that could be a misspelt generic (not "NovoRapid", not "Trapic MF").
  const nearOnly = bySound || top < RELEVANCE.COMPONENT;
  // A written form the medicine is never made in ("Tab Oxygen") names no product: nothing is shown with confidence.
  const formFits = !u.understood.form || !scored[0] || formFitsMedicine(u.understood.form, candidateOf(scored[0].entry).name);
  // A brand the desk knows in several forms, written in another ("Syp Calpol 650"), is unsure whatever the platform holds.
  const formKnown = !u.understood.formNotKnown?.unsure;
  const confident = !u.otherMedicine && !u.unsure && formFits && formKnown && top >= floor && !onlyInCombination && (u.tolerant || !nearOnly);
  if (confident) {
    // Entries that only mention the name in their text are not answers to it; inside a chosen section they are.
    const kept = inSection ? scored : scored.filter((s) => s.score >= RELEVANCE.CONFIDENT);
    return { understanding: u, raw, results: kept.map((s) => s.entry), relevance: kept.map((s) => s.score), confident, didYouMean: [], trimmed: kept.length < scored.length };
  }
  const seen = new Set<string>();
  // Offered only when related to what was read: a component of the recognised medicine, or a name near the typed one.
  const recognised = new Set((u.understood.generic ?? []).map((g) => g.toLowerCase()));
  const related = (s: { entry: E; score: number }) =>
    recognised.size
      ? candidateOf(s.entry).components.some((c) => recognised.has(c.toLowerCase()))
      : s.score > RELEVANCE.TEXT || ((inSection || u.otherMedicine) && s.score > RELEVANCE.NONE);
  const didYouMean = [
    // A name that is also another medicine's ("O2") is asked again with the brand's form, so the choice is read as the brand.
    ...u.brandSuggestions.map((b) => ({ label: `${b.name} (${b.generic})`, query: u.unsure ? `${b.form} ${b.name}` : b.name })),
    ...scored.filter(related).map((s) => candidateOf(s.entry).name).map((name) => ({ label: name, query: name })),
  ].filter((d) => !seen.has(d.label) && seen.add(d.label)).slice(0, DID_YOU_MEAN);
  return { understanding: u, raw, results: [], relevance: [], confident: false, didYouMean };
}

type Search<R> = (params: PlatformSearchParams) => R;

/** Neither search answered with confidence: the medicine that sounds alike is still offered under "Did you mean". */
function withOffers<E, R extends SearchAnswer<E>>(first: LookupOutcome<E, R>, second: LookupOutcome<E, R>): LookupOutcome<E, R> {
  const seen = new Set(first.didYouMean.map((d) => d.label));
  const more = second.didYouMean.filter((d) => !seen.has(d.label));
  return more.length ? { ...first, didYouMean: [...first.didYouMean, ...more].slice(0, DID_YOU_MEAN) } : first;
}

/** A form word, a strength or dosing words alone ("Tab", "BD"), or a herbal product: nothing to ask the platform. */
const nothingToAsk = (u: Understanding | null): boolean => u !== null && u.platformQuery === "";

function unanswered<E, R extends SearchAnswer<E>>(u: Understanding, empty: R): LookupOutcome<E, R> {
  return { understanding: u, raw: empty, results: [], relevance: [], confident: false, didYouMean: [] };
}

/** The lookup against an in-process search (bench, tests). */
export function lookupSync<E, R extends SearchAnswer<E>>(
  q: Pick<DrugSearchQuery, "q" | "category" | "limit" | "exact">,
  search: Search<R>,
  candidateOf: CandidateOf<E>,
  empty: R = { results: [] } as unknown as R,
): LookupOutcome<E, R> {
  const { understanding, params } = plan(q);
  if (understanding && nothingToAsk(understanding)) return unanswered(understanding, empty);
  const first = judge(understanding, search(params), candidateOf, Boolean(q.category));
  if (first.confident || !understanding?.fallbackQuery) return first;
  const second = judge(understanding, search({ ...params, query: understanding.fallbackQuery, exact_match: undefined }), candidateOf, Boolean(q.category), true);
  return second.confident ? second : withOffers(first, second);
}

/** The lookup against the platform over HTTP: at most two searches, the second only for a romanised spelling. */
export async function lookup<E, R extends SearchAnswer<E>>(
  q: Pick<DrugSearchQuery, "q" | "category" | "limit" | "exact">,
  search: Search<Promise<R>>,
  candidateOf: CandidateOf<E>,
  empty: R = { results: [] } as unknown as R,
): Promise<LookupOutcome<E, R>> {
  const { understanding, params } = plan(q);
  if (understanding && nothingToAsk(understanding)) return unanswered(understanding, empty);
  const first = judge(understanding, await search(params), candidateOf, Boolean(q.category));
  if (first.confident || !understanding?.fallbackQuery) return first;
  const second = judge(understanding, await search({ ...params, query: understanding.fallbackQuery, exact_match: undefined }), candidateOf, Boolean(q.category), true);
  return second.confident ? second : withOffers(first, second);
}
