import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readRxLine } from "./read-line";
import { BRANDS } from "./tables";
import { understandQuery } from "./understand-query";

describe("one prescription line, every token read once", () => {
  it.each([
    ["Tab Dolo 650 1-0-1 x 5 days after food", { words: ["dolo"], form: "tablet", strength: "650", pattern: "1-0-1", perDay: 2, duration: { count: 5, unit: "day" }, timing: ["afterFood"] }],
    ["T. Pan D ½-0-½", { words: ["pan", "d"], form: "tablet", pattern: "½-0-½", perDay: 2 }],
    ["Cap Omez 20 mg 1-0-0 khali pet", { words: ["omez"], form: "capsule", strength: "20 mg", pattern: "1-0-0", perDay: 1, timing: ["emptyStomach"] }],
    ["Syp Augmentin Duo 5 ml BD x 5d", { words: ["augmentin", "duo"], form: "syrup", perDay: 2, duration: { count: 5, unit: "day" }, quantity: { count: 5, unit: "ml" } }],
    ["amoxicillin 125 mg/5 ml TDS for 1 week", { words: ["amoxicillin"], strength: "125 mg/5 ml", perDay: 3, duration: { count: 1, unit: "week" } }],
    ["Inj ondansetron 4 mg IV stat", { words: ["ondansetron"], form: "injection", strength: "4 mg", route: "intravenous", stat: true }],
    ["salbutamol inhaler 2 puffs SOS", { words: ["salbutamol"], form: "inhaler", quantity: { count: 2, unit: "puff" }, asNeeded: true }],
    ["Cetzine 10 HS raat ko", { words: ["cetzine"], strength: "10", perDay: 1, bedtime: true, timing: ["bedtime", "night"] }],
    ["Tab Telma 40 subah", { words: ["telma"], form: "tablet", strength: "40", timing: ["morning"] }],
    ["Supp paracetamol 170 mg per rectal SOS", { words: ["paracetamol"], form: "suppository", strength: "170 mg", route: "rectal", asNeeded: true }],
    ["Cap cholecalciferol 1 lakh IU once a week", { words: ["cholecalciferol"], form: "capsule", strength: "100000 IU", weekly: true }],
    ["Tab metronidazole 400 mg q8h x 7 days", { words: ["metronidazole"], form: "tablet", strength: "400 mg", everyHours: 8, perDay: 3, duration: { count: 7, unit: "day" } }],
    ["Tab Dolo 650 din mein teen baar x 3 din", { words: ["dolo"], form: "tablet", strength: "650", perDay: 3, duration: { count: 3, unit: "day" } }],
    ["Tab Meftal Spas SOS for pain", { words: ["meftal", "spas"], form: "tablet", asNeeded: true, indication: "pain" }],
    ["Gtt Otrivin 2 drops each nostril TDS", { words: ["otrivin"], form: "nasal drops", route: "nasal", perDay: 3, quantity: { count: 2, unit: "drop" } }],
    ["Cream clotrimazole 1% LA BD x 2 weeks", { words: ["clotrimazole"], form: "cream", strength: "1 %", route: "topical", perDay: 2, duration: { count: 2, unit: "week" } }],
    ["Tab Paracetamol 500 1+0+1", { words: ["paracetamol"], form: "tablet", strength: "500", pattern: "1-0-1", perDay: 2 }],
    ["Tab Amlodipine 5 mg 1/2-0-0", { words: ["amlodipine"], form: "tablet", strength: "5 mg", pattern: "½-0-0", perDay: 1 }],
  ] as const)("%s", (line, want) => {
    const r = readRxLine(line);
    const { words, form, strength, route, ...sig } = want as Record<string, unknown>;
    expect(r.words).toEqual(words);
    expect(r.form).toBe(form);
    expect(r.strength).toBe(strength);
    expect(r.route).toBe(route);
    expect(r.sig).toMatchObject({ timing: [], ...sig });
  });

  it("keeps a dosing-looking word that is part of a brand as written (Contiflo OD, Pan IV, T Bact, Ciplar LA)", () => {
    expect(understandQuery("Contiflo OD").understood.brand?.name).toBe("Contiflo OD");
    expect(understandQuery("Inj Pan IV OD").understood.generic).toEqual(["Pantoprazole"]);
    expect(understandQuery("T Bact oint LA").understood.brand?.name).toBe("T Bact");
    expect(understandQuery("Ciplar LA 40 OD").understood.generic).toEqual(["Propranolol"]);
  });

  it("reads the lines issue 30 found misread as the medicine written", () => {
    expect(understandQuery("Omez 20 BD").understood.generic).toEqual(["Omeprazole"]);
    expect(understandQuery("Pan 40 BD").understood.generic).toEqual(["Pantoprazole"]);
    expect(understandQuery("Telma 40 HS").understood.generic).toEqual(["Telmisartan"]);
    expect(understandQuery("Deriphyllin").understood.generic).toEqual(["Etofylline", "Theophylline"]);
    expect(understandQuery("Cream Candid-B").understood.generic).toEqual(["Clotrimazole", "Beclomethasone"]);
    expect(understandQuery("T. Pan D").understood.generic).toEqual(["Pantoprazole", "Domperidone"]);
    expect(understandQuery("Tab").platformQuery).toBe("");
    expect(understandQuery("Liv 52").understood).toMatchObject({ herbal: true, otherMedicine: true });
    expect(understandQuery("Liv 52").understood.generic).toBeUndefined();
  });

  it("reads dotted and run-together dosing words as dosing, never as a brand's letters (O.D. is not Pan D)", () => {
    expect(understandQuery("Pan 40 O.D.").understood).toMatchObject({ generic: ["Pantoprazole"], brand: { name: "Pan 40" }, sig: { perDay: 1 } });
    expect(understandQuery("Telma 80 H.S.").understood).toMatchObject({ generic: ["Telmisartan"], sig: { bedtime: true } });
    expect(understandQuery("Omez 20 O.D. AC").understood).toMatchObject({ generic: ["Omeprazole"], sig: { perDay: 1, timing: ["beforeFood"] } });
    expect(understandQuery("Amaryl 2 OD BBF").understood).toMatchObject({ generic: ["Glimepiride"], sig: { perDay: 1, timing: ["beforeFood"] } });
    expect(understandQuery("Tab Dolo 650 T.D.S. P.C.").understood).toMatchObject({ generic: ["Paracetamol"], sig: { perDay: 3, timing: ["afterFood"] } });
    expect(understandQuery("Pan 40 1 tab B.B.F.").understood).toMatchObject({ generic: ["Pantoprazole"], sig: { quantity: { count: 1, unit: "tablet" }, timing: ["beforeFood"] } });
    expect(understandQuery("Dolo 650 S.O.S. pet dard").understood).toMatchObject({ generic: ["Paracetamol"], sig: { asNeeded: true, indication: "abdominal pain" } });
    expect(understandQuery("Pan 40 ABF").understood).toMatchObject({ generic: ["Pantoprazole"], sig: { timing: ["afterFood"] } });
    // Run together with a slash or a hyphen: two dosing words.
    expect(understandQuery("Pan 40 OD-BBF").understood).toMatchObject({ generic: ["Pantoprazole"], sig: { perDay: 1, timing: ["beforeFood"] } });
    expect(understandQuery("Omez 20 BD/AC").understood).toMatchObject({ generic: ["Omeprazole"], sig: { perDay: 2, timing: ["beforeFood"] } });
    expect(understandQuery("Tab Amaryl 2 OD B/F").understood).toMatchObject({ generic: ["Glimepiride"], sig: { perDay: 1, timing: ["beforeFood"] } });
    // A brand's own letter stays the brand's when written as part of it.
    expect(understandQuery("T. Pan D B.D.").understood.generic).toEqual(["Pantoprazole", "Domperidone"]);
    expect(understandQuery("Pan 40 O.D.").understood.unread).toBeUndefined();
  });

  it("reads dosing written in Devanagari", () => {
    expect(understandQuery("डोलो 650 खाने के बाद").understood).toMatchObject({ generic: ["Paracetamol"], sig: { timing: ["afterFood"] } });
    expect(understandQuery("पैन 40 सुबह खाली पेट").understood).toMatchObject({ generic: ["Pantoprazole"], sig: { timing: ["emptyStomach", "morning"] } });
    expect(understandQuery("सेट्ज़ीन रात को").understood).toMatchObject({ generic: ["Cetirizine"], sig: { timing: ["night"] } });
  });

  it("writes the line in generic names to print", () => {
    expect(understandQuery("Tab Dolo 650 1-0-1 x 3 days").understood.genericLine).toBe("Tab Paracetamol 650 mg, 1-0-1 × 3 days");
    expect(understandQuery("Inj ondansetron 4 mg IV stat").understood.genericLine).toBe("Inj Ondansetron 4 mg, STAT IV");
    expect(understandQuery("Omez 20 BD").understood.genericLine).toBe("Cap Omeprazole 20 mg, BD");
  });
});

