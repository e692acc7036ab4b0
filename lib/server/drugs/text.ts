import "server-only";
export { damerauLevenshtein as editDistance } from "@/lib/schemas/edit-distance";

/** Lower case, accents and joining marks (- . ' ) dropped, other punctuation a space; Devanagari letters kept. */
export function normalizeLatin(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]+/g, "")
    .toLowerCase()
    .replace(/['’`]+/g, "")
    .replace(/(?<=[\p{L}\p{N}])-(?=[\p{L}\p{N}])/gu, "")
    .replace(/[^\p{L}\p{N}\p{M}.%/+,&]+/gu, " ")
    .trim();
}

/** The name with spaces, dots and hyphens gone: "Taxim-O" and "taxim o" are one key. */
export const compactKey = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");


/** One bit per letter; one edit changes at most two bits, so names too far apart are skipped without the full distance. */
export function letterMask(key: string): number {
  let m = 0;
  for (let i = 0; i < key.length; i++) m |= 1 << (key.charCodeAt(i) % 31);
  return m;
}

export function bitCount(n: number): number {
  let c = 0;
  for (let x = n >>> 0; x; x &= x - 1) c++;
  return c;
}

/** Typos tolerated in a key of this many characters (the sandbox's rule, so both sides agree). */
export const allowedEdits = (key: string) => (key.length >= 8 ? 2 : key.length >= 5 ? 1 : 0);

/**
 * Consonant skeleton of a Latin spelling, so romanisations desks type meet the INN:
 * "sitrizin", "cetirizine" → "strjn"; "ajithromycin", "azithromycin" → "ajtrmsn".
 */
export function phoneticKey(text: string): string {
  let s = text.toLowerCase().replace(/[^a-z]/g, "");
  s = s
    .replace(/ph/g, "f")
    .replace(/ch(?=[lr])/g, "k")
    .replace(/sh/g, "s")
    .replace(/ck/g, "k")
    .replace(/q/g, "k")
    .replace(/x/g, "ks")
    .replace(/z/g, "j")
    .replace(/c(?=[eiy])/g, "s")
    .replace(/c/g, "k")
    .replace(/y/g, "i")
    .replace(/w/g, "v")
    .replace(/(?!^)h/g, "")
    .replace(/(.)\1+/g, "$1");
  return s.length ? (s[0] + s.slice(1).replace(/[aeiou]/g, "")).replace(/(.)\1+/g, "$1") : s;
}
