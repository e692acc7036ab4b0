import "server-only";
import { allowedEdits, compactKey, editDistance, phoneticKey } from "./text";

/**
 * How closely one formulary entry answers the name that was typed (0-100). An entry is shown as the answer only at
 * CONFIDENT or above; below it the desk says "No confident match" and offers the entries as "Did you mean".
 *
 * 100 RESOLVED      the medicine a brand, the Hindi table or the generic table resolved the query to
 *  95 NAME          the typed name is the entry's name (or a reference's), or the same components in any order
 *  90 ALIAS         the typed name is one of the entry's other names (PCM, HRZE, co-amoxiclav)
 *  80 SOUNDS_LIKE   resolved from a romanised spelling by sound ("sitrizin" → Cetirizine)
 *  75 COMPONENT     every typed name is a component of this combination; listed after the medicine itself, but a
 *                   combination alone never answers a single name (valsartan is not sacubitril + valsartan)
 *  70 TYPO          within the tolerated edits of the name or a component, same first letter (or same sound)
 *  65 PREFIX        every typed word begins a word of the name, a component or an other name
 *  60 SECTION_TEXT  with a section chosen, the typed words occur in the entry's text
 *  30 TEXT          typed words only occur in the entry's text (indications, notes): never confident
 */
export const RELEVANCE = {
  RESOLVED: 100,
  NAME: 95,
  ALIAS: 90,
  SOUNDS_LIKE: 80,
  COMPONENT: 75,
  TYPO: 70,
  PREFIX: 65,
  SECTION_TEXT: 60,
  TEXT: 30,
  NONE: 0,
  CONFIDENT: 60,
} as const;

/** What the desk's relevance reads of one formulary entry; lib/server/platform/drugs.ts fills it from the platform's entry. */
export interface DrugCandidate {
  name: string;
  components: readonly string[];
  /** Other names of the entry, separated by commas or semicolons. */
  additionalKeys: string;
}

const aliasesOf = (e: DrugCandidate) =>
  e.additionalKeys
    .split(/[,;]/)
    .map((a) => a.trim())
    .filter(Boolean);

const sortedKeys = (names: readonly string[]) => names.map(compactKey).sort().join("+");

function typoMatch(typed: string, name: string): boolean {
  const t = compactKey(typed);
  const n = compactKey(name);
  if (t.length < 4 || !n) return false;
  if (t[0] === n[0] && editDistance(t, n, allowedEdits(n)) <= allowedEdits(n)) return true;
  return t.length >= 6 && phoneticKey(t) === phoneticKey(n);
}

function wordsBegin(typed: string, names: readonly string[]): boolean {
  const words = typed.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  if (!words.length || words.join("").length < 3) return false;
  const pool = names.flatMap((n) => n.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter(Boolean);
  const joined = names.map(compactKey);
  if (joined.some((n) => n.startsWith(compactKey(typed)))) return true;
  return words.every((w) => pool.some((p) => p.startsWith(w)));
}

export interface RelevanceInput {
  /** Typed medicine names, one per compound part, strengths and forms removed. */
  parts: string[];
  /** Generic name(s) the query was resolved to, "A + B". */
  resolved?: string;
  resolvedBySound?: boolean;
  /** A section was chosen: text matches inside it are what the user asked for. */
  inSection: boolean;
}

export function relevanceOf(e: DrugCandidate, q: RelevanceInput): number {
  if (q.resolved !== undefined) {
    const wanted = q.resolved.split(" + ");
    const same = compactKey(e.name) === compactKey(q.resolved) || sortedKeys(e.components) === sortedKeys(wanted);
    if (same) return q.resolvedBySound ? RELEVANCE.SOUNDS_LIKE : RELEVANCE.RESOLVED;
  }
  const parts = q.parts.filter(Boolean);
  if (!parts.length) return q.inSection ? RELEVANCE.SECTION_TEXT : RELEVANCE.NONE;
  const name = compactKey(e.name);
  const components = e.components.map(compactKey);
  const aliases = aliasesOf(e);
  if (parts.length === 1 && compactKey(parts[0]!) === name) return RELEVANCE.NAME;
  if (parts.length > 1 && sortedKeys(parts) === sortedKeys(e.components)) return RELEVANCE.NAME;
  if (parts.length === 1 && aliases.some((a) => compactKey(a) === compactKey(parts[0]!))) return RELEVANCE.ALIAS;
  if (parts.every((p) => components.includes(compactKey(p)))) return RELEVANCE.COMPONENT;
  const names = [e.name, ...e.components];
  if (parts.every((p) => names.some((n) => typoMatch(p, n)))) return RELEVANCE.TYPO;
  if (parts.every((p) => wordsBegin(p, [...names, ...aliases]))) return RELEVANCE.PREFIX;
  return q.inSection ? RELEVANCE.SECTION_TEXT : RELEVANCE.TEXT;
}