const SIG_WORDS = ["OD", "BD", "BID", "TDS", "TID", "QID", "HS", "SOS", "PRN", "stat", "AC", "PC", "1-0-1", "0-0-1", "½-0-½", "1-1-1", "x 5 days", "5d", "for 1 week", "after food", "before food", "empty stomach", "khali pet", "raat ko", "subah", "O.D.", "B.D.", "H.S.", "T.D.S.", "S.O.S.", "A.C.", "P.C.", "B.B.F.", "BBF", "ABF", "1 tab", "pet dard", "OD/BBF", "BD-AC", "B/F", "A/F"];
// Brands whose own words are all longer than a dosing word, so none is a brand letter.
const PLAIN_BRANDS = BRANDS.filter((b) => b.name.split(/[\s-]+/).every((w) => /^[A-Za-z]{4,}$/.test(w)));

describe("dosing words never reach the medicine's name (properties)", () => {
  it("any brand followed by any dosing words is that brand's medicine", () => {
    fc.assert(
      fc.property(fc.constantFrom(...PLAIN_BRANDS), fc.array(fc.constantFrom(...SIG_WORDS), { minLength: 1, maxLength: 4 }), fc.constantFrom("", "Tab ", "Cap "), (b, sig, form) => {
        const u = understandQuery(`${form}${b.name} ${sig.join(" ")}`);
        expect(u.understood.generic).toEqual(b.components.map((c) => c.name));
        expect(u.understood.sig?.written.length).toBeGreaterThan(0);
      }),
      { numRuns: 400 },
    );
  });

  it("dosing words alone, a form alone, or both, ask the platform nothing", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...SIG_WORDS), { minLength: 1, maxLength: 4 }), fc.constantFrom("", "Tab ", "Syp ", "Inj "), (sig, form) => {
        expect(understandQuery(`${form}${sig.join(" ")}`).platformQuery).toBe("");
      }),
      { numRuns: 200 },
    );
  });

  it("reads any n-n-n pattern and any 'x N days' the same wherever they stand", () => {
    const dose = fc.constantFrom("0", "1", "2", "½");
    fc.assert(
      fc.property(dose, dose, dose, fc.integer({ min: 1, max: 90 }), fc.boolean(), (a, b, c, days, sigFirst) => {
        const sig = `${a}-${b}-${c} x ${days} days`;
        const r = readRxLine(sigFirst ? `${sig} paracetamol 500 mg` : `paracetamol 500 mg ${sig}`);
        expect(r.words).toEqual(["paracetamol"]);
        expect(r.strength).toBe("500 mg");
        expect(r.sig.pattern).toBe(`${a}-${b}-${c}`);
        expect(r.sig.perDay).toBe([a, b, c].filter((x) => x !== "0").length);
        expect(r.sig.duration).toEqual({ count: days, unit: "day" });
      }),
      { numRuns: 300 },
    );
  });
});

