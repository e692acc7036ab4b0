import type { PharmacologyEntry, PlatformDrugQuery } from "../wire/drugs";
import { editDistance } from "./edit-distance";

export { editDistance as damerauLevenshtein };

/**
 * Relevance scale (integers, higher = closer); `relevance_threshold` keeps results scoring at least that.
 * See lib/platform/fake/README.md for the table.
 */
export const SCORE = {
  EXACT: 1000,
  ALIAS: 900,
  COMPOUND_CONTAINS_ALL: 850,
  IN_COMBINATION: 800,
  TYPO_1: 700,
  TYPO_IN_COMBINATION: 650,
  TYPO_2: 600,
  PREFIX: 500,
  WORDS_PREFIX_COMPONENTS: 470,
  COMPOUND_PREFIX: 450,
  WORD_PREFIX: 400,
  PHRASE_IN_INDICATIONS: 300,
  PHRASE_IN_OTHER_TEXT: 200,
  WORDS_IN_INDICATIONS: 180,
  SINGLE_PART_OF_COMPOUND_QUERY: 150,
  WORDS_IN_ANY_TEXT: 120,
  SOME_WORDS_MAX: 90,
  /** A reference entry ranks this far below the match it made... */
  REFERENCE_PENALTY: 50,
  /** ...and pulls its main entry in this far below the match. */
  VIA_REFERENCE_PENALTY: 60,
} as const;

const SEPARATORS = /\s*(?:\+|,|\/|&|;|\band\b|\bwith\b)\s*/i;
const MIN_PREFIX = 3;

