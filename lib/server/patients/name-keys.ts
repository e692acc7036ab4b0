import "server-only";
import Sanscript from "@indic-transliteration/sanscript";

/**
 * Typo-tolerant name matching that an ordinary GIN index can serve: each stored name token
 * gives its prefixes ("p:") and its one-deletion variants ("d:"); a typed token matches when
 * it is a prefix of a stored token or both share a one-deletion variant (edit distance ≤ 1,
 * including a swapped pair of letters).
 *
 * One patient, two scripts (issue 29): a Devanagari name is also indexed, and searched, in a
 * loose roman form ("राधा देवी" → "radha devi"), and a Latin name in the same loose form
 * ("Radha Devee" → "radha devi"), so either script finds the other and the duplicate check
 * catches it. The romanisation is Sanscript's ITRANS (@indic-transliteration/sanscript), then
 * loosened the way Indian names are written in English: long vowels as short, no final schwa
 * ("राम" → "ram"), ee → i, oo → u, w → v, z → j, f → ph, x → ksh. A schwa kept inside a word
 * ("कमला" → "kamala" for "Kamla") is within the one-deletion tolerance.
 */
const MIN_TYPO_LENGTH = 4;

/** Bumped when the keys a name gives change: rows with an older version are re-keyed at start-up. */
export const NAME_KEYS_VERSION = 1;

const DEVANAGARI = /[\u0900-\u097F]/u;
const CONSONANT_AT_END = /[\u0915-\u0939\u0958-\u095F]$/u;

const stripMarks = (s: string) => s.normalize("NFKD").replace(/\p{M}/gu, "");

/** Words as typed, vowel signs kept (a Devanagari word's matras are marks). */
function words(text: string): string[] {
  return text.normalize("NFC").toLowerCase().split(/[^\p{L}\p{M}\p{N}]+/u).filter(Boolean);
}

export function nameTokens(text: string): string[] {
  return words(text)
    .map((w) => stripMarks(w))
    .filter(Boolean);
}

/** A Latin spelling as Indian names vary in English, for matching only. */
export function looseLatin(token: string): string {
  return stripMarks(token)
    .toLowerCase()
    .replace(/x/g, "ksh")
    .replace(/z/g, "j")
    .replace(/f/g, "ph")
    .replace(/w/g, "v")
    .replace(/q/g, "k")
    .replace(/ee|ii/g, "i")
    .replace(/oo|uu/g, "u")
    .replace(/aa/g, "a")
    .replace(/[^a-z0-9]/g, "");
}

/** A Devanagari word in loose roman letters: "राधा" → "radha", "शंकर" → "shankar", "लक्ष्मी" → "lakshmi". */
export function romanise(word: string): string {
  const plain = word
    .normalize("NFC")
    // Nukta forms as their base letter (ज़ → ज, फ़ → फ): looseLatin spells z and f the same way.
    .replace(/[\u0958-\u095F]/gu, (c) => c.normalize("NFD").replace("\u093C", ""))
    .replace(/\u093C/gu, "")
    .replace(/\u0911/gu, "\u0913")
    .replace(/\u0949/gu, "\u094B")
    .replace(/[\u090D]/gu, "\u090F")
    .replace(/[\u0945]/gu, "\u0947");
  // A word that ends on a consonant is said without its final "a" in Hindi names (राम is "Ram").
  const said = CONSONANT_AT_END.test(plain) ? `${plain}\u094D` : plain;
  const itrans = Sanscript.t(said, "devanagari", "itrans")
    .replace(/M(?=[pbm])/g, "m")
    .replace(/M|\.N|~N|~n/g, "n")
    .replace(/RRi|R\^i/g, "ri")
    .replace(/H/g, "");
  return looseLatin(itrans);
}

/** The forms a word is matched by: as written (marks dropped, as always), and its loose roman form. */
function forms(word: string): string[] {
  const out = new Set<string>();
  const plain = stripMarks(word);
  if (plain) out.add(plain);
  const loose = DEVANAGARI.test(word) ? romanise(word) : looseLatin(word);
  if (loose) out.add(loose);
  return [...out];
}

function deletions(token: string): string[] {
  const out = new Set<string>([token]);
  if (token.length >= MIN_TYPO_LENGTH) for (let i = 0; i < token.length; i++) out.add(token.slice(0, i) + token.slice(i + 1));
  return [...out];
}

/** Keys stored with a patient for the given name parts. */
export function nameSearchKeys(...names: (string | null | undefined)[]): string[] {
  const keys = new Set<string>();
  for (const word of words(names.filter(Boolean).join(" "))) {
    for (const token of forms(word)) {
      for (let i = 1; i <= token.length; i++) keys.add(`p:${token.slice(0, i)}`);
      for (const d of deletions(token)) keys.add(`d:${d}`);
    }
  }
  return [...keys];
}

/**
 * For each typed word, the keys any one of which must be present: first its exact prefix keys
 * (one per form: "p:…"), then its near misses ("d:…").
 */
export function nameQueryKeys(query: string): string[][] {
  return (
    words(query)
      .map((word) => {
        const tokens = forms(word);
        const prefixes = tokens.map((t) => `p:${t}`);
        const near = tokens.flatMap((t) => (t.length >= MIN_TYPO_LENGTH ? deletions(t).map((d) => `d:${d}`) : []));
        return [...new Set([...prefixes, ...near])];
      })
      // A word of combining marks alone has no form to match by: it narrows nothing (and an empty "any of" would match nothing).
      .filter((keys) => keys.length > 0)
  );
}
