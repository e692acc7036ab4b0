/** Scores a drug search against the labelled queries in bench/drug-queries/*.json. */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { PharmacologyEntry } from "../../lib/platform/wire/drugs";

/** Kinds the platform's generic-name search answers on its own. */
export const PLATFORM_KINDS = ["plain", "prefix", "misspelling", "compound-order", "compound-separator", "synonym", "category"] as const;
/** Kinds only the desk's query understanding answers (brands, strengths, Hindi); a negative expects no confident match. */
export const DESK_KINDS = ["strength-form", "brand", "brand-strength", "brand-typo", "hindi", "romanised", "negative"] as const;
export const QUERY_KINDS = [...PLATFORM_KINDS, ...DESK_KINDS] as const;

const LabelledQuery = z
  .object({
    query: z.string().min(1),
    expected: z.string().min(1).optional(),
    kind: z.enum(QUERY_KINDS),
    category: z.string().optional(),
  })
  .refine((q) => (q.kind === "negative") === (q.expected === undefined), "a negative query has no expected entry; every other kind has one");
export type LabelledQuery = z.infer<typeof LabelledQuery>;

const DIR = path.resolve(__dirname);

export function loadLabelledQueries(): LabelledQuery[] {
  return readdirSync(DIR)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .flatMap((f) => z.array(LabelledQuery).parse(JSON.parse(readFileSync(path.join(DIR, f), "utf8"))));
}

export type SearchFn = (q: LabelledQuery) => PharmacologyEntry[];

export interface Quality {
  queries: number;
  top1: number;
  top3: number;
  mrr: number;
  byKind: Record<string, { queries: number; top1: number; mrr: number }>;
  misses: { query: string; category?: string; expected: string; got: string[] }[];
}

/** 1-based rank of the expected entry; a reference entry pointing at it counts as finding it. */
export function rankOf(results: readonly PharmacologyEntry[], expected: string, pageOf: Map<string, number>): number {
  const page = pageOf.get(expected);
  const i = results.findIndex((e) => e.generic_name === expected || (e.is_a_reference && e.reference_page_number === page));
  return i < 0 ? Infinity : i + 1;
}

/** One answer of the desk's lookup: results, and whether they answer the typed name. */
export type LookupFn = (q: LabelledQuery) => { results: readonly PharmacologyEntry[]; confident: boolean };

export interface LookupQuality {
  queries: number;
  byKind: Record<string, { queries: number; top1: number; top3: number; mrr: number }>;
  /** Confident answers that were a different medicine (or any confident answer to a negative query). */
  wrong: { query: string; kind: string; expected?: string; got: string }[];
  misses: { query: string; kind: string; expected?: string; got: string[]; confident: boolean }[];
}

/** Per kind: top-1, top-3 and MRR; a negative counts as found when the lookup says it has no confident match. */
export function measureLookup(entries: readonly PharmacologyEntry[], queries: readonly LabelledQuery[], lookup: LookupFn): LookupQuality {
  const pageOf = new Map(entries.filter((e) => !e.is_a_reference).map((e) => [e.generic_name, e.page_number]));
  const byKind: LookupQuality["byKind"] = {};
  const wrong: LookupQuality["wrong"] = [];
  const misses: LookupQuality["misses"] = [];
  for (const q of queries) {
    const { results, confident } = lookup(q);
    const k = (byKind[q.kind] ??= { queries: 0, top1: 0, top3: 0, mrr: 0 });
    k.queries++;
    const rank = q.expected === undefined ? (confident && results.length ? Infinity : 1) : confident ? rankOf(results, q.expected, pageOf) : Infinity;
    if (rank === 1) k.top1++;
    else misses.push({ query: q.query, kind: q.kind, expected: q.expected, got: results.slice(0, 3).map((e) => e.generic_name), confident });
    if (rank <= 3) k.top3++;
    k.mrr += 1 / rank;
    if (confident && results.length && rank !== 1) wrong.push({ query: q.query, kind: q.kind, expected: q.expected, got: results[0]!.generic_name });
  }
  for (const k of Object.values(byKind)) {
    k.top1 /= k.queries;
    k.top3 /= k.queries;
    k.mrr /= k.queries;
  }
  return { queries: queries.length, byKind, wrong, misses };
}

export function measureQuality(entries: readonly PharmacologyEntry[], queries: readonly LabelledQuery[], search: SearchFn): Quality {
  const pageOf = new Map(entries.filter((e) => !e.is_a_reference).map((e) => [e.generic_name, e.page_number]));
  const byKind: Quality["byKind"] = {};
  const misses: Quality["misses"] = [];
  let top1 = 0;
  let top3 = 0;
  let rr = 0;
  for (const q of queries) {
    const results = search(q);
    const rank = rankOf(results, q.expected!, pageOf);
    const k = (byKind[q.kind] ??= { queries: 0, top1: 0, mrr: 0 });
    k.queries++;
    if (rank === 1) {
      top1++;
      k.top1++;
    } else misses.push({ query: q.query, category: q.category, expected: q.expected!, got: results.slice(0, 3).map((e) => e.generic_name) });
    if (rank <= 3) top3++;
    rr += 1 / rank;
    k.mrr += 1 / rank;
  }
  for (const k of Object.values(byKind)) {
    k.top1 /= k.queries;
    k.mrr /= k.queries;
  }
  const n = queries.length;
  return { queries: n, top1: top1 / n, top3: top3 / n, mrr: rr / n, byKind, misses };
}

