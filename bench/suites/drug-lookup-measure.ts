/**
 * Measuring child of the drug-search suite (run with --conditions=react-server so server-only modules load): the desk's
 * lookup (query understanding + the sandbox's search + relevance) on every labelled query, and the understanding's speed.
 */
import { PlatformDrugQuery, type PharmacologyEntry } from "../../lib/platform/wire/drugs";
import { lookupSync, type PlatformSearchParams } from "../../lib/server/drugs/lookup";
import { understandQuery } from "../../lib/server/drugs/understand-query";
import { drugCandidate } from "../../lib/platform/client/drugs";
import { searchFormulary } from "../../lib/platform/fake/drug-search";
import { loadFormulary } from "../../lib/platform/fake/formulary";
import { loadLabelledLines, loadLabelledQueries, measureLines, measureLookup, type LabelledQuery, type LineFn } from "../drug-queries/evaluate";

const ROUNDS = 20;

export function deskLookup(index: ReturnType<typeof loadFormulary>["index"]) {
  const search = (params: PlatformSearchParams) => {
    const { results, search_info } = searchFormulary(index, PlatformDrugQuery.parse(params));
    return { results, search_info: { ...search_info } };
  };
  return (q: Pick<LabelledQuery, "query" | "category">) => lookupSync({ q: q.query, category: q.category, limit: 10, exact: false }, search, (e: PharmacologyEntry) => drugCandidate(e));
}

/** The desk's reading of one prescription line: the ingredients it understood (else those of its confident answer) and what it showed. */
export function deskLine(index: ReturnType<typeof loadFormulary>["index"]): LineFn {
  const look = deskLookup(index);
  return (q) => {
    const o = look({ query: q.query });
    const understood = o.understanding?.understood.generic;
    return { generics: understood ?? (o.confident ? o.results[0]?.components : undefined), results: o.results, confident: o.confident };
  };
}

/** A 10-line prescription read on the server: every line understood, median of `rounds` reads, in ms. */
export function prescriptionReadMs(lines: readonly string[], rounds = 50): number {
  const times: number[] = [];
  for (let r = 0; r < rounds + 5; r++) {
    const t0 = performance.now();
    for (const l of lines) understandQuery(l);
    if (r >= 5) times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[times.length >> 1]!;
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

if (process.argv[1]?.endsWith("drug-lookup-measure.ts")) {
  const { entries, index } = loadFormulary();
  const queries = loadLabelledQueries();
  const quality = measureLookup(entries, queries, deskLookup(index));
  for (let r = 0; r < 2; r++) for (const q of queries) understandQuery(q.query);
  const perQuery = queries.map(() => [] as number[]);
  for (let r = 0; r < ROUNDS; r++)
    queries.forEach((q, k) => {
      const t0 = performance.now();
      understandQuery(q.query);
      perQuery[k]!.push(performance.now() - t0);
    });
  const calls = perQuery.flat().sort((a, b) => a - b);
  const medians = perQuery.map((t) => t.sort((a, b) => a - b)[t.length >> 1]!).sort((a, b) => a - b);
  const allLines = loadLabelledLines();
  const lines = measureLines(entries, allLines, deskLine(index));
  // understandQuery itself keeps no cache (the route's plan does), so every read here is a full reading.
  const prescription = allLines.filter((l) => l.kind === "rx-line").slice(0, 10).map((l) => l.query);
  const parseMs = prescriptionReadMs(prescription);
  console.log(JSON.stringify({ quality, lines, parseMs, understanding: { p50: percentile(calls, 0.5), p95: percentile(calls, 0.95), p95OfMedians: percentile(medians, 0.95) } }));
}
