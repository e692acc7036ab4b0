import { describe, expect, it } from "vitest";
import { loadFormulary } from "../lib/platform/fake/formulary";
import { loadLabelledQueries, measureQuality, PLATFORM_KINDS } from "./drug-queries/evaluate";
import { QUALITY_FLOOR, sandboxSearch } from "./suites/drug-search";

const { entries, index } = loadFormulary();
// The platform's own search is measured on generic names; brands, strengths and Hindi are the desk's (drug-lookup-quality.test.ts).
const platformKinds = new Set<string>(PLATFORM_KINDS);
const queries = loadLabelledQueries().filter((q) => platformKinds.has(q.kind));

describe("drug search quality floor (labelled queries)", () => {
  it("has at least 150 labelled queries of every kind, each expecting a main entry that exists", () => {
    expect(queries.length).toBeGreaterThanOrEqual(150);
    for (const kind of PLATFORM_KINDS) expect(queries.filter((q) => q.kind === kind).length, kind).toBeGreaterThanOrEqual(10);
    const mains = new Set(entries.filter((e) => !e.is_a_reference).map((e) => e.generic_name));
    expect(queries.filter((q) => !mains.has(q.expected!)).map((q) => q.expected)).toEqual([]);
    const separators = queries.filter((q) => q.kind.startsWith("compound")).map((q) => q.query);
    for (const sep of ["+", ",", "/", " and ", " with "]) expect(separators.some((q) => q.includes(sep)), sep).toBe(true);
  });

  it(`keeps top-1 ≥ ${QUALITY_FLOOR.top1} and MRR ≥ ${QUALITY_FLOOR.mrr}`, () => {
    const q = measureQuality(entries, queries, sandboxSearch(index));
    expect(q.misses.length <= queries.length * (1 - QUALITY_FLOOR.top1), JSON.stringify(q.misses, null, 1)).toBe(true);
    expect(q.top1).toBeGreaterThanOrEqual(QUALITY_FLOOR.top1);
    expect(q.mrr).toBeGreaterThanOrEqual(QUALITY_FLOOR.mrr);
  });
});