/** Lower case, accents dropped, joining marks (- . ' ) removed, any other punctuation is a space. */
export function normalize(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/['’`.-]+/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Spaces do not count when names are compared: "folic acid" and "folicacid" are one key. */
export const compact = (text: string) => normalize(text).replace(/ /g, "");

/** Parts of a compound query, in the order written, normalised, without repeats. */
export function splitQuery(query: string): string[] {
  const parts = query.split(SEPARATORS).map(normalize).filter((p) => p !== "");
  return [...new Map(parts.map((p) => [p.replace(/ /g, ""), p])).values()];
}

/** Typos tolerated in a name of this many characters. */
export function allowedEdits(key: string): number {
  return key.length >= 8 ? 2 : key.length >= 5 ? 1 : 0;
}


interface IndexedEntry {
  entry: PharmacologyEntry;
  name: string;
  /** The name with a leading space, so " " + word finds word starts. */
  spacedName: string;
  nameKey: string;
  componentKeys: string[];
  compoundKey: string;
  aliasKeys: string[];
  categoryKey: string;
  /** Normalised text with a leading space, so " " + word finds word starts. */
  indications: string;
  otherText: string;
  isCompound: boolean;
  /** For a reference entry: index of the main entry it points at. */
  mainIndex?: number;
}

interface VocabularyUse {
  nameOf: number[];
  componentOf: number[];
  /** Which characters occur (see letterMask): a cheap filter before the edit distance. */
  mask: number;
}

/** One bit per letter (digits share the spare bits); one edit flips at most two bits. */
export function letterMask(key: string): number {
  let m = 0;
  for (let k = 0; k < key.length; k++) {
    const c = key.charCodeAt(k);
    m |= 1 << (c >= 97 && c <= 122 ? c - 97 : 26 + (c % 6));
  }
  return m;
}

function bitCount(n: number): number {
  n -= (n >>> 1) & 0x55555555;
  n = (n & 0x33333333) + ((n >>> 2) & 0x33333333);
  return (((n + (n >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/** Vocabulary words within max edits of key, with their distance; cheap length and letter filters first. */
function nearWords(index: FormularyIndex, key: string, max: number): [string, VocabularyUse, number][] {
  const mask = letterMask(key);
  const { words, uses, masks } = index.vocabularyList;
  const near: [string, VocabularyUse, number][] = [];
  for (let k = 0; k < words.length; k++) {
    const word = words[k]!;
    if (Math.abs(word.length - key.length) > max || bitCount(mask ^ masks[k]!) > 2 * max) continue;
    const d = editDistance(key, word, max);
    if (d <= max) near.push([word, uses[k]!, d]);
  }
  return near;
}

export interface FormularyIndex {
  items: IndexedEntry[];
  byName: Map<string, number[]>;
  byCompound: Map<string, number[]>;
  byComponent: Map<string, number[]>;
  byAlias: Map<string, number[]>;
  vocabulary: Map<string, VocabularyUse>;
  /** The vocabulary as parallel arrays: the typo scan runs over these. */
  vocabularyList: { words: string[]; uses: VocabularyUse[]; masks: Int32Array };
  alphabetical: number[];
  byCategory: Map<string, number[]>;
  /** Every word of the indications and of the other text fields, sorted, so a prefix is a range. */
  textWords: string[];
  inIndications: Map<string, number[]>;
  inOtherText: Map<string, number[]>;
  /** Compact component keys of compounds, sorted, for "amoxy clav"-style queries. */
  componentKeys: string[];
  /** [compact key, entry] for every name, name word and component, sorted, for suggestions. */
  suggestKeys: [string, number][];
  /** Compact name or component key -> the name as the formulary writes it. */
  displayNames: Map<string, string>;
}

const push = <K, V>(map: Map<K, V[]>, key: K, value: V) => {
  const list = map.get(key);
  if (list) {
    if (!list.includes(value)) list.push(value);
  } else map.set(key, [value]);
};

const OTHER_TEXT_FIELDS = [
  "generic_category", "dose", "availability", "contraindications", "precautions", "precautions_appendix",
  "adverse_effects", "storage", "note", "comments", "additional_keys",
] as const satisfies readonly (keyof PharmacologyEntry)[];

/** Builds every lookup table once, at load, so a search is a handful of map reads and short scans. */
export function buildIndex(entries: readonly PharmacologyEntry[]): FormularyIndex {
  const items: IndexedEntry[] = entries.map((entry) => {
    const components = entry.components.length ? entry.components : [entry.generic_name];
    const componentKeys = [...new Set(components.map(compact))];
    return {
      entry,
      name: normalize(entry.generic_name),
      spacedName: ` ${normalize(entry.generic_name)}`,
      nameKey: compact(entry.generic_name),
      componentKeys,
      compoundKey: [...componentKeys].sort().join("+"),
      aliasKeys: entry.additional_keys.split(/[,;]/).map(compact).filter(Boolean),
      categoryKey: normalize(entry.generic_category),
      indications: ` ${normalize(entry.indications)} `,
      otherText: ` ${OTHER_TEXT_FIELDS.map((f) => normalize(entry[f])).join(" ")} `,
      isCompound: entry.is_compound || componentKeys.length > 1,
    };
  });
  const mainByPage = new Map<number, number>();
  items.forEach((it, i) => {
    if (!it.entry.is_a_reference && !mainByPage.has(it.entry.page_number)) mainByPage.set(it.entry.page_number, i);
  });
  const index: FormularyIndex = {
    items,
    byName: new Map(),
    byCompound: new Map(),
    byComponent: new Map(),
    byAlias: new Map(),
    vocabulary: new Map(),
    vocabularyList: { words: [], uses: [], masks: new Int32Array(0) },
    alphabetical: [],
    byCategory: new Map(),
    textWords: [],
    inIndications: new Map(),
    inOtherText: new Map(),
    componentKeys: [],
    suggestKeys: [],
    displayNames: new Map(),
  };
  const use = (key: string) => {
    let u = index.vocabulary.get(key);
    if (!u) index.vocabulary.set(key, (u = { nameOf: [], componentOf: [], mask: letterMask(key) }));
    return u;
  };
  items.forEach((it, i) => {
    if (it.entry.is_a_reference) it.mainIndex = mainByPage.get(it.entry.reference_page_number);
    push(index.byName, it.nameKey, i);
    push(index.byCompound, it.compoundKey, i);
    for (const a of it.aliasKeys) push(index.byAlias, a, i);
    use(it.nameKey).nameOf.push(i);
    if (it.isCompound) {
      for (const c of it.componentKeys) {
        push(index.byComponent, c, i);
        use(c).componentOf.push(i);
      }
    }
  });
  index.alphabetical = items
    .map((_, i) => i)
    .filter((i) => !items[i]!.entry.is_a_reference)
    .sort((a, b) => compareNames(items[a]!, items[b]!));
  for (const i of index.alphabetical) push(index.byCategory, items[i]!.categoryKey, i);
  const suggest = new Map<string, [string, number]>();
  items.forEach((it, i) => {
    if (!index.displayNames.has(it.nameKey)) index.displayNames.set(it.nameKey, it.entry.generic_name);
    it.entry.components.forEach((c) => index.displayNames.has(compact(c)) || index.displayNames.set(compact(c), c));
    for (const w of new Set(it.indications.split(" "))) if (w) push(index.inIndications, w, i);
    for (const w of new Set(it.otherText.split(" "))) if (w) push(index.inOtherText, w, i);
    for (const key of [it.nameKey, ...it.name.split(" "), ...it.componentKeys]) if (key) suggest.set(`${key}|${i}`, [key, i]);
  });
  const vocab = [...index.vocabulary];
  index.vocabularyList = { words: vocab.map(([w]) => w), uses: vocab.map(([, u]) => u), masks: Int32Array.from(vocab, ([, u]) => u.mask) };
  index.textWords = [...new Set([...index.inIndications.keys(), ...index.inOtherText.keys()])].sort();
  index.componentKeys = [...index.byComponent.keys()].sort();
  index.suggestKeys = [...suggest.values()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]));
  return index;
}

/** First position in a sorted list whose value is >= key. */
function lowerBound<T>(list: readonly T[], key: string, keyOf: (t: T) => string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (keyOf(list[mid]!) < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Every value of a sorted list that starts with prefix. */
function* withPrefix<T>(list: readonly T[], prefix: string, keyOf: (t: T) => string): Generator<T> {
  for (let k = lowerBound(list, prefix, keyOf); k < list.length && keyOf(list[k]!).startsWith(prefix); k++) yield list[k]!;
}
const self = (s: string) => s;

function compareNames(a: IndexedEntry, b: IndexedEntry): number {
  return a.name.localeCompare(b.name, "en") || a.entry.page_number - b.entry.page_number;
}

interface Match {
  score: number;
  exact: boolean;
}
type Offer = (i: number, score: number, exact?: boolean) => void;

function matchSingle(index: FormularyIndex, part: string, offer: Offer) {
  const key = part.replace(/ /g, "");
  for (const i of index.byName.get(key) ?? []) offer(i, SCORE.EXACT, true);
  for (const i of index.byCompound.get(key) ?? []) offer(i, SCORE.EXACT, true);
  for (const i of index.byAlias.get(key) ?? []) offer(i, SCORE.ALIAS, true);
  for (const i of index.byComponent.get(key) ?? []) offer(i, SCORE.IN_COMBINATION);

  const max = allowedEdits(key);
  if (max > 0) {
    for (const [word, u, d] of nearWords(index, key, max)) {
      if (word === key) continue;
      for (const i of u.nameOf) offer(i, d === 1 ? SCORE.TYPO_1 : SCORE.TYPO_2);
      for (const i of u.componentOf) offer(i, SCORE.TYPO_IN_COMBINATION - (d - 1) * 100);
    }
  }

  if (key.length < MIN_PREFIX) return;
  const spacedPart = ` ${part}`;
  index.items.forEach((it, i) => {
    if (it.nameKey.startsWith(key) && it.nameKey !== key) offer(i, it.isCompound ? SCORE.COMPOUND_PREFIX : SCORE.PREFIX);
    else if (it.isCompound && it.componentKeys.some((c) => c.startsWith(key))) offer(i, SCORE.COMPOUND_PREFIX);
    else if (it.spacedName.includes(spacedPart)) offer(i, SCORE.WORD_PREFIX);
  });
}

/** Maps a query part onto a known name or component, allowing for typos; null when nothing is close. */
function resolvePart(index: FormularyIndex, key: string): { key: string; edits: number } | null {
  if (index.vocabulary.has(key)) return { key, edits: 0 };
  const max = allowedEdits(key);
  let best: { key: string; edits: number } | null = null;
  for (const [word, , d] of nearWords(index, key, max)) {
    if (!best || d < best.edits) best = { key: word, edits: d };
  }
  return best;
}

function intersect(lists: number[][]): number[] {
  const [first, ...rest] = lists;
  return (first ?? []).filter((i) => rest.every((l) => l.includes(i)));
}

function matchCompound(index: FormularyIndex, parts: string[], offer: Offer) {
  const keys = parts.map((p) => p.replace(/ /g, ""));
  const offerCompound = (ks: string[], exactScore: number, containsScore: number, exact: boolean) => {
    for (const i of index.byCompound.get([...ks].sort().join("+")) ?? []) offer(i, exactScore, exact);
    for (const i of intersect(ks.map((k) => index.byComponent.get(k) ?? []))) offer(i, containsScore);
  };
  offerCompound(keys, SCORE.EXACT, SCORE.COMPOUND_CONTAINS_ALL, true);

  const resolved = keys.map((k) => resolvePart(index, k));
  if (resolved.every((r) => r !== null)) {
    const edits = resolved.reduce((n, r) => n + r.edits, 0);
    const ks = resolved.map((r) => r.key);
    if (edits > 0) offerCompound(ks, SCORE.TYPO_1 - (edits - 1) * 50, SCORE.TYPO_IN_COMBINATION - (edits - 1) * 50, false);
  }
  // The single medicines named in a compound query are useful, well below any compound.
  for (const r of resolved) {
    for (const i of r ? index.byName.get(r.key) ?? [] : []) {
      if (!index.items[i]!.isCompound) offer(i, SCORE.SINGLE_PART_OF_COMPOUND_QUERY);
    }
  }
}

/** Entries with a word starting with w, in the indications and anywhere in the text. */
function entriesWithWord(index: FormularyIndex, w: string): { ind: Set<number>; any: Set<number> } {
  const ind = new Set<number>();
  const any = new Set<number>();
  for (const word of withPrefix(index.textWords, w, self)) {
    for (const i of index.inIndications.get(word) ?? []) {
      ind.add(i);
      any.add(i);
    }
    for (const i of index.inOtherText.get(word) ?? []) any.add(i);
  }
  return { ind, any };
}

function matchText(index: FormularyIndex, parts: string[], offer: Offer) {
  const phrase = parts.join(" ");
  const words = [...new Set(phrase.split(" ").filter((w) => w.length >= 2))];
  if (!words.length) return;
  const hits = words.map((w) => entriesWithWord(index, w));
  const count = new Map<number, number>();
  for (const h of hits) for (const i of h.any) count.set(i, (count.get(i) ?? 0) + 1);
  const single = words.length === 1 && phrase === words[0];
  for (const [i, anywhere] of count) {
    if (anywhere < words.length) {
      offer(i, Math.round((SCORE.SOME_WORDS_MAX * anywhere) / words.length));
      continue;
    }
    const it = index.items[i]!;
    // One word: a word start is the phrase; several: the full text decides, only for the few entries that have every word.
    if (single ? hits[0]!.ind.has(i) : it.indications.includes(` ${phrase}`)) offer(i, SCORE.PHRASE_IN_INDICATIONS);
    else if (single || it.otherText.includes(` ${phrase}`)) offer(i, SCORE.PHRASE_IN_OTHER_TEXT);
    else if (hits.every((h) => h.ind.has(i))) offer(i, SCORE.WORDS_IN_INDICATIONS);
    else offer(i, SCORE.WORDS_IN_ANY_TEXT);
  }
}

/** "amoxy clav": several words typed without a separator, each the start of a component of one compound. */
function matchWordsAsComponentPrefixes(index: FormularyIndex, part: string, offer: Offer) {
  const words = part.split(" ");
  if (words.length < 2 || words.some((w) => w.length < 2)) return;
  const perWord = words.map((w) => {
    const found = new Set<number>();
    // Five letters or more may carry one typo ("amoxy" for amoxi-).
    const keys = w.length >= 5 ? index.componentKeys.filter((k) => editDistance(w, k.slice(0, w.length), 1) <= 1) : withPrefix(index.componentKeys, w, self);
    for (const key of keys) for (const i of index.byComponent.get(key) ?? []) found.add(i);
    return found;
  });
  const [first, ...rest] = perWord;
  for (const i of first!) {
    if (rest.every((s) => s.has(i)) && index.items[i]!.componentKeys.length >= words.length) offer(i, SCORE.WORDS_PREFIX_COMPONENTS);
  }
}

/** How one part of the query was understood: the formulary name it stands for, and the typos forgiven. */
export interface RecognisedPart {
  part: string;
  recognised_as: string | null;
  edits: number;
}

export interface SearchInfo {
  query: string | null;
  normalized_query: string;
  parts: string[];
  parts_recognised: RecognisedPart[];
  total: number;
  returned: number;
  took_ms: number;
  relevance_threshold: number;
  exact_match: boolean;
  category: string | null;
  /** Score of each returned entry, in order (same scale as relevance_threshold). */
  scores: number[];
}

export interface SearchOutcome {
  results: PharmacologyEntry[];
  search_info: SearchInfo;
}

/** Ranks the formulary for one query (spec 4.3). Pure: same index and query, same answer. */
export function searchFormulary(index: FormularyIndex, q: PlatformDrugQuery): SearchOutcome {
  const started = performance.now();
  const query = q.query?.trim() ?? "";
  const category = q.category?.trim() || null;
  const categoryKey = category === null ? null : normalize(category);
  const parts = splitQuery(query);
  let ranked: { i: number; score: number }[];

  if (query === "") {
    // Browsing: no relevance to filter on, just the alphabetical list (references left out).
    const list = categoryKey === null ? index.alphabetical : index.byCategory.get(categoryKey) ?? [];
    ranked = list.map((i) => ({ i, score: 0 }));
  } else {
    const found = new Map<number, Match>();
    const put = (i: number, score: number, exact: boolean) => {
      const m = found.get(i);
      if (!m) found.set(i, { score, exact });
      else {
        m.score = Math.max(m.score, score);
        m.exact ||= exact;
      }
    };
    const offer: Offer = (i, score, exact = false) => {
      const main = index.items[i]!.mainIndex;
      if (main === undefined) return put(i, score, exact);
      put(i, score - SCORE.REFERENCE_PENALTY, exact);
      put(main, score - SCORE.VIA_REFERENCE_PENALTY, exact);
    };
    if (parts.length === 1) {
      matchSingle(index, parts[0]!, offer);
      matchWordsAsComponentPrefixes(index, parts[0]!, offer);
    }
    else if (parts.length > 1) {
      matchCompound(index, parts, offer);
      // Some names hold a separator word themselves ("Tetanus and diphtheria vaccine").
      const whole = normalize(query);
      const key = whole.replace(/ /g, "");
      if (index.byName.has(key) || index.byAlias.has(key)) matchSingle(index, whole, offer);
    }
    matchText(index, parts, offer);
    ranked = [...found]
      .filter(([i, m]) => {
        if (m.score < q.relevance_threshold) return false;
        if (q.exact_match && !m.exact) return false;
        return categoryKey === null || index.items[i]!.categoryKey === categoryKey;
      })
      .map(([i, m]) => ({ i, score: m.score }))
      .sort((a, b) => b.score - a.score || compareNames(index.items[a.i]!, index.items[b.i]!));
  }

  const page = ranked.slice(0, q.limit);
  return {
    results: page.map((r) => index.items[r.i]!.entry),
    search_info: {
      query: query || null,
      normalized_query: parts.join(" + "),
      parts,
      parts_recognised: parts.map((part) => {
        const key = part.replace(/ /g, "");
        const alias = index.vocabulary.has(key) ? undefined : index.byAlias.get(key)?.[0];
        if (alias !== undefined) return { part, recognised_as: index.items[alias]!.entry.generic_name, edits: 0 };
        const r = resolvePart(index, key);
        return { part, recognised_as: r ? (index.displayNames.get(r.key) ?? part) : null, edits: r?.edits ?? 0 };
      }),
      total: ranked.length,
      returned: page.length,
      took_ms: Math.round((performance.now() - started) * 1000) / 1000,
      relevance_threshold: q.relevance_threshold,
      exact_match: q.exact_match,
      category,
      scores: page.map((r) => r.score),
    },
  };
}

export interface Suggestion {
  generic_name: string;
  is_compound: boolean;
  is_a_reference: boolean;
  /** For a reference entry: the name of the main entry it points at. */
  see: string | null;
  generic_category: string;
}

/**
 * Names for autocomplete: entries whose name, a word of the name, or a component starts with the prefix.
 * Whole-name starts come first, then single medicines before compounds, shorter before longer.
 */
export function suggestNames(index: FormularyIndex, prefix: string, limit = 8): { suggestions: Suggestion[]; took_ms: number; prefix: string } {
  const started = performance.now();
  const norm = normalize(prefix);
  const key = norm.replace(/ /g, "");
  const rank = new Map<number, number>();
  if (key) {
    const note = (i: number, r: number) => rank.set(i, Math.min(rank.get(i) ?? Infinity, r));
    for (const [, i] of withPrefix(index.suggestKeys, key, (k) => k[0])) {
      const it = index.items[i]!;
      note(i, it.nameKey.startsWith(key) ? (it.isCompound ? 1 : 0) : it.isCompound ? 3 : 2);
    }
  }
  const order = [...rank].sort(
    ([a, ra], [b, rb]) => ra - rb || index.items[a]!.nameKey.length - index.items[b]!.nameKey.length || compareNames(index.items[a]!, index.items[b]!),
  );
  const suggestions = order.slice(0, limit).map(([i]) => {
    const it = index.items[i]!;
    const main = it.mainIndex === undefined ? null : index.items[it.mainIndex]!.entry.generic_name;
    return { generic_name: it.entry.generic_name, is_compound: it.isCompound, is_a_reference: it.entry.is_a_reference, see: main, generic_category: it.entry.generic_category };
  });
  return { suggestions, prefix: norm, took_ms: Math.round((performance.now() - started) * 1000) / 1000 };
}
