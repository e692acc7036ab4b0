import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PharmacologySearchResponse, PlatformDrugQuery } from "../wire/drugs";
import { damerauLevenshtein, normalize, SCORE, searchFormulary, splitQuery, suggestNames } from "./drug-search";
import { loadFormulary } from "./formulary";
import { call, sandboxForTests } from "./test-support";

const { index, entries } = loadFormulary();
const search = (q: Record<string, unknown>) => searchFormulary(index, PlatformDrugQuery.parse(q));
const names = (q: Record<string, unknown>) => search(q).results.map((e) => e.generic_name);

describe("text helpers", () => {
  it("normalises case, accents, spacing and punctuation", () => {
    expect(normalize("  Amoxicillin   TRIHYDRATE ")).toBe("amoxicillin trihydrate");
    expect(normalize("Co-Amoxiclav")).toBe("coamoxiclav");
    expect(normalize("Insulin (Soluble)!")).toBe("insulin soluble");
    expect(normalize("Fér-rous")).toBe("ferrous");
  });

  it("splits compound queries on +, comma, slash, 'and', 'with'", () => {
    expect(splitQuery("Amoxicillin + Clavulanic Acid")).toEqual(["amoxicillin", "clavulanic acid"]);
    expect(splitQuery("amoxicillin and clavulanic acid")).toEqual(["amoxicillin", "clavulanic acid"]);
    expect(splitQuery("telmisartan/hydrochlorothiazide")).toEqual(["telmisartan", "hydrochlorothiazide"]);
    expect(splitQuery("ferrous sulfate with folic acid, ferrous sulfate")).toEqual(["ferrous sulfate", "folic acid"]);
    expect(splitQuery("Sandostatin")).toEqual(["sandostatin"]);
  });

  it("measures Damerau-Levenshtein distance with transpositions", () => {
    expect(damerauLevenshtein("paracetamol", "paracetamol")).toBe(0);
    expect(damerauLevenshtein("paracetmol", "paracetamol")).toBe(1);
    expect(damerauLevenshtein("parcaetamol", "paracetamol")).toBe(1);
    expect(damerauLevenshtein("kitten", "sitting")).toBe(3);
    expect(damerauLevenshtein("abcdef", "uvwxyz", 2)).toBe(3);
  });
});

