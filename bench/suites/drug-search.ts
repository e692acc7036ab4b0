/** (c) Drug search quality and speed on the labelled queries, against a Fuse.js baseline in the same run. */
import { spawnSync } from "node:child_process";
import os from "node:os";
import Fuse from "fuse.js";
import { PlatformDrugQuery, type PharmacologyEntry } from "../../lib/platform/wire/drugs";
import { normalize, searchFormulary } from "../../lib/platform/fake/drug-search";
import { loadFormulary } from "../../lib/platform/fake/formulary";
import { loadLabelledQueries, measureQuality, PLATFORM_KINDS, type LabelledQuery, type LineQuality, type LookupQuality, type Quality, type SearchFn } from "../drug-queries/evaluate";
import type { SuiteResult } from "../report";

/** The desk's lookup loads server-only modules, so it is measured in a child with the react-server condition. */
function measureDeskLookup(): { quality: LookupQuality; lines: LineQuality; parseMs: number; understanding: { p50: number; p95: number; p95OfMedians: number } } {
  const run = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "bench/suites/drug-lookup-measure.ts"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
    maxBuffer: 8 << 20,
  });
  if (run.status !== 0) throw new Error("desk drug lookup measurement failed");
  return JSON.parse(run.stdout.trim().split("\n").at(-1)!);
}

export const QUALITY_FLOOR = { top1: 0.95, mrr: 0.97 } as const;
/** Timed rounds over every query; Fuse.js is ~50× slower, so it gets fewer (its per-call figures are as stable). */
const ROUNDS = { ours: 20, fuse: 3 } as const;

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
}

/** Times every query `rounds` times after a warm-up: every call sorted, and each query's median sorted. */
function latencies(queries: readonly LabelledQuery[], search: SearchFn, rounds: number): { calls: number[]; medians: number[] } {
  for (let r = 0; r < 2; r++) for (const q of queries) search(q);
  const perQuery = queries.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) {
    queries.forEach((q, k) => {
      const t0 = performance.now();
      search(q);
      perQuery[k]!.push(performance.now() - t0);
    });
  }
  const medians = perQuery.map((t) => t.sort((a, b) => a - b)[t.length >> 1]!).sort((a, b) => a - b);
  return { calls: perQuery.flat().sort((a, b) => a - b), medians };
}

/** Fuse.js as a reasonable developer would set it up: weighted names, components and aliases, location ignored. */
function fuseSearch(entries: readonly PharmacologyEntry[]): SearchFn {
  const fuse = new Fuse(entries, {
    keys: [
      { name: "generic_name", weight: 3 },
      { name: "components", weight: 2 },
      { name: "additional_keys", weight: 1 },
    ],
    ignoreLocation: true,
    threshold: 0.4,
  });
  return (q) => {
    const wanted = q.category === undefined ? null : normalize(q.category);
    const hits = fuse.search(q.query).map((r) => r.item);
    return (wanted === null ? hits : hits.filter((e) => normalize(e.generic_category) === wanted)).slice(0, 10);
  };
}

