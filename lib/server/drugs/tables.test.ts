import { describe, expect, it } from "vitest";
import { loadFormulary } from "@/lib/platform/fake/formulary";
import { devanagariKey } from "./hindi";
import { BRANDS, GENERICS_HI, OTHER_MEDICINES } from "./tables";
import { compactKey } from "./text";

const { entries } = loadFormulary();
const mains = entries.filter((e) => !e.is_a_reference);
const byComponents = new Set(mains.map((e) => e.components.map(compactKey).sort().join("+")));
const entryNames = new Set(mains.map((e) => compactKey(e.generic_name)));
const allNames = new Set(entries.map((e) => compactKey(e.generic_name)));

describe("brand table (lib/server/drugs/data/brands.json and brands-more.json)", () => {
  it("holds at least 400 brands, each name once", () => {
    expect(BRANDS.length).toBeGreaterThanOrEqual(400);
    const keys = BRANDS.map((b) => b.key);
    expect(keys.filter((k, i) => keys.indexOf(k) !== i)).toEqual([]);
  });

  it("resolves every brand's composition to exactly one formulary medicine, but for the combinations the formulary lacks", () => {
    const unresolved = BRANDS.filter((b) => !byComponents.has(b.components.map((c) => compactKey(c.name)).sort().join("+")) && !entryNames.has(compactKey(b.generic)));
    // Prescribed every day, so they are known with every ingredient; the formulary has no entry for the combination (or for ranitidine).
    expect(unresolved.map((b) => b.name)).toEqual([
      "Deriphyllin", "Deriphyllin Retard 150", "Deriphyllin Retard 300", "Deriphyllin Retard 450", "Deriphyllin Injection", "Deriphyllin Syrup", "Candid-B", "Cyclopam", "Ecosprin Gold 10", "Ecosprin Gold 20", "Zerodol TH",
      "Zerodol MR", "Cheston Cold", "Saridon", "Lomotil", "Dytor Plus 10", "Dytor Plus 20", "Ciplox TZ", "Betnovate N", "Betnovate C", "Cilacar T",
      "Rantac 150", "Rantac 300", "Aciloc 150", "Aciloc 300", "Soframycin", "Oflox TZ", "Trapic MF", "Lasilactone 50",
    ]);
  });

  it("gives every component a strength unless the medicine is a fixed mixture (ORS) or its strengths could not be confirmed", () => {
    const unconfirmed = ["Cyclopam", "Cheston Cold"];
    expect(BRANDS.filter((b) => b.components.some((c) => !c.strength) && b.generic !== "Oral rehydration salts").map((b) => b.name)).toEqual(unconfirmed);
  });

  it("reads a liquid's strength per volume as the component's strength", () => {
    const byName = (n: string) => BRANDS.find((b) => b.name === n)!;
    expect(byName("Calpol 250 Suspension").components).toEqual([{ name: "Paracetamol", strength: "250 mg/5 ml" }]);
    expect(byName("Deriphyllin Injection").components).toEqual([
      { name: "Etofylline", strength: "84.7 mg/ml" },
      { name: "Theophylline", strength: "25.3 mg/ml" },
    ]);
    expect(byName("Lantus").components).toEqual([{ name: "Insulin glargine", strength: "100 IU/ml" }]);
    // One brand across its forms: its number and form words do not make another brand.
    expect(new Set(["Calpol", "Calpol 650", "Calpol Suspension", "Calpol Drops", "Pan IV", "Pan 40"].map((n) => byName(n).base))).toEqual(new Set(["calpol", "pan"]));
  });

  it("never names a brand like a generic or a reference entry, nor like an other name of a different medicine", () => {
    expect(BRANDS.filter((b) => allNames.has(b.key)).map((b) => b.name)).toEqual([]);
    const medicineOf = (b: (typeof BRANDS)[number]) => b.components.map((c) => compactKey(c.name)).sort().join("+");
    const clash = BRANDS.filter((b) =>
      mains.some((e) => e.additional_keys.split(/[,;]/).some((a) => compactKey(a) === b.key) && e.components.map(compactKey).sort().join("+") !== medicineOf(b) && compactKey(e.generic_name) !== compactKey(b.generic)),
    );
    // Medley's O2 is also oxygen's other name: it is read as the brand only with a form, strength or dosing that fits it.
    expect(clash.map((b) => b.name)).toEqual(["O2"]);
  });

  it("covers every therapeutic area with common fixed-dose combinations", () => {
    expect(BRANDS.filter((b) => b.components.length > 1).length).toBeGreaterThanOrEqual(100);
    const sections = new Set(BRANDS.map((b) => mains.find((e) => e.components.map(compactKey).sort().join("+") === b.components.map((c) => compactKey(c.name)).sort().join("+"))?.generic_category));
    expect(sections.size).toBeGreaterThanOrEqual(20);
  });
});

describe("Hindi names (lib/server/drugs/data/generics-hi.json) and other medicines", () => {
  it("names at least 300 generics in Devanagari, each a formulary name", () => {
    expect(Object.keys(GENERICS_HI).length).toBeGreaterThanOrEqual(300);
    expect(Object.keys(GENERICS_HI).filter((g) => !allNames.has(compactKey(g)))).toEqual([]);
  });

  it("never gives one Devanagari spelling two meanings", () => {
    const meaning = new Map<string, string>();
    const clashes: string[] = [];
    for (const [generic, spellings] of Object.entries(GENERICS_HI))
      for (const s of spellings) {
        const k = devanagariKey(s);
        if (meaning.has(k) && meaning.get(k) !== generic) clashes.push(`${s}: ${meaning.get(k)} / ${generic}`);
        meaning.set(k, generic);
      }
    expect(clashes).toEqual([]);
  });

  it("gives every brand a Devanagari name that leads back to it and to no other brand family", () => {
    const family = new Map<string, string>();
    const clashes: string[] = [];
    for (const b of BRANDS) {
      const k = devanagariKey(b.devanagari.split(" ").filter((w) => !/^[\d\u0966-\u096F]/.test(w)).join(" "));
      const latin = b.name.split(/\s+/).filter((w) => !/^\d/.test(w)).join(" ").toLowerCase();
      if (family.has(k) && family.get(k) !== latin) clashes.push(`${b.devanagari}: ${family.get(k)} / ${latin}`);
      family.set(k, latin);
    }
    expect(clashes).toEqual([]);
  });

  it("lists as other medicines only names the formulary does not hold", () => {
    expect(OTHER_MEDICINES.filter((m) => allNames.has(compactKey(m)))).toEqual([]);
  });
});
