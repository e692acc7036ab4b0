import { describe, expect, it } from "vitest";
import { PlatformDrugQuery, type PharmacologyEntry } from "@/lib/platform/wire/drugs";
import { drugCandidate } from "@/lib/platform/client/drugs";
import { searchFormulary } from "@/lib/platform/fake/drug-search";
import { loadFormulary } from "@/lib/platform/fake/formulary";
import { lookupSync, type PlatformSearchParams } from "./lookup";

const { index } = loadFormulary();
const search = (params: PlatformSearchParams) => searchFormulary(index, PlatformDrugQuery.parse(params));
/** What the desk shows for one typed line against the sandbox's formulary: the confident answer, or what it offers. */
function shown(q: string) {
  const o = lookupSync({ q, limit: 10, exact: false }, search, (e: PharmacologyEntry) => drugCandidate(e));
  return { confident: o.confident, top: o.confident ? o.results[0]?.generic_name : undefined, offered: o.didYouMean.map((d) => d.query) };
}

describe("a near spelling of a generic is confident only when it could be that generic misspelt (issue 30)", () => {
  it.each([
    // One consonant off by sound, but four letters of ten away: an unknown brand, not nevirapine.
    ["Novarapit", "Nevirapine"],
    // A word left over that nothing read: not tropicamide, not amlodipine.
    ["Tropica MD", "Tropicamide"],
    ["Tab Tropic AMD 1 tab TDS", "Tropicamide"],
    ["Amlodi PN", "Amlodipine"],
    // Written like a brand, with a capital inside the word.
    ["NevIrapin", "Nevirapine"],
  ])("%s is not shown as %s with confidence, only offered", (q, generic) => {
    const s = shown(q);
    expect(s.confident).toBe(false);
    expect(s.offered).toContain(generic);
  });

  it.each([
    ["Paracetmol", "Paracetamol"],
    ["Tab Paracetmol 500 mg SOS", "Paracetamol"],
    ["Azithromycine", "Azithromycin"],
    ["sitrizin", "Cetirizine"],
    ["Tab Nevirapin 200 mg BD", "Nevirapine"],
    // A unit written with a capital ("5mL") is no brand's spelling.
    ["Syp Paracetmol 125mg/5mL 5mL TDS", "Paracetamol"],
  ])("a true misspelling stays confident: %s is %s", (q, generic) => {
    expect(shown(q)).toMatchObject({ confident: true, top: generic });
  });

  it("reads U as insulin units, so no letter is left over to be mistaken (Inj NovoRapid 10 U is insulin aspart)", () => {
    expect(shown("Inj. NovoRapid 10 U before meals")).toMatchObject({ confident: true, top: "Insulin aspart" });
  });
});

describe("a written form the product is never made in is not confident (issue 30)", () => {
  it("reads Tab O2 as Medley's O2 (ofloxacin + ornidazole), never as a tablet of oxygen", () => {
    expect(shown("Tab O2")).toMatchObject({ confident: true, top: "Ofloxacin + Ornidazole" });
    expect(shown("Tab O2 BD x 5 days")).toMatchObject({ confident: true, top: "Ofloxacin + Ornidazole" });
  });

  it("offers both readings of O2 written alone, and shows neither", () => {
    const s = shown("O2");
    expect(s.confident).toBe(false);
    expect(s.offered).toEqual(expect.arrayContaining(["tablet O2", "Oxygen"]));
    // Each offer, chosen, is read as what it says.
    expect(shown("tablet O2")).toMatchObject({ confident: true, top: "Ofloxacin + Ornidazole" });
    expect(shown("Oxygen")).toMatchObject({ confident: true, top: "Oxygen" });
  });

  it.each([["Tab Oxygen", "Oxygen"], ["Cap nitrous oxide", "Nitrous oxide"], ["Tab insulin glargine 10 units", "Insulin glargine"], ["Tab Lantus", "Insulin glargine"], ["Syp Actrapid", "Insulin"]])(
    "%s is no product: not shown with confidence",
    (q) => expect(shown(q).confident).toBe(false),
  );

  it.each([["oxygen", "Oxygen"], ["Inh O2", "Oxygen"], ["Inj insulin glargine 10 units HS", "Insulin glargine"], ["Inj Lantus 10 U HS", "Insulin glargine"]])(
    "the same medicine in a form it is made in stays confident: %s",
    (q, generic) => expect(shown(q)).toMatchObject({ confident: true, top: generic }),
  );
});
