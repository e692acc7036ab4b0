import type { DrugListEntry } from "@/lib/schemas/drugs";

export type KnownSchedule = "H" | "H1" | "X" | "G";
export type KnownPregnancyCategory = "A" | "B" | "C" | "D" | "X";

/** "Schedule H1", "h1 " and "H1" all mean H1; anything else is shown as written. */
export function normaliseSchedule(value: string): { known?: KnownSchedule; text: string } {
  const text = value.trim().replace(/^schedule\s*/i, "").toUpperCase();
  const known = (["H", "H1", "X", "G"] as const).find((s) => s === text);
  return { known, text };
}

export function normalisePregnancyCategory(value: string): { known?: KnownPregnancyCategory; text: string } {
  const text = value.trim().replace(/^category\s*/i, "").toUpperCase();
  const known = (["A", "B", "C", "D", "X"] as const).find((c) => c === text);
  return { known, text };
}

/** Entries have no id; name plus formulary pages tells apart a drug and its reference entries. */
export function drugKey(entry: DrugListEntry): string {
  return [entry.name, entry.pageNumber, entry.referencePageNumber, entry.isReference ? "ref" : "main"].join("|");
}

export function showsComponents(entry: DrugListEntry): boolean {
  if (entry.components.length === 0) return false;
  if (entry.isCompound || entry.components.length > 1) return true;
  return entry.components[0]?.trim().toLowerCase() !== entry.name.trim().toLowerCase();
}

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "");

/** "Paracetamol + Ibuprofen" needs no second line listing the same two components. */
export function componentsSpellName(entry: DrugListEntry): boolean {
  return squash(entry.components.join("")) === squash(entry.name);
}
