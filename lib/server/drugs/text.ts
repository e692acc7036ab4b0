import "server-only";

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

/** Optimal-string-alignment edit distance, giving up (max + 1) once every path is over `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, before[j - 2]! + 1);
      cur.push(v);
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > max && i > 1 && Math.min(...prev) > max) return max + 1;
    before = prev;
    prev = cur;
  }
  return Math.min(prev[b.length]!, max + 1);
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
