import { z } from "zod";
import { DRUG_SCHEDULES, NLEM_SECTIONS, PREGNANCY_CATEGORIES } from "./formulary-vocabulary";
import { PharmacologyEntry } from "../wire/drugs";
import { buildIndex, compact, type FormularyIndex } from "./drug-search";
import { FORMULARY_FILES } from "./formulary-files";

// Strict, so a misspelt field name in the data file is an error and not a silently missing field.
const FormularyFile = z.array(PharmacologyEntry.strict()).min(1);

export interface FormularySource {
  file: string;
  entries: unknown;
}

/** Checks what the schema cannot: allowed vocabularies, unique names and pages, consistent references. */
export function formularyProblems(entries: readonly PharmacologyEntry[]): string[] {
  const problems: string[] = [];
  const categories = new Set<string>(NLEM_SECTIONS);
  const schedules = new Set<string>(DRUG_SCHEDULES);
  const pregnancy = new Set<string>(["", ...PREGNANCY_CATEGORIES]);
  const names = new Map<string, string>();
  const pages = new Map<number, PharmacologyEntry>();
  const mainByPage = new Map<number, PharmacologyEntry>();

  for (const e of entries) {
    const at = `"${e.generic_name}"`;
    const key = compact(e.generic_name);
    if (!key) problems.push(`${at}: generic_name is empty`);
    if (names.has(key)) problems.push(`${at}: name repeats "${names.get(key)}"`);
    names.set(key, e.generic_name);
    if (pages.has(e.page_number)) problems.push(`${at}: page ${e.page_number} is also used by "${pages.get(e.page_number)!.generic_name}"`);
    pages.set(e.page_number, e);
    if (!categories.has(e.generic_category)) problems.push(`${at}: generic_category "${e.generic_category}" is not an NLEM section`);
    if (!schedules.has(e.schedule)) problems.push(`${at}: schedule "${e.schedule}" is not one of ${DRUG_SCHEDULES.join(", ")}`);
    if (!pregnancy.has(e.pregnancy_category)) problems.push(`${at}: pregnancy_category "${e.pregnancy_category}" is not A-X`);
    if (e.is_compound !== e.components.length > 1) problems.push(`${at}: is_compound disagrees with components`);
    if (e.components.length === 0) problems.push(`${at}: components is empty`);
    if (!e.is_a_reference) mainByPage.set(e.page_number, e);
  }

  const pointing = new Map<number, number>();
  for (const e of entries.filter((x) => x.is_a_reference)) {
    const main = mainByPage.get(e.reference_page_number);
    if (!main) problems.push(`"${e.generic_name}": reference_page_number ${e.reference_page_number} is no main entry's page`);
    if (e.has_references !== 0) problems.push(`"${e.generic_name}": a reference entry must have has_references 0`);
    pointing.set(e.reference_page_number, (pointing.get(e.reference_page_number) ?? 0) + 1);
  }
  for (const e of mainByPage.values()) {
    const expected = pointing.get(e.page_number) ?? 0;
    if (e.has_references !== expected) problems.push(`"${e.generic_name}": has_references is ${e.has_references}, ${expected} references point to it`);
    if (e.reference_page_number !== 0) problems.push(`"${e.generic_name}": a main entry must have reference_page_number 0`);
  }
  return problems;
}

/** Parses one data file; throws naming the file and the entries that do not match the schema. */
function parseFile(source: FormularySource): PharmacologyEntry[] {
  const parsed = FormularyFile.safeParse(source.entries);
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.slice(0, 20).map((i) => `  - [${i.path.join(".")}] ${i.message}`);
  throw new Error(`Sandbox formulary ${source.file} does not match PharmacologyEntry:\n${lines.join("\n")}`);
}

/** Parses, merges and checks formulary data; throws with every problem listed, so bad data stops the start. */
export function parseFormulary(sources: readonly FormularySource[]): PharmacologyEntry[] {
  const entries = sources.flatMap(parseFile);
  const problems = formularyProblems(entries);
  if (problems.length) throw new Error(`Sandbox formulary is inconsistent:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
  return entries;
}

type LoadedFormulary = { entries: PharmacologyEntry[]; index: FormularyIndex };
/** The shipped files' formulary, parsed and indexed once per process: every sandbox only reads it (searches are pure). */
let shipped: LoadedFormulary | undefined;

export function loadFormulary(sources: readonly FormularySource[] = FORMULARY_FILES): LoadedFormulary {
  if (sources === FORMULARY_FILES && shipped) return shipped;
  const entries = parseFormulary(sources);
  const loaded = { entries, index: buildIndex(entries) };
  if (sources === FORMULARY_FILES) shipped = loaded;
  return loaded;
}