describe("ranking", () => {
  it("puts the exact generic name first", () => {
    const r = search({ query: "paracetamol" });
    expect(r.results[0]!.generic_name).toBe("Paracetamol");
    expect(r.search_info.scores[0]).toBe(SCORE.EXACT);
  });

  it.each(["clavulanic acid + amoxicillin", "amoxicillin and clavulanic acid", "amoxicillin, clavulanic acid", "Amoxicillin/Clavulanic Acid"])(
    "finds the compound first for %s",
    (query) => {
      expect(names({ query })[0]).toBe("Amoxicillin + Clavulanic acid");
    },
  );

  it("ranks a single medicine before combinations containing it", () => {
    const list = names({ query: "amoxicillin" });
    expect(list.slice(0, 2)).toEqual(["Amoxicillin", "Amoxicillin + Clavulanic acid"]);
    const metformin = names({ query: "metformin" });
    expect(metformin[0]).toBe("Metformin");
    expect(metformin.slice(1, 5)).toEqual(expect.arrayContaining(["Dapagliflozin + Metformin", "Glimepiride + Metformin"]));
  });

  it("tolerates typos", () => {
    expect(names({ query: "paracetmol" })[0]).toBe("Paracetamol");
    expect(names({ query: "amlodipin" })[0]).toBe("Amlodipine");
    expect(names({ query: "amoxycilin + clavulanc acid" })[0]).toBe("Amoxicillin + Clavulanic acid");
    // Short words get no typo allowance.
    expect(names({ query: "ors" })[0]).toBe("Oral rehydration salts");
  });

  it("matches prefixes, single before compound", () => {
    expect(names({ query: "amox" }).slice(0, 2)).toEqual(["Amoxicillin", "Amoxicillin + Clavulanic acid"]);
    expect(names({ query: "telmi" }).slice(0, 2)).toEqual(["Telmisartan", "Telmisartan + Amlodipine"]);
  });

  it("finds weaker matches in other fields", () => {
    const r = search({ query: "scrub typhus" });
    expect(r.results.map((e) => e.generic_name)).toContain("Doxycycline");
    expect(r.search_info.scores.every((s) => s < SCORE.WORD_PREFIX)).toBe(true);
  });

  it("leads from a reference entry to its main entry", () => {
    const list = names({ query: "acetaminophen" });
    expect(list.slice(0, 2)).toEqual(["Acetaminophen", "Paracetamol"]);
    expect(names({ query: "frusemide" }).slice(0, 2)).toEqual(["Frusemide", "Furosemide"]);
    // A main entry searched by its own name still comes before its reference.
    const furosemide = names({ query: "furosemide" });
    expect(furosemide.indexOf("Furosemide")).toBeLessThan(furosemide.indexOf("Frusemide"));
  });

  it("filters by category, case-insensitively", () => {
    const r = search({ query: "telmisartan", category: "CARDIOVASCULAR medicines" });
    expect(r.results.length).toBeGreaterThan(0);
    expect(r.results.every((e) => e.generic_category === "Cardiovascular medicines")).toBe(true);
    expect(search({ query: "paracetamol", category: "Cardiovascular medicines" }).results.map((e) => e.generic_name)).not.toContain("Paracetamol");
  });

  it("exact_match keeps only exact name or compound matches", () => {
    expect(names({ query: "amoxicillin", exact_match: "true" })).toEqual(["Amoxicillin"]);
    expect(names({ query: "paracetmol", exact_match: true })).toEqual([]);
    expect(names({ query: "clavulanic acid, amoxicillin", exact_match: "1" })).toEqual(["Amoxicillin + Clavulanic acid"]);
  });

  it("caps results with limit and reports the total", () => {
    const r = search({ query: "infection", limit: 2 });
    expect(r.results).toHaveLength(2);
    expect(r.search_info.total).toBeGreaterThan(2);
    expect(r.search_info.returned).toBe(2);
  });

  it("returns fewer results as the relevance threshold rises", () => {
    const counts = [0, 100, 300, 500, 800, 1000].map((t) => search({ query: "amoxicillin", relevance_threshold: t, limit: 100 }).search_info.total);
    for (let i = 1; i < counts.length; i++) expect(counts[i]!).toBeLessThanOrEqual(counts[i - 1]!);
    expect(counts[0]!).toBeGreaterThan(counts[counts.length - 1]!);
    expect(counts[counts.length - 1]).toBe(1);
  });

  it("lists a category alphabetically without a query, and everything alphabetically with neither", () => {
    const cardio = names({ category: "Cardiovascular medicines", limit: 50 });
    expect(cardio).toEqual([...cardio].sort((a, b) => a.localeCompare(b)));
    expect(cardio).toContain("Amlodipine");
    const all = names({ limit: 5 });
    expect(all).toHaveLength(5);
    expect(all[0]).toBe("Abacavir + Lamivudine");
    expect(all).toEqual([...all].sort((a, b) => a.localeCompare(b)));
  });

  it("fills search_info", () => {
    const r = search({ query: "Amoxicillin AND clavulanic acid", limit: 3 });
    expect(r.search_info).toMatchObject({
      query: "Amoxicillin AND clavulanic acid",
      normalized_query: "amoxicillin + clavulanic acid",
      parts: ["amoxicillin", "clavulanic acid"],
      relevance_threshold: 100,
      exact_match: false,
      category: null,
    });
    expect(r.search_info.took_ms).toBeGreaterThanOrEqual(0);
  });

  it("answers the issue's examples with the right entry first", () => {
    expect(names({ query: "amoxy clav" })[0]).toBe("Amoxicillin + Clavulanic acid");
    expect(names({ query: "clavulanic acid + amoxicillin" })[0]).toBe("Amoxicillin + Clavulanic acid");
    expect(names({ query: "paracetmol" })[0]).toBe("Paracetamol");
    expect(names({ query: "metformin" })[0]).toBe("Metformin");
  });

  it("reads words typed without a separator as starts of one compound's components", () => {
    const r = search({ query: "pantopra domperi" });
    expect(r.results[0]!.generic_name).toBe("Pantoprazole + Domperidone");
    expect(r.search_info.scores[0]).toBe(SCORE.WORDS_PREFIX_COMPONENTS);
  });

  it("keeps a name that contains a separator word whole", () => {
    expect(names({ query: "Tetanus and diphtheria vaccine" })[0]).toBe("Tetanus and diphtheria vaccine");
    expect(names({ query: "measles and rubella vaccine", exact_match: true })).toEqual(["Measles and rubella vaccine"]);
  });

  it("reports the parts it recognised, with the typos forgiven", () => {
    expect(search({ query: "amoxycilin + clavulanc acid" }).search_info.parts_recognised).toEqual([
      { part: "amoxycilin", recognised_as: "Amoxicillin", edits: 2 },
      { part: "clavulanc acid", recognised_as: "Clavulanic acid", edits: 1 },
    ]);
    expect(search({ query: "pip taz" }).search_info.parts_recognised).toEqual([{ part: "pip taz", recognised_as: "Piperacillin + Tazobactam", edits: 0 }]);
    expect(search({ query: "zzzz" }).search_info.parts_recognised).toEqual([{ part: "zzzz", recognised_as: null, edits: 0 }]);
  });
});

