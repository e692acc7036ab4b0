import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { devanagariKey, romanise } from "./hindi";
import { RELEVANCE, relevanceOf } from "./relevance";
import { BRANDS } from "./tables";
import { editDistance, phoneticKey } from "./text";
import { understandQuery } from "./understand-query";

const FORM_WORDS = { tab: "tablet", tablet: "tablet", cap: "capsule", capsule: "capsule", syrup: "syrup", susp: "suspension", inj: "injection", injection: "injection", drops: "drops", cream: "cream", ointment: "ointment", gel: "gel", inhaler: "inhaler", sachet: "sachet" } as const;
/** "5 ml" alone is a dose volume (lib/server/drugs/read-line.ts), so ml is checked only as "per ml" strengths. */
const UNITS = ["mg", "mcg", "g", "IU", "%"] as const;

describe("strength, form and route in the query", () => {
  it.each([
    ["amoxicillin 250mg", "Amoxicillin", "250 mg", undefined],
    ["azithromycin 500mg tab", "Azithromycin", "500 mg", "tablet"],
    ["atorvastatin 10mg tablet", "Atorvastatin", "10 mg", "tablet"],
    ["paracetamol 500 mg", "Paracetamol", "500 mg", undefined],
    ["paracetamol 650", "Paracetamol", "650", undefined],
    ["amoxicillin syrup 125mg/5ml", "Amoxicillin", "125 mg/5 ml", "syrup"],
    ["inj ceftriaxone 1 g iv", "Ceftriaxone", "1 g", "injection"],
    ["diclofenac gel 1%", "Diclofenac", "1 %", "gel"],
    ["cholecalciferol 60k", "Cholecalciferol", "60000 IU", undefined],
  ])("%s → %s, %s, %s", (q, generic, strength, form) => {
    const u = understandQuery(q);
    expect(u.platformQuery).toBe(generic);
    expect(u.understood.strength).toBe(strength);
    expect(u.understood.form).toBe(form);
  });

  it("reads eye drops as a route and a form", () => {
    expect(understandQuery("ciprofloxacin eye drops").understood).toMatchObject({ route: "eye", form: "eye drops", generic: ["Ciprofloxacin"] });
  });

  it("keeps numbers that are part of a name (vitamin D3, 5-FU, 8-MOP)", () => {
    expect(understandQuery("vitamin d3").name).toBe("vitamin d3");
    expect(understandQuery("5-FU").understood.strength).toBeUndefined();
    expect(understandQuery("8-MOP").understood.strength).toBeUndefined();
  });

  it("removes any strength and form from the name, whatever the spacing and unit (property)", () => {
    const generics = ["paracetamol", "metformin", "amoxicillin", "pantoprazole", "cetirizine"];
    fc.assert(
      fc.property(
        fc.constantFrom(...generics),
        fc.integer({ min: 1, max: 2000 }),
        fc.constantFrom(...UNITS),
        fc.constantFrom("", " "),
        fc.constantFrom(...Object.keys(FORM_WORDS)),
        fc.boolean(),
        (name, n, unit, space, form, formFirst) => {
          const strength = `${n}${space}${unit}`;
          const q = formFirst ? `${form} ${name} ${strength}` : `${name} ${strength} ${form}`;
          const u = understandQuery(q);
          expect(u.name).toBe(name);
          expect(u.understood.strength).toBe(`${n} ${unit}`);
          expect(u.understood.form).toBe(FORM_WORDS[form as keyof typeof FORM_WORDS]);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("brands", () => {
  it.each([
    ["Dolo 650", "Paracetamol", "Dolo 650", "Micro Labs"],
    ["pan 40", "Pantoprazole", "Pan 40", "Alkem"],
    ["augmentin 625", "Amoxicillin + Clavulanic acid", "Augmentin 625", "GSK"],
    ["Montair LC", "Montelukast + Levocetirizine", "Montair LC", "Cipla"],
    ["Taxim-O", "Cefixime", "Taxim O", "Alkem"],
    ["zerodol p", "Aceclofenac + Paracetamol", "Zerodol P", "Ipca"],
    ["Combiflam", "Ibuprofen + Paracetamol", "Combiflam", "Sanofi"],
    ["thyronorm 25 mcg", "Levothyroxine", "Thyronorm 25", "Abbott"],
  ])("%s → %s", (q, generic, brand, manufacturer) => {
    const u = understandQuery(q);
    expect(u.platformQuery).toBe(generic);
    expect(u.understood.brand).toMatchObject({ name: brand, manufacturer });
  });

  it("never reads Pan 40 as esomeprazole", () => {
    expect(understandQuery("Pan 40").understood.generic).toEqual(["Pantoprazole"]);
  });

  it("finds the variant of the strength asked for", () => {
    expect(understandQuery("telma 80").understood.brand?.name).toBe("Telma 80");
    expect(understandQuery("rosuvas 20 mg").understood.brand?.name).toBe("Rosuvas 20");
  });

  it("tolerates one typo in a brand, and never a whole extra word", () => {
    expect(understandQuery("crosin").understood.brand?.name).toBe("Crocin");
    expect(understandQuery("augmantin").understood.generic).toEqual(["Amoxicillin", "Clavulanic acid"]);
    expect(understandQuery("candid b").understood.brand?.name).toBe("Candid-B");
    expect(understandQuery("candid").understood.generic).toEqual(["Clotrimazole"]);
    expect(understandQuery("pause mf").understood.brand).toBeUndefined();
  });

  it("does not let a near brand stand in for a generic typo or another medicine", () => {
    expect(understandQuery("amlodipin").understood.brand).toBeUndefined();
    expect(understandQuery("zincovit").understood.brand).toBeUndefined();
  });

  it("every brand in the table is found by its own name (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...BRANDS), (b) => {
        // A two-character brand (O2) is also another medicine's name: it is found with its form written ("tablet O2").
        const written = b.name.replace(/[^A-Za-z0-9]/g, "").length <= 2 ? `${b.form} ${b.name}` : b.name;
        expect(compact(understandQuery(written).platformQuery)).toBe(compact(b.generic));
      }),
      { numRuns: 400 },
    );
  });
});

const compact = (s: string) => s.toLowerCase().split(" + ").sort().join("+");

describe("Hindi and romanised spellings", () => {
  it.each([
    ["पैरासिटामोल", "Paracetamol"],
    ["पेरासिटामोल", "Paracetamol"],
    ["मेटफॉर्मिन", "Metformin"],
    ["मेटफार्मिन", "Metformin"],
    ["एमोक्सिसिलिन", "Amoxicillin"],
    ["डोलो ६५०", "Paracetamol"],
    ["फोलिक एसिड", "Folic acid"],
  ])("%s → %s", (q, generic) => {
    const u = understandQuery(q);
    expect(u.platformQuery).toBe(generic);
    expect(u.understood.script).toBe("devanagari");
  });

  it("reads Hindi form words and mixed scripts", () => {
    expect(understandQuery("पैरासिटामोल 500 mg गोली").understood).toMatchObject({ strength: "500 mg", form: "tablet", generic: ["Paracetamol"] });
    expect(understandQuery("dolo डोलो 650").understood.brand?.name).toBe("Dolo 650");
  });

  it("treats the spellings typists swap as one (nukta, long/short vowels, ai/e)", () => {
    expect(devanagariKey("एज़िथ्रोमाइसिन")).toBe(devanagariKey("एजिथ्रोमाइसिन"));
    expect(devanagariKey("पैरासीटामोल")).toBe(devanagariKey("पेरासिटामोल"));
  });

  it("romanises unknown Devanagari close enough to sound like the INN", () => {
    expect(phoneticKey(romanise("सेट्रीजीन"))).toBe(phoneticKey("cetirizine"));
  });

  it("maps romanised spellings by sound when the platform finds nothing", () => {
    expect(understandQuery("sitrizin").fallbackQuery).toBe("Cetirizine");
    expect(understandQuery("ajithromycin").fallbackQuery).toBe("Azithromycin");
  });

  it("never maps a known other medicine to a near generic", () => {
    for (const q of ["lansoprazole", "ranitidine", "faropenem", "pefloxacin"]) {
      const u = understandQuery(q);
      expect(u.fallbackQuery, q).toBeUndefined();
      expect(u.resolved === undefined || u.resolved.generic.toLowerCase() === q, q).toBe(true);
      expect(u.understood.otherMedicine, q).toBe(true);
    }
  });
});

describe("relevance scale", () => {
  const entry = (generic_name: string, components = [generic_name], additional_keys = "", indications = "") =>
    ({ name: generic_name, components, additionalKeys: additional_keys, indications }) as Parameters<typeof relevanceOf>[0];
  const scale = (parts: string[], e: Parameters<typeof relevanceOf>[0], extra: Partial<Parameters<typeof relevanceOf>[1]> = {}) =>
    relevanceOf(e, { parts, inSection: false, ...extra });

  it("orders resolved > name > alias > component > typo > prefix > text", () => {
    const pcm = entry("Paracetamol", ["Paracetamol"], "acetaminophen, PCM");
    expect(scale(["Paracetamol"], pcm, { resolved: "Paracetamol" })).toBe(RELEVANCE.RESOLVED);
    expect(scale(["paracetamol"], pcm)).toBe(RELEVANCE.NAME);
    expect(scale(["pcm"], pcm)).toBe(RELEVANCE.ALIAS);
    expect(scale(["paracetamol"], entry("Paracetamol + Ibuprofen", ["Paracetamol", "Ibuprofen"]))).toBe(RELEVANCE.COMPONENT);
    expect(scale(["paracetmol"], pcm)).toBe(RELEVANCE.TYPO);
    expect(scale(["parac"], pcm)).toBe(RELEVANCE.PREFIX);
    expect(scale(["fever"], entry("Paracetamol", ["Paracetamol"], "", "fever and pain"))).toBe(RELEVANCE.TEXT);
    expect(RELEVANCE.TEXT).toBeLessThan(RELEVANCE.CONFIDENT);
  });

  it("does not count a near name with another first letter as a typo (lansoprazole is not pantoprazole)", () => {
    expect(scale(["lansoprazole"], entry("Pantoprazole"))).toBeLessThan(RELEVANCE.CONFIDENT);
    expect(scale(["esomeprazole"], entry("Omeprazole"))).toBeLessThan(RELEVANCE.CONFIDENT);
  });

  it("edit distance is symmetric and bounded (property)", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), fc.integer({ min: 0, max: 3 }), (a, b, max) => {
        const d = editDistance(a, b, max);
        expect(d).toBe(editDistance(b, a, max));
        expect(d).toBeLessThanOrEqual(max + 1);
        if (a === b) expect(d).toBe(0);
      }),
    );
  });
});