describe("brand families prescriptions name (issue 30): every ingredient, and typos of a suffixed brand", () => {
  it.each([
    ["Moxicip E/D 1 drop QID", ["Moxifloxacin"]],
    ["Tab Monticope 0-0-1", ["Montelukast", "Levocetirizine"]],
    ["Soframycin cream LA BD", ["Framycetin"]],
    ["Tab Oflox TZ BD x 5 days", ["Ofloxacin", "Tinidazole"]],
    ["Tab Trapic MF TDS x 3 days", ["Tranexamic acid", "Mefenamic acid"]],
    ["Tab Lasilactone 50 OD", ["Furosemide", "Spironolactone"]],
    ["Tab O2 BD", ["Ofloxacin", "Ornidazole"]],
    ["Tab Gemer 1 OD BBF", ["Glimepiride", "Metformin"]],
    ["Tab Meftal Spas SOS pet dard", ["Mefenamic acid", "Dicyclomine"]],
    ["Tab Shelcal 500 OD", ["Calcium carbonate", "Vitamin D3"]],
    ["Inj NovoRapid 8 U before meals", ["Insulin aspart"]],
    ["Inj Lantus 10 units HS", ["Insulin glargine"]],
    ["Budecort Respules 0.5 mg BD", ["Budesonide"]],
    ["Montaire LC 0-0-1", ["Montelukast", "Levocetirizine"]],
    ["Tab Combiflame SOS", ["Ibuprofen", "Paracetamol"]],
    // Cholecalciferol is the brand table's Vitamin D3 inside a combination (Shelcal's spelling).
    ["Tab calcium carbonate 500 mg + cholecalciferol 250 IU OD", ["Calcium carbonate", "Vitamin D3"]],
  ])("%s", (line, generics) => {
    expect(understandQuery(line).understood.generic).toEqual(generics);
  });
});