describe("suggestions (autocomplete)", () => {
  const suggest = (prefix: string, limit?: number) => suggestNames(index, prefix, limit).suggestions.map((x) => x.generic_name);

  it("puts whole-name starts first, single medicines before compounds", () => {
    expect(suggest("para").slice(0, 2)).toEqual(["Paracetamol", "Paracetamol + Ibuprofen"]);
    expect(suggest("para")).toContain("Tramadol + Paracetamol");
    expect(suggest("para").indexOf("Tramadol + Paracetamol")).toBeGreaterThan(suggest("para").indexOf("Paracetamol + Ibuprofen"));
  });

  it("ignores case, spaces and punctuation and caps the list", () => {
    expect(suggest(" Co-AMOX")).toEqual(["Co-amoxiclav"]);
    expect(suggest("folicac")).toContain("Folic acid");
    expect(suggest("met", 3)).toHaveLength(3);
    expect(suggest("")).toEqual([]);
    expect(suggest("qqq")).toEqual([]);
  });

  it("says where a reference entry points", () => {
    const lig = suggestNames(index, "lignoc").suggestions[0]!;
    expect(lig).toMatchObject({ generic_name: "Lignocaine", is_a_reference: true, see: "Lidocaine" });
  });
});

describe("normalisation property", () => {
  const mainNames = entries.filter((e) => !e.is_a_reference).map((e) => e.generic_name);
  // Rewrites a name the way people type it: random case, extra spaces, stray marks at word edges.
  const scrambled = fc
    .record({
      name: fc.constantFrom(...mainNames),
      upper: fc.array(fc.boolean(), { minLength: 60, maxLength: 60 }),
      pad: fc.array(fc.constantFrom(" ", "  ", "\t"), { minLength: 3, maxLength: 3 }),
      mark: fc.constantFrom("", ".", "-", "'", "!", "(", ")", "?", "*", "\""),
    })
    .map(({ name, upper, pad, mark }) => {
      const cased = [...name].map((c, i) => (upper[i] ? c.toUpperCase() : c.toLowerCase())).join("");
      const spaced = cased.split(" ").join(` ${pad[1]}`);
      return { name, typed: `${pad[0]}${mark}${spaced}${mark}${pad[2]}` };
    });

  it("gives the same results whatever the case, spacing or stray punctuation", () => {
    fc.assert(
      fc.property(scrambled, ({ name, typed }) => {
        const clean = search({ query: name, limit: 20 });
        const messy = search({ query: typed, limit: 20 });
        expect(messy.results.map((e) => e.generic_name)).toEqual(clean.results.map((e) => e.generic_name));
        expect(messy.search_info.scores).toEqual(clean.search_info.scores);
        expect(messy.results[0]!.generic_name).toBe(name);
      }),
      { numRuns: 300 },
    );
  });
});

