import { describe, expect, it } from "vitest";
import { NLEM_SECTIONS } from "./formulary-vocabulary";
import type { PharmacologyEntry } from "../wire/drugs";
import { compact } from "./drug-search";
import { formularyProblems, loadFormulary, parseFormulary } from "./formulary";
import { FORMULARY_FILES } from "./formulary-files";

const { entries } = loadFormulary();
const mains = entries.filter((e) => !e.is_a_reference);
const byName = new Map(entries.map((e) => [e.generic_name, e]));

const REQUIRED = [
  "Paracetamol", "Ibuprofen", "Diclofenac", "Amoxicillin", "Clavulanic acid", "Amoxicillin + Clavulanic acid", "Azithromycin",
  "Ciprofloxacin", "Metformin", "Glimepiride", "Amlodipine", "Telmisartan", "Hydrochlorothiazide", "Atorvastatin", "Aspirin",
  "Clopidogrel", "Omeprazole", "Pantoprazole", "Ondansetron", "Salbutamol", "Cetirizine", "Levothyroxine", "Folic acid",
  "Oral rehydration salts", "Insulin", "Prednisolone", "Alprazolam", "Morphine", "Isoniazid", "Rifampicin", "Furosemide",
];

/** Fixed-dose combinations Indian clinics prescribe most. */
const COMMON_FDCS = [
  "Amoxicillin + Clavulanic acid", "Glimepiride + Metformin", "Metformin + Sitagliptin", "Metformin + Vildagliptin",
  "Metformin + Voglibose + Glimepiride", "Telmisartan + Hydrochlorothiazide", "Telmisartan + Amlodipine", "Amlodipine + Atenolol",
  "Losartan + Hydrochlorothiazide", "Aspirin + Clopidogrel", "Aspirin + Atorvastatin", "Pantoprazole + Domperidone",
  "Rabeprazole + Domperidone", "Omeprazole + Domperidone", "Aceclofenac + Paracetamol", "Paracetamol + Ibuprofen",
  "Tramadol + Paracetamol", "Drotaverine + Mefenamic acid", "Ofloxacin + Ornidazole", "Norfloxacin + Tinidazole",
  "Montelukast + Levocetirizine", "Paracetamol + Phenylephrine + Chlorpheniramine", "Ambroxol + Levosalbutamol + Guaifenesin",
  "Calcium carbonate + Vitamin D3", "Ferrous sulfate + Folic acid", "Ferrous ascorbate + Folic acid", "Budesonide + Formoterol",
  "Artemether + Lumefantrine", "Isoniazid + Rifampicin + Pyrazinamide + Ethambutol",
];

// Text fields a doctor reads; schedule and pregnancy category may be empty ("not scheduled", "no letter assigned").
const TEXT_FIELDS = [
  "indications", "availability", "dose", "contraindications", "precautions", "precautions_appendix", "adverse_effects",
  "storage", "note", "additional_keys", "generic_category", "comments",
] as const satisfies readonly (keyof PharmacologyEntry)[];
const PLACEHOLDER = /\b(todo|tbd|tba|lorem|ipsum|placeholder|fixme|xxx)\b|^\W*$|\?\?|\.\.\.$/i;

// An amount, a count or, for topicals and diluents, how much and how often.
const AMOUNT = /\d|\b(one|two|three|half|once|twice|thin\w*|volume)\b/i;

/** What "real content" means for one main entry, as a list of problems. */
function contentProblems(e: PharmacologyEntry): string[] {
  const problems: string[] = [];
  for (const f of TEXT_FIELDS) {
    const v = e[f].trim();
    if (v.length < 10) problems.push(`${e.generic_name}.${f} is too short: "${v}"`);
    if (PLACEHOLDER.test(v)) problems.push(`${e.generic_name}.${f} looks like a placeholder: "${v}"`);
  }
  if (e.indications.trim().length < 20) problems.push(`${e.generic_name}.indications says too little`);
  if (!AMOUNT.test(e.dose)) problems.push(`${e.generic_name}.dose gives no amount`);
  if (!/\d/.test(e.availability)) problems.push(`${e.generic_name}.availability gives no strength`);
  if (e.components.some((c) => c.trim() === "")) problems.push(`${e.generic_name}.components has an empty name`);
  // A compound named with "+" lists its components in that order ("Oral rehydration salts" keeps its own name).
  if (e.generic_name.includes("+") && compact(e.components.join("")) !== compact(e.generic_name.split("+").join(""))) {
    problems.push(`${e.generic_name}: the name does not list its components in order`);
  }
  return problems;
}

