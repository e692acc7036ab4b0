import { DESIGNATIONS, type Designation } from "./patient-choices";

/** The platform stores names in lowercase; the desk shows them in proper case ("o'brien-shah" → "O'Brien-Shah"). */
export function properCase(text: string): string {
  return text.toLowerCase().replace(/(^|[\s'’\-.])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

/** A stored salutation ("mrs.") back to the directory's spelling ("Mrs."), or null when it is none of them. */
export function designationOf(stored: string | null | undefined): Designation | null {
  if (!stored) return null;
  const wanted = stored.trim().toLowerCase();
  return DESIGNATIONS.find((d) => d.toLowerCase() === wanted) ?? null;
}

export function fullNameOf(parts: { firstName: string; middleName?: string | null; lastName?: string | null }): string {
  return [parts.firstName, parts.middleName, parts.lastName].filter((p) => p && p.trim()).join(" ");
}

/** "Mrs. Asha Verma" */
export function displayNameOf(parts: { salutation?: string | null; firstName: string; middleName?: string | null; lastName?: string | null }): string {
  const salutation = designationOf(parts.salutation) ?? (parts.salutation ? properCase(parts.salutation) : null);
  return [salutation, properCase(fullNameOf(parts))].filter(Boolean).join(" ");
}
