/**
 * Priority marks a receptionist can put on a visit. The list is the clinic's (Settings → Priority
 * marks, seeded once from OPD_PRIORITY_MARKS: comma-separated, in order of precedence); the first three
 * have English and Hindi names, a mark the clinic adds is written `key=Label` and carries its own names.
 */
export const BUILT_IN_MARKS = ["emergency", "senior_citizen", "pregnant"] as const;
export type BuiltInMark = (typeof BUILT_IN_MARKS)[number];

export interface PriorityMark {
  key: string;
  /** The clinic's own English name; null for a built-in mark named through the i18n messages. */
  label: string | null;
  /** The clinic's own Hindi name; null: the Hindi page shows the built-in name, else the English label. */
  labelHi?: string | null;
  /** Retired: no longer offered nor ranked, still named on the visits that carry it. */
  retired?: boolean;
}

export const DEFAULT_PRIORITY_MARKS: PriorityMark[] = BUILT_IN_MARKS.map((key) => ({ key, label: null }));

export const MARK_KEY = /^[a-z][a-z0-9_]{0,31}$/;
export const MAX_MARKS = 12;

export function isBuiltInMark(key: string): key is BuiltInMark {
  return (BUILT_IN_MARKS as readonly string[]).includes(key);
}

/** The marks a desk may still put on a visit, in order of precedence. */
export const activeMarks = (marks: readonly PriorityMark[]): PriorityMark[] => marks.filter((m) => !m.retired);

/**
 * A mark's name in a language: the clinic's own name in it, else the built-in name (`builtIn`), else
 * the English label, else the key — so a retired or unknown mark on an old visit still reads as something.
 */
export function markName(key: string, marks: readonly PriorityMark[], locale: string, builtIn: (key: string) => string | null): string {
  const m = marks.find((x) => x.key === key);
  const own = locale === "hi" ? (m?.labelHi ?? null) : (m?.label ?? null);
  return own ?? (isBuiltInMark(key) ? builtIn(key) : null) ?? m?.label ?? key;
}

/** Reads the configured list; throws with a message naming the bad entry. */
export function parsePriorityMarks(text: string): PriorityMark[] {
  const marks: PriorityMark[] = [];
  for (const part of text.split(",").map((p) => p.trim()).filter(Boolean)) {
    const [rawKey, ...rest] = part.split("=");
    const key = rawKey!.trim();
    const label = rest.join("=").trim() || null;
    if (!MARK_KEY.test(key)) throw new Error(`"${key}" is not a mark key (lower-case letters, digits and _; at most 32)`);
    if (label !== null && (label.length > 40 || /[\u0000-\u001f<>]/.test(label))) throw new Error(`the label of "${key}" must be 1–40 plain characters`);
    if (!label && !isBuiltInMark(key)) throw new Error(`"${key}" needs a label: write ${key}=Its name`);
    if (marks.some((m) => m.key === key)) throw new Error(`"${key}" is listed twice`);
    marks.push({ key, label });
  }
  if (marks.length > MAX_MARKS) throw new Error(`at most ${MAX_MARKS} marks`);
  return marks;
}
