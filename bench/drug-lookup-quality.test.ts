import { describe, expect, it } from "vitest";
import { loadFormulary } from "../lib/platform/fake/formulary";
import { DESK_KINDS, loadLabelledQueries, measureLookup } from "./drug-queries/evaluate";
import { deskLookup } from "./suites/drug-lookup-measure";

const { entries, index } = loadFormulary();
const queries = loadLabelledQueries();
/** Per kind; the target is 97% top-1 on every kind and no confident wrong medicine at all. */
const LOOKUP_FLOOR = { top1: 0.97 } as const;

describe("desk drug lookup quality floor (brands, strengths, Hindi, negatives)", () => {
  it("has at least 300 desk queries, 40 of every desk kind, each expecting a main entry that exists", () => {
    const desk = queries.filter((q) => (DESK_KINDS as readonly string[]).includes(q.kind));
    expect(desk.length).toBeGreaterThanOrEqual(300);
    for (const kind of DESK_KINDS) expect(desk.filter((q) => q.kind === kind).length, kind).toBeGreaterThanOrEqual(40);
    const mains = new Set(entries.filter((e) => !e.is_a_reference).map((e) => e.generic_name));
    expect(desk.filter((q) => q.expected !== undefined && !mains.has(q.expected)).map((q) => q.expected)).toEqual([]);
    expect(desk.some((q) => /[\u0900-\u097F]/.test(q.query))).toBe(true);
  });

  it(`keeps top-1 ≥ ${LOOKUP_FLOOR.top1} on every kind (generic kinds too) and never answers confidently with a different medicine`, () => {
    const q = measureLookup(entries, queries, deskLookup(index));
    expect(q.wrong, JSON.stringify(q.wrong, null, 1)).toEqual([]);
    for (const [kind, k] of Object.entries(q.byKind)) {
      expect(k.top1, `${kind}: ${JSON.stringify(q.misses.filter((m) => m.kind === kind))}`).toBeGreaterThanOrEqual(LOOKUP_FLOOR.top1);
    }
  });
});