describe("GET /svc-mcp/pharmacology/v1/search", () => {
  const harness = sandboxForTests({ signIn: true });
  const auth = () => ({ authorization: `Bearer ${harness.token}` });

  it("answers the platform shape with every field present", async () => {
    const r = await call(harness.sandbox.url, "GET", "/svc-mcp/pharmacology/v1/search?query=amoxicillin%20%2B%20clavulanic%20acid&limit=3", { headers: auth() });
    expect(r.status).toBe(200);
    const body = PharmacologySearchResponse.parse(r.json);
    expect(body.results[0]!.generic_name).toBe("Amoxicillin + Clavulanic acid");
    expect(Object.keys(r.json.results[0]).sort()).toEqual(Object.keys(entries[0]!).sort());
    expect(r.json.search_info.returned).toBe(body.results.length);
  });

  it("names the bad parameter in a 400", async () => {
    const r = await call(harness.sandbox.url, "GET", "/svc-mcp/pharmacology/v1/search?query=x&limit=0", { headers: auth() });
    expect(r.status).toBe(400);
    expect(r.json.error.message).toMatch(/limit/);
    const t = await call(harness.sandbox.url, "GET", "/svc-mcp/pharmacology/v1/search?relevance_threshold=abc", { headers: auth() });
    expect(t.status).toBe(400);
    expect(t.json.error.message).toMatch(/relevance_threshold/);
  });

  it("refuses a query parameter the platform does not read, naming it, instead of answering unfiltered", async () => {
    const r = await call(harness.sandbox.url, "GET", "/svc-mcp/pharmacology/v1/search?q=paracetamol&limit=3", { headers: auth() });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatchObject({ code: "unknown_parameter", message: "Unknown query parameter: q" });
    const slots = await call(harness.sandbox.url, "GET", "/dr/v1/doctor/d/clinic/c/appointment/slot?start_date=2026-11-24&end_date=2026-11-24&page=2", { headers: auth() });
    expect(slots.status).toBe(400);
    expect(JSON.stringify(slots.json)).toContain("Unknown query parameter: page");
  });

  it("serves suggestions for a prefix and names a missing prefix in a 400", async () => {
    const r = await call(harness.sandbox.url, "GET", "/svc-mcp/pharmacology/v1/suggest?prefix=amox&limit=2", { headers: auth() });
    expect(r.status).toBe(200);
    expect(r.json.suggestions.map((x: { generic_name: string }) => x.generic_name)).toEqual(["Amoxicillin", "Amoxicillin + Clavulanic acid"]);
    expect(r.json.search_info).toMatchObject({ prefix: "amox", returned: 2 });
    const bad = await call(harness.sandbox.url, "GET", "/svc-mcp/pharmacology/v1/suggest?prefix=", { headers: auth() });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/prefix/);
    const anon = await call(harness.sandbox.url, "GET", "/svc-mcp/pharmacology/v1/suggest?prefix=amox");
    expect(anon.status).toBe(401);
  });

  it("treats empty parameters as absent", async () => {
    const r = await call(harness.sandbox.url, "GET", "/svc-mcp/pharmacology/v1/search?query=&category=&limit=4", { headers: auth() });
    expect(r.status).toBe(200);
    expect(r.json.results).toHaveLength(4);
  });
});