describe("free-text instructions on a line are instructions, never name words (issue 30)", () => {
  it.each([
    ["Inh Budecort 200 2 puffs BD with spacer, rinse mouth after use", { words: ["budecort"], form: "inhaler", strength: "200", kinds: ["withSpacer", "rinseMouth"], quantity: { count: 2, unit: "puff" } }],
    ["Seroflo 250 rotacap 1 BD via rotahaler", { words: ["seroflo"], form: "rotacap", strength: "250", kinds: ["withDevice"] }],
    ["Budecort respules 0.5 mg nebulisation BD", { words: ["budecort"], form: "respules", strength: "0.5 mg", kinds: ["nebulise"] }],
    ["Nebulise Asthalin respules 2.5 mg with 2 ml NS QID", { words: ["asthalin"], form: "respules", strength: "2.5 mg", kinds: ["nebulise", "withSaline"] }],
    ["Inj Lantus 12 units s/c at bedtime", { words: ["lantus"], form: "injection", route: "subcutaneous", kinds: [], quantity: { count: 12, unit: "unit" } }],
    ["Inj Paracetamol 1 g IV infusion SOS fever", { words: ["paracetamol"], form: "injection", strength: "1 g", route: "intravenous", kinds: ["infusion"], indication: "fever" }],
    ["Inj Meronem 1 g slow IV TDS", { words: ["meronem"], form: "injection", strength: "1 g", route: "intravenous", kinds: ["slowly"] }],
    ["Moxicip E/D 1-1-1-1 RE x 1 week", { words: ["moxicip"], form: "eye drops", route: "eye", kinds: ["rightEye"] }],
    ["Nasivion paediatric nasal drops 1 drop BD", { words: ["nasivion"], form: "nasal drops", route: "nasal", kinds: ["paediatric"] }],
    ["Flomist nasal spray 2 sprays each nostril OD", { words: ["flomist"], form: "spray", route: "nasal", kinds: ["eachNostril"], quantity: { count: 2, unit: "spray" } }],
    ["Candid cream apply BD x 2 weeks", { words: ["candid"], form: "cream", route: "topical", kinds: ["apply"] }],
    ["Betnovate cream thin layer BD x 7 days", { words: ["betnovate"], form: "cream", route: "topical", kinds: ["thinLayer"] }],
    ["Fucidin cream apply on lesions BD", { words: ["fucidin"], form: "cream", route: "topical", kinds: ["apply", "onAffectedArea"] }],
    ["Permite cream apply neck down at night, repeat after 1 week", { words: ["permite"], form: "cream", route: "topical", kinds: ["apply", "neckDown", "repeatAfter"] }],
    ["Levolin MDI 2 puff SOS breathlessness", { words: ["levolin"], form: "inhaler", kinds: [], indication: "breathlessness" }],
    ["Tab Meftal Spas SOS for cramps", { words: ["meftal", "spas"], form: "tablet", kinds: [], indication: "cramps" }],
  ] as const)("%s", (line, want) => {
    const r = readRxLine(line);
    expect(r.words).toEqual(want.words);
    expect(r.form).toBe(want.form);
    expect(r.strength).toBe("strength" in want ? want.strength : undefined);
    if ("route" in want) expect(r.route).toBe(want.route);
    expect((r.sig.instructions ?? []).map((i) => i.kind)).toEqual(want.kinds);
    if ("quantity" in want) expect(r.sig.quantity).toEqual(want.quantity);
    if ("indication" in want) expect(r.sig.indication).toBe(want.indication);
  });

  it("keeps the numbers of an instruction out of the strength and the duration", () => {
    const permite = readRxLine("Permite cream apply neck down at night, repeat after 1 week");
    expect(permite.sig.duration).toBeUndefined();
    expect(permite.sig.instructions?.at(-1)).toEqual({ kind: "repeatAfter", count: 1, unit: "week" });
    const saline = readRxLine("Duolin respules nebulise with 3 ml NS TDS");
    expect(saline.sig.quantity).toBeUndefined();
    expect(saline.sig.instructions).toContainEqual({ kind: "withSaline", count: 3, unit: "ml" });
  });

  it("reads RE, LE, BE as an eye only on a line about the eye (\"to be taken\" is no eye)", () => {
    expect(readRxLine("Tobrex eye drops 1-1-1-1 BE").sig.instructions).toEqual([{ kind: "bothEyes" }]);
    expect(readRxLine("Tab Dolo 650 to be taken BD").sig.instructions).toBeUndefined();
    expect(readRxLine("Ciplox eye drops 2 drops QID in both eyes")).toMatchObject({ words: ["ciplox"], route: "eye", sig: { instructions: [{ kind: "bothEyes" }] } });
    expect(readRxLine("Xalatan 1 drop HS left eye")).toMatchObject({ words: ["xalatan"], route: "eye", sig: { instructions: [{ kind: "leftEye" }] } });
  });
});