/** A reference entry is a pointer: it names its main entry and says why the other name exists. */
function referenceProblems(ref: PharmacologyEntry, main: PharmacologyEntry | undefined): string[] {
  if (!main) return [`${ref.generic_name} points at no main entry`];
  const problems: string[] = [];
  if (!`${ref.indications} ${ref.comments}`.includes(main.generic_name)) problems.push(`${ref.generic_name} does not name its main entry ${main.generic_name}`);
  if (ref.note.trim().length < 20) problems.push(`${ref.generic_name}.note does not explain the other name`);
  if (ref.generic_category !== main.generic_category) problems.push(`${ref.generic_name} is filed under another section than ${main.generic_name}`);
  if (ref.schedule !== main.schedule) problems.push(`${ref.generic_name} has schedule "${ref.schedule}", ${main.generic_name} "${main.schedule}"`);
  return problems;
}

describe("formulary data (every file, every entry)", () => {
  it("loads every data file and passes every consistency check", () => {
    expect(FORMULARY_FILES.length).toBe(30);
    expect(formularyProblems(entries)).toEqual([]);
    expect(entries.length).toBe(FORMULARY_FILES.reduce((n, f) => n + (f.entries as unknown[]).length, 0));
  });

  it("fills every field of every main entry with real content", () => {
    expect(mains.flatMap(contentProblems)).toEqual([]);
  });

  it("makes every reference entry a clear pointer to its main entry", () => {
    const pages = new Map(mains.map((e) => [e.page_number, e]));
    expect(entries.filter((e) => e.is_a_reference).flatMap((r) => referenceProblems(r, pages.get(r.reference_page_number)))).toEqual([]);
  });

  it("has at least 400 generic entries, the everyday medicines and the common Indian FDCs", () => {
    expect(mains.length).toBeGreaterThanOrEqual(400);
    for (const name of [...REQUIRED, ...COMMON_FDCS]) expect(byName.get(name)?.is_a_reference, name).toBe(false);
    for (const name of COMMON_FDCS) expect(byName.get(name)!.is_compound, name).toBe(true);
  });

  it("covers every NLEM section with main entries", () => {
    const used = new Set(mains.map((e) => e.generic_category));
    for (const c of NLEM_SECTIONS) expect(used.has(c), c).toBe(true);
  });

  it("points every reference at a main entry", () => {
    const refs = entries.filter((e) => e.is_a_reference);
    expect(refs.length).toBeGreaterThanOrEqual(40);
    const pages = new Map(mains.map((e) => [e.page_number, e]));
    for (const ref of refs) {
      expect(pages.get(ref.reference_page_number)?.is_a_reference, ref.generic_name).toBe(false);
      expect(ref.components.length, ref.generic_name).toBeGreaterThan(0);
    }
    expect(byName.get("Acetaminophen")!.reference_page_number).toBe(byName.get("Paracetamol")!.page_number);
    expect(byName.get("Lignocaine")!.reference_page_number).toBe(byName.get("Lidocaine")!.page_number);
  });

  it("records the regulatory facts that matter at the desk", () => {
    expect(byName.get("Alprazolam")!.schedule).toBe("H1");
    expect(byName.get("Ceftriaxone")!.schedule).toBe("H1");
    expect(byName.get("Clofazimine")!.schedule).toBe("H1");
    expect(byName.get("Tramadol")!.schedule).toBe("H1");
    expect(byName.get("Methylphenidate")!.schedule).toBe("X");
    expect(byName.get("Atorvastatin")!.pregnancy_category).toBe("X");
    expect(byName.get("Warfarin")!.pregnancy_category).toBe("X");
    expect(byName.get("Telmisartan")!.pregnancy_category).toBe("D");
    expect(byName.get("Amoxicillin + Clavulanic acid")).toMatchObject({ is_compound: true, components: ["Amoxicillin", "Clavulanic acid"] });
  });
});

describe("refusing bad data at load", () => {
  const starter = FORMULARY_FILES[0]!;
  const clone = () => structuredClone(starter.entries) as Record<string, unknown>[];
  const withFile = (entries: unknown) => [{ file: "broken.json", entries }, ...FORMULARY_FILES.slice(1)];

  it("names the file and field of an entry that does not match the schema", () => {
    const misspelt = clone();
    misspelt[0]!.indication = "typo";
    expect(() => parseFormulary(withFile(misspelt))).toThrow(/broken\.json does not match PharmacologyEntry/);
  });

  it("refuses a name repeated in another file", () => {
    const dup = clone();
    dup[0]!.generic_name = "Ceftriaxone";
    expect(() => parseFormulary(withFile(dup))).toThrow(/"Ceftriaxone": name repeats|name repeats "Ceftriaxone"/);
  });

  it("refuses a page used twice and a dangling reference", () => {
    const broken = clone();
    broken[0]!.page_number = byName.get("Ceftriaxone")!.page_number;
    const ref = broken.find((e) => e.is_a_reference)!;
    ref.reference_page_number = 99_999;
    expect(() => parseFormulary(withFile(broken))).toThrow(/page \d+ is also used[\s\S]*99999 is no main entry's page/);
  });

  it("refuses unknown categories and wrong reference counts", () => {
    const broken = clone();
    broken[0]!.generic_category = "Snacks";
    broken[1]!.has_references = 7;
    expect(() => parseFormulary(withFile(broken))).toThrow(/Snacks[\s\S]*has_references/);
  });
});