/** Kinds of prescription lines (bench/drug-queries/lines/*.json), as doctors and pharmacists write them. */
export const LINE_KINDS = ["rx-line", "sig-trap", "combination-brand", "form-and-route", "typo-line", "negative"] as const;

const LabelledLine = z
  .object({
    query: z.string().min(1),
    kind: z.enum(LINE_KINDS),
    /** Every ingredient the line names, as the formulary or the brand table spells it; none for a negative. */
    generics: z.array(z.string().min(1)).min(1).optional(),
  })
  .refine((q) => (q.kind === "negative") === (q.generics === undefined), "a negative line names no medicine; every other line names its ingredients");
export type LabelledLine = z.infer<typeof LabelledLine> & { heldOut: boolean };

const LINES_DIR = path.join(DIR, "lines");

/** Prescription lines; files whose name holds "heldout" are the held-out part, never looked at while tuning. */
export function loadLabelledLines(): LabelledLine[] {
  return readdirSync(LINES_DIR)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .flatMap((f) => z.array(LabelledLine).parse(JSON.parse(readFileSync(path.join(LINES_DIR, f), "utf8"))).map((q) => ({ ...q, heldOut: f.includes("heldout") })));
}

/** One answer of the desk's line reading: the ingredients it understood, and the entries it showed with confidence. */
export type LineFn = (q: LabelledLine) => { generics?: readonly string[]; results: readonly PharmacologyEntry[]; confident: boolean };

const ingredientsKey = (names: readonly string[]) => names.map((n) => n.toLowerCase().replace(/[^a-z0-9]+/g, "")).sort().join("+");

export interface LineQuality {
  lines: number;
  /** Per kind of the tuned part, and "held-out" for the whole held-out part. */
  byKind: Record<string, { lines: number; top1: number }>;
  /** Confident answers naming another medicine than the line's (or any confident answer to a negative). */
  wrong: { query: string; kind: string; expected?: string; got: string }[];
  misses: { query: string; kind: string; heldOut: boolean; expected?: string; understood?: string; got?: string; confident: boolean }[];
}

/**
 * A line is right when the desk understood exactly its ingredients and, if the formulary has that medicine, shows it first
 * with confidence; if it has not (Deriphyllin's etofylline + theophylline), when it shows nothing with confidence. A
 * negative is right when no medicine is understood and nothing is shown with confidence.
 */
export function measureLines(entries: readonly PharmacologyEntry[], lines: readonly LabelledLine[], read: LineFn): LineQuality {
  const mains = entries.filter((e) => !e.is_a_reference);
  const entryOf = new Map([...mains.map((e) => [ingredientsKey([e.generic_name]), e.generic_name] as const), ...mains.map((e) => [ingredientsKey(e.components), e.generic_name] as const)]);
  const pageOf = new Map(mains.map((e) => [e.generic_name, e.page_number]));
  const byKind: LineQuality["byKind"] = {};
  const wrong: LineQuality["wrong"] = [];
  const misses: LineQuality["misses"] = [];
  for (const q of lines) {
    const { generics, results, confident } = read(q);
    const shown = confident && results.length > 0;
    const expected = q.generics && entryOf.get(ingredientsKey(q.generics));
    const rank = expected ? rankOf(results, expected, pageOf) : Infinity;
    // A negative may name a medicine the formulary lacks (valsartan alone); it is wrong only when something is shown.
    const understoodRight = q.generics ? generics !== undefined && ingredientsKey(generics) === ingredientsKey(q.generics) : true;
    const right = understoodRight && (expected ? shown && rank === 1 : !shown);
    for (const kind of q.heldOut ? ["held-out"] : [q.kind]) {
      const k = (byKind[kind] ??= { lines: 0, top1: 0 });
      k.lines++;
      if (right) k.top1++;
    }
    if (!right) misses.push({ query: q.query, kind: q.kind, heldOut: q.heldOut, expected: expected ?? q.generics?.join(" + "), understood: generics?.join(" + "), got: results[0]?.generic_name, confident });
    if (shown && (!expected || rank !== 1)) wrong.push({ query: q.query, kind: q.kind, expected: expected ?? q.generics?.join(" + "), got: results[0]!.generic_name });
  }
  for (const k of Object.values(byKind)) k.top1 /= k.lines;
  return { lines: lines.length, byKind, wrong, misses };
}