const INSTRUCTIONS = ["apply", "apply thin layer", "on affected area", "neck down", "with spacer", "via rotahaler", "rinse mouth after use", "nebulise", "with 2 ml NS", "slow IV", "infusion", "s/c", "each nostril", "paediatric", "for cramps", "SOS fever", "repeat after 1 week", "at bedtime", "for external use only"];

describe("instructions never reach the medicine's name (properties)", () => {
  it("any brand followed by dosing and instruction phrases is that brand's medicine", () => {
    fc.assert(
      fc.property(fc.constantFrom(...PLAIN_BRANDS), fc.array(fc.constantFrom(...INSTRUCTIONS), { minLength: 1, maxLength: 3 }), fc.constantFrom("BD", "OD", "TDS", "1-0-1", "SOS"), (b, said, sig) => {
        const u = understandQuery(`${b.name} ${sig} ${said.join(", ")}`);
        expect(u.understood.generic).toEqual(b.components.map((c) => c.name));
        expect(u.understood.unread).toBeUndefined();
      }),
      { numRuns: 400 },
    );
  });

  it("instructions alone ask the platform nothing", () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...INSTRUCTIONS), { minLength: 1, maxLength: 3 }), fc.constantFrom("", "Cream ", "Inh "), (said, form) => {
        expect(understandQuery(`${form}${said.join(" ")}`).platformQuery).toBe("");
      }),
      { numRuns: 200 },
    );
  });
});
