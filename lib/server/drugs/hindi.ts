import "server-only";

const CONSONANTS: Record<string, string> = {
  क: "k", ख: "kh", ग: "g", घ: "gh", ङ: "n", च: "ch", छ: "chh", ज: "j", झ: "jh", ञ: "n", ट: "t", ठ: "th", ड: "d", ढ: "dh", ण: "n",
  त: "t", थ: "th", द: "d", ध: "dh", न: "n", प: "p", फ: "ph", ब: "b", भ: "bh", म: "m", य: "y", र: "r", ल: "l", व: "v", श: "sh",
  ष: "sh", स: "s", ह: "h", क़: "k", ख़: "kh", ग़: "g", ज़: "z", ड़: "r", ढ़: "rh", फ़: "f", य़: "y",
};
const VOWEL_SIGNS: Record<string, string> = { "ा": "a", "ि": "i", "ी": "i", "ु": "u", "ू": "u", "े": "e", "ै": "ai", "ो": "o", "ौ": "au", "ॉ": "o", "ॅ": "e", "ृ": "ri" };
const VOWELS: Record<string, string> = { अ: "a", आ: "a", इ: "i", ई: "i", उ: "u", ऊ: "u", ए: "e", ऐ: "ai", ओ: "o", औ: "au", ऑ: "o", ऍ: "e", ऋ: "ri" };
const NASALS: Record<string, string> = { "ं": "n", "ँ": "n", "ः": "h" };
const VIRAMA = "्";
const NUKTA = "़";

export const DEVANAGARI = /[\u0900-\u097F]/;
const DEVANAGARI_DIGITS = /[\u0966-\u096F]/g;

/** Devanagari digits (६५०) as ASCII (650). */
export const asciiDigits = (text: string) => text.replace(DEVANAGARI_DIGITS, (d) => String(d.charCodeAt(0) - 0x966));

/**
 * One key for the spellings of one word that Hindi typists use interchangeably: nukta, long/short vowels,
 * ai/e, au/o, candrabindu/anusvara and the ऑ of English loans are not told apart.
 */
export function devanagariKey(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[\u200c\u200d]/g, "")
    .normalize("NFD")
    .replace(new RegExp(NUKTA, "g"), "")
    .normalize("NFC")
    .replace(/[ीई]/g, (c) => (c === "ी" ? "ि" : "इ"))
    .replace(/[ूऊ]/g, (c) => (c === "ू" ? "ु" : "उ"))
    .replace(/[ैॅ]/g, "े")
    .replace(/[ौॉ]/g, "ो")
    .replace(/ऐ|ऍ/g, "ए")
    .replace(/औ|ऑ/g, "ओ")
    .replace(/ँ/g, "ं")
    .replace(/\s+/g, " ")
    .trim();
}

/** A rough Latin spelling of a Devanagari word, good enough for the phonetic key (vowels barely matter there). */
export function romanise(word: string): string {
  const chars = [...word.normalize("NFC")];
  let out = "";
  for (let i = 0; i < chars.length; i++) {
    let c = chars[i]!;
    if (chars[i + 1] === NUKTA) c += chars[++i];
    const consonant = CONSONANTS[c];
    if (consonant !== undefined) {
      out += consonant;
      const next = chars[i + 1];
      const ends = next === undefined || !DEVANAGARI.test(next);
      if (next !== undefined && VOWEL_SIGNS[next] === undefined && next !== VIRAMA && !ends) out += "a";
      continue;
    }
    out += VOWEL_SIGNS[c] ?? VOWELS[c] ?? NASALS[c] ?? (c === VIRAMA ? "" : c);
  }
  return out;
}
