import "server-only";
import { LRUCache } from "lru-cache";
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

/** What the desk's relevance reads of one formulary entry; lib/platform/client/drugs.ts fills it from the platform's entry. */
export interface DrugCandidate {
  name: string;
  components: readonly string[];
  /** Other names of the entry, separated by commas or semicolons. */
  additionalKeys: string;
}

/** What relevance compares of one name: its compact key, its sound and its words. */
interface NameKeys {
  key: string;
  sound: string;
  words: string[];
}

const wordsOf = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
const nameKeys = (text: string): NameKeys => {
  const key = compactKey(text);
  return { key, sound: phoneticKey(key), words: wordsOf(text) };
};

/** An entry's keys, read once: the platform sends the same entries search after search. */
interface CandidateKeys {
  name: NameKeys;
  components: NameKeys[];
  aliases: NameKeys[];
  sortedComponents: string;
}

const sortedKeys = (keys: readonly string[]) => [...keys].sort().join("+");

function readKeys(e: DrugCandidate): CandidateKeys {
  const components = e.components.map(nameKeys);
  return {
    name: nameKeys(e.name),
    components,
    aliases: e.additionalKeys
      .split(/[,;]/)
      .map((a) => a.trim())
      .filter(Boolean)
      .map(nameKeys),
    sortedComponents: sortedKeys(components.map((c) => c.key)),
  };
}

/** Keyed by everything the keys are read from, so an entry the platform changes is read afresh. */
const candidateKeys = new LRUCache<string, CandidateKeys, DrugCandidate>({ max: 5000, memoMethod: (_id, _stale, { context }) => readKeys(context) });
const keysOf = (e: DrugCandidate) => candidateKeys.memo(`${e.name}\0${e.components.join("\0")}\0${e.additionalKeys}`, { context: e });

/** Within the tolerated edits of the name with the same first letter, or (six letters and more) the same sound. */
function typoMatch(typed: NameKeys, name: NameKeys): boolean {
  const t = typed.key;
  const n = name.key;
  if (t.length < 4 || !n) return false;
  // One- and two-letter words get no tolerance: "vitamin q" is no vitamin A.
  if (typed.words.some((w) => w.length <= 2 && !name.words.includes(w))) return false;
  if (t[0] === n[0] && editDistance(t, n, allowedEdits(n)) <= allowedEdits(n)) return true;
  return t.length >= 6 && typed.sound === name.sound;
}

/** Every typed word begins a word of one of the names, or the typed key begins a name's key. */
function wordsBegin(typed: NameKeys, names: readonly NameKeys[]): boolean {
  if (!typed.words.length || typed.words.join("").length < 3) return false;
  if (names.some((n) => n.key.startsWith(typed.key))) return true;
  return typed.words.every((w) => names.some((n) => n.words.some((p) => p.startsWith(w))));
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

/** What relevance compares of one search: the typed parts' keys and the resolved medicine's. */
interface InputKeys {
  parts: NameKeys[];
  sortedParts: string;
  resolved?: { name: string; sortedComponents: string };
}

/** An input's keys, read once per search (the same input is judged against every entry). */
const inputKeys = new WeakMap<RelevanceInput, InputKeys>();
function keysOfInput(q: RelevanceInput): InputKeys {
  let keys = inputKeys.get(q);
  if (!keys) {
    const parts = q.parts.filter(Boolean).map(nameKeys);
    keys = {
      parts,
      sortedParts: sortedKeys(parts.map((p) => p.key)),
      resolved: q.resolved === undefined ? undefined : { name: compactKey(q.resolved), sortedComponents: sortedKeys(q.resolved.split(" + ").map(compactKey)) },
    };
    inputKeys.set(q, keys);
  }
  return keys;
}

export function relevanceOf(e: DrugCandidate, q: RelevanceInput): number {
  const keys = keysOf(e);
  const { parts, sortedParts, resolved } = keysOfInput(q);
  if (resolved && (keys.name.key === resolved.name || keys.sortedComponents === resolved.sortedComponents)) {
    return q.resolvedBySound ? RELEVANCE.SOUNDS_LIKE : RELEVANCE.RESOLVED;
  }
  if (!parts.length) return q.inSection ? RELEVANCE.SECTION_TEXT : RELEVANCE.NONE;
  if (parts.length === 1 && parts[0]!.key === keys.name.key) return RELEVANCE.NAME;
  if (parts.length > 1 && sortedParts === keys.sortedComponents) return RELEVANCE.NAME;
  if (parts.length === 1 && keys.aliases.some((a) => a.key === parts[0]!.key)) return RELEVANCE.ALIAS;
  if (parts.every((p) => keys.components.some((c) => c.key === p.key))) return RELEVANCE.COMPONENT;
  const names = [keys.name, ...keys.components];
  if (parts.every((p) => names.some((n) => typoMatch(p, n)))) return RELEVANCE.TYPO;
  const all = [...names, ...keys.aliases];
  if (parts.every((p) => wordsBegin(p, all))) return RELEVANCE.PREFIX;
  return q.inSection ? RELEVANCE.SECTION_TEXT : RELEVANCE.TEXT;
}
