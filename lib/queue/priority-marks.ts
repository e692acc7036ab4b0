/**
 * Priority marks a receptionist can put on a visit. The list is the clinic's (OPD_PRIORITY_MARKS,
 * comma-separated, in order of precedence); the first three have English and Hindi names, a mark the
 * clinic adds is written `key=Label` and shown with its label in both languages.
 */
export const BUILT_IN_MARKS = ["emergency", "senior_citizen", "pregnant"] as const;
export type BuiltInMark = (typeof BUILT_IN_MARKS)[number];

export interface PriorityMark {
  key: string;
  /** The clinic's own label; built-in marks are named through the i18n messages instead. */
  label: string | null;
}

export const DEFAULT_PRIORITY_MARKS: PriorityMark[] = BUILT_IN_MARKS.map((key) => ({ key, label: null }));

const KEY = /^[a-z][a-z0-9_]{0,31}$/;

export function isBuiltInMark(key: string): key is BuiltInMark {
  return (BUILT_IN_MARKS as readonly string[]).includes(key);
}

/** Reads the configured list; throws with a message naming the bad entry. */
export function parsePriorityMarks(text: string): PriorityMark[] {
  const marks: PriorityMark[] = [];
  for (const part of text.split(",").map((p) => p.trim()).filter(Boolean)) {
    const [rawKey, ...rest] = part.split("=");
    const key = rawKey!.trim();
    const label = rest.join("=").trim() || null;
    if (!KEY.test(key)) throw new Error(`"${key}" is not a mark key (lower-case letters, digits and _; at most 32)`);
    if (label !== null && (label.length > 40 || /[\u0000-\u001f<>]/.test(label))) throw new Error(`the label of "${key}" must be 1–40 plain characters`);
    if (!label && !isBuiltInMark(key)) throw new Error(`"${key}" needs a label: write ${key}=Its name`);
    if (marks.some((m) => m.key === key)) throw new Error(`"${key}" is listed twice`);
    marks.push({ key, label });
  }
  if (marks.length > 12) throw new Error("at most 12 marks");
  return marks;
}