describe("the printed generic line keeps a brand's strengths to its own form", () => {
  it("a brand written as an injection is its injection, with the injection's strengths, never the tablet's", () => {
    const inj = understandQuery("Inj Deriphyllin 2 ml IV stat").understood;
    expect(inj.generic).toEqual(["Etofylline", "Theophylline"]);
    expect(inj.brand).toMatchObject({ name: "Deriphyllin Injection", form: "injection" });
    expect(inj.genericLine).not.toMatch(/77 mg|23 mg/);
    expect(inj.genericLine).toMatch(/^Inj Etofylline 84\.7 mg\/ml \+ Theophylline 25\.3 mg\/ml, /);
    // An injection route alone says injection; the typed dose (two ml of 4 mg/ml) is printed as typed.
    expect(understandQuery("Dexona 8 mg IV stat").understood).toMatchObject({ brand: { name: "Dexona Injection" }, genericLine: "Inj Dexamethasone 8 mg, STAT IV" });
    expect(understandQuery("Inj Pan 40 IV OD").understood.brand?.name).toBe("Pan IV");
    // Written as the tablet it is, the strengths are the brand's.
    expect(understandQuery("Tab Deriphyllin 1-0-1").understood.genericLine).toMatch(/Etofylline 77 mg \+ Theophylline 23 mg/);
    expect(understandQuery("Tab Deriphyllin 1-0-1").understood.formNotKnown).toBeUndefined();
  });

  it("a syrup or drops written with a brand known in several forms is that form's product, at the typed strength", () => {
    expect(understandQuery("Syp Calpol 250 5 ml SOS").understood).toMatchObject({ brand: { name: "Calpol 250 Suspension" }, genericLine: "Syp Paracetamol 250 mg/5 ml, 5 ml SOS" });
    expect(understandQuery("Syp Calpol 5 ml TDS").understood.brand?.composition).toBe("Paracetamol 120 mg/5 ml");
    expect(understandQuery("Drops Calpol 0.6 ml TDS").understood.genericLine).toBe("Drops Paracetamol 100 mg/ml, 0.6 ml TDS");
    expect(understandQuery("Syp Deriphyllin 10 ml TDS").understood.brand?.composition).toBe("Etofylline 46.5 mg/5 ml + Theophylline 14 mg/5 ml");
    // "Syp" for a suspension and "Tab" for a capsule are the same product as written.
    expect(understandQuery("Syp Augmentin Duo 5 ml BD").understood.brand?.name).toBe("Augmentin Duo");
    expect(understandQuery("Tab Pan D BD").understood.genericLine).toBe("Tab Pantoprazole 40 mg + Domperidone 30 mg, BD");
  });

  it("says plainly when the brand is not known in the written form, and lends no other form's strength", () => {
    const syrup = understandQuery("Syp Calpol 650 5 ml TDS").understood;
    expect(syrup.formNotKnown).toEqual({ form: "syrup", known: ["tablet", "suspension", "drops"], unsure: true });
    expect(syrup.brand).toMatchObject({ name: "Calpol", composition: "Paracetamol" });
    expect(syrup.genericLine).not.toMatch(/mg/);
    // Known in one form only: the medicine is still named, without the tablet's strength.
    const inj = understandQuery("Inj Voveran 75 mg IM SOS").understood;
    expect(inj.formNotKnown).toEqual({ form: "injection", known: ["tablet"], unsure: false });
    expect(inj.genericLine).toBe("Inj Diclofenac 75 mg, SOS IM");
    expect(understandQuery("Oint Candid-B BD").understood.genericLine).toBe("Oint Clotrimazole + Beclomethasone, BD");
  });
});

