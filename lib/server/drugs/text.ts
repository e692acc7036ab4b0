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

// Three reusable rows, so a scan over hundreds of names allocates nothing per comparison.
let rows = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/** Optimal-string-alignment edit distance, giving up (max + 1) once every path is over `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  if (rows[0]!.length <= b.length) rows = rows.map(() => new Int32Array(b.length * 2 + 1));
  let [before, prev, cur] = rows as [Int32Array, Int32Array, Int32Array];
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  let prevMin = 0;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      let v = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a.charCodeAt(i - 1) === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === b.charCodeAt(j - 1)) v = Math.min(v, before[j - 2]! + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    // A transposition reaches back two rows, so both must be past the limit before giving up.
    if (rowMin > max && prevMin > max) return max + 1;
    [before, prev, cur] = [prev, cur, before];
    prevMin = rowMin;
  }
  return Math.min(prev[b.length]!, max + 1);
}

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