/** The sandbox's search; each query's parameters are parsed once, outside the timing, as the route does before searching. */
export function sandboxSearch(index: ReturnType<typeof loadFormulary>["index"]): SearchFn {
  const parsed = new Map<LabelledQuery, PlatformDrugQuery>();
  return (q) => {
    let params = parsed.get(q);
    if (!params) parsed.set(q, (params = PlatformDrugQuery.parse({ query: q.query, category: q.category, limit: 10 })));
    return searchFormulary(index, params).results;
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

export async function drugSearch(): Promise<SuiteResult> {
  const { entries, index } = loadFormulary();
  const platformKinds = new Set<string>(PLATFORM_KINDS);
  const queries = loadLabelledQueries().filter((q) => platformKinds.has(q.kind));
  const ours = sandboxSearch(index);
  const fuse = fuseSearch(entries);
  const rows: string[][] = [];
  const measured: Record<string, { quality: Quality; times: number[]; medians: number[] }> = {};
  for (const [name, search, rounds] of [["sandbox search", ours, ROUNDS.ours], ["Fuse.js baseline", fuse, ROUNDS.fuse]] as const) {
    const quality = measureQuality(entries, queries, search);
    const { calls: times, medians } = latencies(queries, search, rounds);
    measured[name] = { quality, times, medians };
    const avg = times.reduce((a, b) => a + b, 0) / times.length;
    rows.push([name, pct(quality.top1), pct(quality.top3), quality.mrr.toFixed(3), percentile(times, 0.5).toFixed(3), percentile(times, 0.95).toFixed(3), avg.toFixed(3)]);
  }
  const q = measured["sandbox search"]!;
  const f = measured["Fuse.js baseline"]!;
  const mean = (t: number[]) => t.reduce((a, b) => a + b, 0) / t.length;
  const ratio = mean(f.times) / mean(q.times);
  const p95 = percentile(q.times, 0.95);
  for (const [kind, k] of Object.entries(q.quality.byKind)) rows.push([`  ${kind} (${k.queries})`, pct(k.top1), "", k.mrr.toFixed(3), "", "", ""]);
  const desk = measureDeskLookup();
  rows.push(["desk lookup (understanding + sandbox search)", "", "", "", desk.understanding.p50.toFixed(3), desk.understanding.p95.toFixed(3), ""]);
  for (const [kind, k] of Object.entries(desk.quality.byKind)) rows.push([`  ${kind} (${k.queries})`, pct(k.top1), pct(k.top3), k.mrr.toFixed(3), "", "", ""]);
  rows.push(["prescription lines (bench/drug-queries/lines)", "", "", "", "", "", ""]);
  for (const [kind, k] of Object.entries(desk.lines.byKind)) rows.push([`  ${kind} (${k.lines})`, pct(k.top1), "", "", "", "", ""]);
  const deskKinds = Object.values(desk.quality.byKind);
  const worstTop1 = Math.min(...deskKinds.map((k) => k.top1));
  const worstLine = Math.min(...Object.values(desk.lines.byKind).map((k) => k.top1));
  return {
    title: "Drug search: quality on the labelled queries and speed over the whole formulary",
    note:
      `${queries.length} labelled queries (bench/drug-queries/*.json) against ${entries.length} entries (${entries.filter((e) => !e.is_a_reference).length} main). ` +
      `In-process, ${ROUNDS.ours} timed rounds (Fuse.js ${ROUNDS.fuse}) after warm-up; Fuse.js 7 over the same entries and queries in the same run. ` +
      `p95 of the per-query medians (robust to a busy machine): sandbox ${percentile(q.medians, 0.95).toFixed(3)} ms, Fuse.js ${percentile(f.medians, 0.95).toFixed(3)} ms. ` +
      `1-minute load average: ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs. ` +
      `A reference entry pointing at the expected entry counts as finding it. Misses: ${q.quality.misses.map((m) => `"${m.query}"`).join(", ") || "none"}. ` +
      `Desk lookup rows: every labelled query through lib/server/drugs (brand, strength, Hindi understanding, then the sandbox search, then the relevance scale); ` +
      `its p50/p95 columns time the understanding alone (p95 of per-query medians ${desk.understanding.p95OfMedians.toFixed(3)} ms); a negative query counts as found when the answer is "no confident match". ` +
      `Desk misses: ${desk.quality.misses.map((m) => `"${m.query}"`).join(", ") || "none"}. ` +
      `Prescription lines: ${desk.lines.lines} lines as doctors write them; a line is right when its ingredients are understood exactly and the formulary's ` +
      `entry for them is shown first with confidence (nothing shown when the formulary lacks the combination); "held-out" is the part never tuned on. ` +
      `Line misses: ${desk.lines.misses.map((m) => `"${m.query}"`).join(", ") || "none"}.`,
    columns: ["engine", "top-1", "top-3", "MRR", "p50 ms", "p95 ms", "mean ms"],
    rows,
    targets: [
      { name: `top-1 ≥ ${pct(QUALITY_FLOOR.top1)}`, value: pct(q.quality.top1), met: q.quality.top1 >= QUALITY_FLOOR.top1 },
      { name: `MRR ≥ ${QUALITY_FLOOR.mrr}`, value: q.quality.mrr.toFixed(3), met: q.quality.mrr >= QUALITY_FLOOR.mrr },
      { name: "search p95 ≤ 2 ms", value: `${p95.toFixed(3)} ms`, met: p95 <= 2 },
      { name: "desk lookup top-1 ≥ 97% on every kind", value: pct(worstTop1), met: worstTop1 >= 0.97 },
      { name: "no confident wrong medicine (negatives included)", value: String(desk.quality.wrong.length), met: desk.quality.wrong.length === 0 },
      { name: "prescription lines top-1 ≥ 97% on every kind and held-out", value: pct(worstLine), met: worstLine >= 0.97 },
      { name: "no confident wrong medicine on prescription lines", value: String(desk.lines.wrong.length), met: desk.lines.wrong.length === 0 },
      { name: "10-line prescription read ≤ 5 ms", value: `${desk.parseMs.toFixed(3)} ms`, met: desk.parseMs <= 5 },
      { name: "query understanding p95 ≤ 1 ms (per-query medians)", value: `${desk.understanding.p95OfMedians.toFixed(3)} ms`, met: desk.understanding.p95OfMedians <= 1 },
      { name: "≥ 10× faster than Fuse.js (mean per query)", value: `${ratio.toFixed(1)}×`, met: ratio >= 10 },
    ],
  };
}