describe("a line with instructions is read as its brand (issue 30)", () => {
  it.each([
    ["Inh Budecort 200 2 puffs BD with spacer, rinse mouth after use", "Budecort", ["Budesonide"]],
    ["Seroflo 250 rotacap 1 BD via rotahaler", "Seroflo", ["Fluticasone", "Salmeterol"]],
    ["Levolin MDI 2 puff SOS breathlessness", "Levolin", ["Levosalbutamol"]],
    ["Nebulise Asthalin respules 2.5 mg with 2 ml NS QID", "Asthalin Respules", ["Salbutamol"]],
    ["Inj Lantus 12 units s/c at bedtime", "Lantus", ["Insulin glargine"]],
    ["Moxicip E/D 1-1-1-1 RE x 1 week", "Moxicip", ["Moxifloxacin"]],
    ["Nasivion paediatric nasal drops 1 drop BD", "Nasivion", ["Oxymetazoline"]],
    ["Flomist nasal spray 2 sprays each nostril OD", "Flomist", ["Fluticasone"]],
    ["T-Bact ointment apply TDS", "T Bact", ["Mupirocin"]],
    ["Permite cream apply neck down at night, repeat after 1 week", "Permite", ["Permethrin"]],
    ["Tab Meftal Spas 1 SOS for cramps", "Meftal Spas", ["Mefenamic acid", "Dicyclomine"]],
    ["Tab Combiflame 1 TDS x 3 days", "Combiflam", ["Ibuprofen", "Paracetamol"]],
    ["Tab O2 1 BD x 5 days", "O2", ["Ofloxacin", "Ornidazole"]],
  ])("%s", (line, brand, generics) => {
    const u = understandQuery(line);
    expect(u.understood.brand?.name).toBe(brand);
    expect(u.understood.generic).toEqual(generics);
    expect(u.understood.unread).toBeUndefined();
    expect(u.unsure).toBe(false);
  });

  it("reads a bare 1 before a dosing word as how many, unless it is the brand's own strength", () => {
    expect(understandQuery("Tab O2 1 BD x 5 days").understood).toMatchObject({ sig: { quantity: { count: 1, unit: "tablet" }, perDay: 2 } });
    expect(understandQuery("Tab O2 1 BD x 5 days").understood.strength).toBeUndefined();
    expect(understandQuery("Seroflo 250 rotacap 1 BD").understood.sig?.quantity).toEqual({ count: 1, unit: "capsule" });
    // Amaryl is 1 mg: its "1" stays the strength.
    expect(understandQuery("Tab Amaryl 1 OD").understood).toMatchObject({ brand: { name: "Amaryl" }, strength: "1" });
  });

  it("prints the instructions with the generic line", () => {
    expect(understandQuery("Inh Budecort 200 2 puffs BD with spacer, rinse mouth after use").understood.genericLine).toBe("Inhaler Budesonide 200 mcg, 2 puffs BD, with spacer, rinse mouth after use");
    expect(understandQuery("Betnovate cream thin layer BD x 7 days").understood.genericLine).toBe("Cream Betamethasone 0.1%, BD × 7 days, thin layer");
  });

  it("still leaves a truly unknown word unread, and the line unsure", () => {
    const u = understandQuery("Candid cream apply zorbex BD");
    expect(u.understood.brand).toBeUndefined();
    expect(u.understood.unread).toEqual(["candid", "zorbex"]);
    expect(understandQuery("Tab Zarblix 1 SOS for pain").resolved).toBeUndefined();
  });
});
