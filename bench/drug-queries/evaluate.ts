/** Scores a drug search against the labelled queries in bench/drug-queries/*.json. */
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import type { PharmacologyEntry } from "../../lib/schemas/drugs";

export const QUERY_KINDS = ["plain", "prefix", "misspelling", "compound-order", "compound-separator", "synonym", "category"] as const;

const LabelledQuery = z.object({
  query: z.string().min(1),
  expected: z.string().min(1),
  kind: z.enum(QUERY_KINDS),
  category: z.string().optional(),
});
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

export function measureQuality(entries: readonly PharmacologyEntry[], queries: readonly LabelledQuery[], search: SearchFn): Quality {
  const pageOf = new Map(entries.filter((e) => !e.is_a_reference).map((e) => [e.generic_name, e.page_number]));
  const byKind: Quality["byKind"] = {};
  const misses: Quality["misses"] = [];
  let top1 = 0;
  let top3 = 0;
  let rr = 0;
  for (const q of queries) {
    const results = search(q);
    const rank = rankOf(results, q.expected, pageOf);
    const k = (byKind[q.kind] ??= { queries: 0, top1: 0, mrr: 0 });
    k.queries++;
    if (rank === 1) {
      top1++;
      k.top1++;
    } else misses.push({ query: q.query, category: q.category, expected: q.expected, got: results.slice(0, 3).map((e) => e.generic_name) });
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
