import "server-only";
import type { RxSig } from "@/lib/schemas/drugs";
import { countUnit, hasCountBeforeDosing, takeCounts, takeInstructions } from "./instructions";
import { normalizeLatin } from "./text";

/**
 * One prescription line as doctors write it ("Tab Dolo 650 1-0-1 x 5 days after food"), read in one pass: every token
 * is a dosage form, a strength, a dosing word (frequency, timing, duration, route, quantity) or a name word, once.
 * Dosing words never reach the name, so "BD" cannot be read as a brand's "D" nor typo-matched to anything.
 */

export const FORMS: Record<string, string> = {
  tab: "tablet", tabs: "tablet", tablet: "tablet", tablets: "tablet", cap: "capsule", caps: "capsule", capsule: "capsule", capsules: "capsule",
  syp: "syrup", syr: "syrup", syrup: "syrup", susp: "suspension", suspension: "suspension", inj: "injection", injection: "injection", injections: "injection",
  amp: "injection", ampoule: "injection", vial: "injection", drop: "drops", drops: "drops", gtt: "drops", gtts: "drops", cream: "cream", crm: "cream", oint: "ointment",
  ointment: "ointment", gel: "gel", lotion: "lotion", lot: "lotion", inhaler: "inhaler", inh: "inhaler", mdi: "inhaler", puff: "inhaler", puffs: "inhaler", rotacap: "rotacap", rotacaps: "rotacap",
  respules: "respules", respule: "respules", resp: "respules", nebule: "respules", nebules: "respules", neb: "respules", sachet: "sachet", sachets: "sachet", powder: "powder", pwd: "powder",
  spray: "spray", solution: "solution", soln: "solution", shampoo: "shampoo", suppository: "suppository", supp: "suppository", pessary: "pessary", patch: "patch",
  granules: "granules", pen: "injection", "e/d": "eye drops",
};
/** Abbreviations that are a form only at the start of a line ("T. Pan D", "Cr Candid-B"); elsewhere a brand's letters. */
const LEADING_FORMS: Record<string, string> = { t: "tablet", c: "capsule", cr: "cream", s: "syrup" };
export const ROUTES: Record<string, string> = {
  oral: "oral", po: "oral", iv: "intravenous", intravenous: "intravenous", im: "intramuscular", intramuscular: "intramuscular", sc: "subcutaneous",
  subcut: "subcutaneous", subcutaneous: "subcutaneous", topical: "topical", local: "topical", eye: "eye", ophthalmic: "eye", ear: "ear", otic: "ear",
  nasal: "nasal", inhalation: "inhalation", vaginal: "vaginal", rectal: "rectal", pr: "rectal", sublingual: "sublingual", sl: "sublingual", transdermal: "transdermal",
};
const UNITS: Record<string, string> = {
  mg: "mg", milligram: "mg", milligrams: "mg", mcg: "mcg", ug: "mcg", µg: "mcg", microgram: "mcg", micrograms: "mcg", g: "g", gm: "g", gms: "g",
  gram: "g", grams: "g", ml: "ml", iu: "IU", u: "IU", unit: "IU", units: "IU", "%": "%", k: "k",
};
const STRENGTH = new RegExp(
  String.raw`(?<![\p{L}\p{N}.])(\d+(?:\.\d+)?(?:\s*\/\s*\d+(?:\.\d+)?)*)\s*(${Object.keys(UNITS).sort((a, b) => b.length - a.length).join("|")})?(?:\s*\/\s*(\d+(?:\.\d+)?)?\s*(ml|l|g|dose))?(?![\p{L}\p{N}])`,
  "giu",
);

type Frequency = Pick<RxSig, "perDay" | "bedtime" | "asNeeded" | "stat" | "weekly" | "everyHours">;
/** Single dosing words: Latin abbreviations and the plain words desks write. */
const FREQUENCY_WORDS: Record<string, Frequency> = {
  od: { perDay: 1 }, qd: { perDay: 1 }, daily: { perDay: 1 }, bd: { perDay: 2 }, bid: { perDay: 2 }, tds: { perDay: 3 }, tid: { perDay: 3 },
  qid: { perDay: 4 }, qds: { perDay: 4 }, hs: { perDay: 1, bedtime: true }, qhs: { perDay: 1, bedtime: true }, sos: { asNeeded: true },
  prn: { asNeeded: true }, stat: { stat: true }, weekly: { weekly: true }, once: { perDay: 1 }, twice: { perDay: 2 }, thrice: { perDay: 3 },
};
const TIMING_WORDS: Record<string, RxSig["timing"][number]> = {
  ac: "beforeFood", pc: "afterFood", bbf: "beforeFood", abf: "afterFood", "b/f": "beforeFood", "a/f": "afterFood", subah: "morning", morning: "morning",
  night: "night", raat: "night",
};
const isSigWord = (w: string) => Boolean(FREQUENCY_WORDS[w] || TIMING_WORDS[w]);
/**
 * "O.D.", "B.B.F.", "T.D.S.": letters and dots that spell a dosing word are that word; "OD/BBF", "OD-BBF" (run together
 * as "odbbf") are two dosing words. Never a brand's letters. Returns the dosing words, or undefined.
 */
const dottedSig = (t: string): string[] | undefined => {
  if (/^(?:[a-z]\.)+[a-z]$/.test(t)) {
    const word = t.replace(/\./g, "");
    return isSigWord(word) ? [word] : undefined;
  }
  const pieces = t.split("/").map((w) => w.replace(/\./g, ""));
  if (pieces.length > 1) return pieces.every(isSigWord) ? pieces : undefined;
  for (let i = 2; i <= t.length - 2; i++) if (isSigWord(t.slice(0, i)) && isSigWord(t.slice(i))) return [t.slice(0, i), t.slice(i)];
  return undefined;
};
const FILLERS = new Set(["for", "day", "days", "ko", "at", "then", "to", "be", "taken", "take", "the"]);

/** Phrases read before the text is split into words (they span words, or hold hyphens and fractions). */
const PHRASES: [RegExp, (m: RegExpExecArray, sig: RxSig) => void][] = [
  // 1-0-1, ½-0-½, 1/2-0-1/2, 1-1-1-1, 1+0+1: morning, (noon,) night.
  [/(?<![\w.\/])((?:[0-4]|½|¼|1\/2)(?:\s*[-+]\s*(?:[0-4]|½|¼|1\/2)){2,3})(?![\w\/.])/gu, (m, s) => {
    const parts = m[1]!.split(/\s*[-+]\s*/).map((p) => (p === "1/2" ? "½" : p));
    s.pattern = parts.join("-");
    s.perDay = parts.filter((p) => p !== "0").length;
  }],
  [/\bdin\s+(?:mein|me|main)\s+(ek|do|teen|char)\s+baar\b/gu, (m, s) => void (s.perDay = { ek: 1, do: 2, teen: 3, char: 4 }[m[1]!]!)],
  [/(?:\b(?:x|for)\s*|×\s*)(\d+)\s*(d|days?|din|wk|wks|weeks?|hafte?|months?|mths?|mahin[ae])?\b|(?<![\w.])(\d+)(?:\s*(days?|din|wks?|weeks?|hafte?|months?|mahin[ae])|(d|wk))\b/gu, (m, s) => {
    const u = m[2] ?? m[4] ?? m[5] ?? "d";
    const count = m[1] ?? m[3]!;
    s.duration = { count: Number(count), unit: /^(d|day|days|din)$/.test(u) ? "day" : /^(wk|wks|week|weeks|hafta|hafte)$/.test(u) ? "week" : "month" };
  }],
  [/(?:\b(?:x|for)\s*|×\s*)(?:a|one|ek)\s+(week|month)\b/gu, (m, s) => void (s.duration = { count: 1, unit: m[1] as "week" | "month" })],
  [/\b(?:before|bef)\s+(?:food|meals?|breakfast|lunch|dinner)\b|\bkhane\s+se\s+pehle\b/gu, (_m, s) => addTiming(s, "beforeFood")],
  [/\b(?:after)\s+(?:food|meals?|breakfast|lunch|dinner)\b|\bkhane\s+ke\s+baad\b/gu, (_m, s) => addTiming(s, "afterFood")],
  [/\b(?:on\s+)?empty\s+stomach\b|\bkhali\s+pet\b|\bbhuke\s+pet\b/gu, (_m, s) => addTiming(s, "emptyStomach")],
  [/\b(?:at\s+)?bed\s*time\b/gu, (_m, s) => addTiming(s, "bedtime")],
  [/\bsubah\s+(?:aur\s+)?sha+m\b|\bmorning\s+(?:and\s+)?(?:evening|night)\b/gu, (_m, s) => {
    s.perDay ??= 2;
    addTiming(s, "morning");
    addTiming(s, "night");
  }],
  [/\b(?:once|twice|thrice|(\d)\s*times?)\s+(?:a\s+|per\s+)?(day|daily|week)\b/gu, (m, s) => {
    const word = m[0].split(/\s+/)[0]!;
    if (m[2] === "week") s.weekly = true;
    else s.perDay = m[1] ? Number(m[1]) : word === "once" ? 1 : word === "twice" ? 2 : 3;
  }],
  [/\b(?:q\s*(\d{1,2})\s*h|(\d{1,2})\s*(?:hourly|hrly|hrs?ly)|every\s+(\d{1,2})\s*(?:hours?|hrs?))\b/gu, (m, s) => {
    const h = Number(m[1] ?? m[2] ?? m[3]);
    s.everyHours = h;
    if (24 % h === 0) s.perDay = 24 / h;
  }],
  [/\balternate\s+days?\b|\beod\b/gu, (_m, s) => void (s.alternateDays = true)],
  [/\bper\s+rectal(?:ly)?\b|\bper\s+rectum\b/gu, (_m, s) => void (s.route = "rectal")],
  [/\bper\s+vaginal(?:ly)?\b|\bper\s+vaginum\b|\bpv\b/gu, (_m, s) => void (s.route = "vaginal")],
  [/\b(?:in\s+|to\s+)?(?:each|both|left|right|one)\s+(nostrils?|eyes?|ears?)\b/gu, (m, s) => void (s.route = m[1]!.startsWith("nos") ? "nasal" : m[1]!.startsWith("eye") ? "eye" : "ear")],
  [/\blocal(?:ly)?\s+application\b|\blocally\b|\bl\/a\b/gu, (_m, s) => void (s.route = "topical")],
  // What the dose is for, as written after SOS: "for pain", "if fever".
  [/\b(?:for|if|in\s+case\s+of|when)\s+(pain|fever|headache|vomiting|nausea|acidity|cough|cold|breathlessness|wheeze|sleep|loose\s+motions?|itching|allergy|needed|required)\b/gu, (m, s) => void (s.indication = m[1]!)],
  // The Hinglish of what it is for: "SOS pet dard", "bukhar mein".
  [/\b(?:(?:for|if|in\s+case\s+of|when)\s+)?(pet\s+(?:me\s+|mein\s+|main\s+)?dard|s[ai]r\s+dard|dard|bukha+r)(?:\s+(?:me|mein|main|hone\s+par|par))?\b/gu, (m, s) =>
    void (s.indication = m[1]!.startsWith("pet") ? "abdominal pain" : /^s[ai]r/.test(m[1]!) ? "headache" : m[1]!.startsWith("bukh") ? "fever" : "pain")],
  [/\bper\s+(?:oral(?:ly)?|os)\b|\bby\s+mouth\b/gu, (_m, s) => void (s.route = "oral")],
  // "2 puffs", "1 tab", "10 ml" after the name: how much at a time, not the product's strength.
  [/(?<=\S\s+)(?<![\d.])([1-9]|10|½|1\/2)\s*(tabs?|tablets?|caps?|capsules?|puffs?|drops?|gtts?|sachets?|tsp|teaspoons?|spoons?)\b/gu, (m, s) => {
    const unit = m[2]!.replace(/s$/, "");
    s.quantity = { count: m[1] === "½" || m[1] === "1/2" ? 0.5 : Number(m[1]), unit: QUANTITY_UNITS[unit] ?? "tablet" };
  }],
];
const QUANTITY_UNITS: Record<string, NonNullable<RxSig["quantity"]>["unit"]> = {
  ml: "ml",
  tab: "tablet", tablet: "tablet", cap: "capsule", capsule: "capsule", puff: "puff", drop: "drop", gtt: "drop", sachet: "sachet", tsp: "spoon", teaspoon: "spoon", spoon: "spoon",
};

/** One frequency or timing word into the sig. */
function readSig(t: string, sig: RxSig) {
  const freq = FREQUENCY_WORDS[t];
  const timing = TIMING_WORDS[t];
  if (freq) Object.assign(sig, { ...freq, perDay: sig.perDay ?? freq.perDay });
  if (timing) addTiming(sig, timing);
  if (freq?.bedtime) addTiming(sig, "bedtime");
  sig.written.push(t);
}

function addTiming(s: RxSig, t: RxSig["timing"][number]) {
  if (!s.timing.includes(t)) s.timing.push(t);
}

export interface RxLineRead {
  /** Name words, in order, dosing words and forms removed (Latin letters, lower case). */
  words: string[];
  /** Numbers written with the name, "650", "125/5", "60k". */
  numbers: string[];
  strength?: string;
  form?: string;
  route?: string;
  sig: RxSig;
  /** Every token and what it was read as, for showing what was and was not understood. */
  tokens: { text: string; as: "form" | "strength" | "sig" | "instruction" | "route" | "name" }[];
  /** A bare 1 to 4 stands just before a dosing word ("Combiflam 1 TDS"): it may be a count; see `counts` below. */
  countBeforeDosing: boolean;
}

const hasSig = (s: RxSig) => Object.keys(s).some((k) => k !== "timing" && k !== "written") || s.timing.length > 0;

/**
 * Reads one line of Latin text (Devanagari already latinised). `joinsBrand(words, token)` says whether a dosing or
 * form token completes a brand name as written ("Contiflo OD", "Pan IV", "T Bact"): then it stays in the name.
 */
export function readRxLine(text: string, joinsBrand: (before: string[], token: string, after?: string) => boolean = () => false, counts = false): RxLineRead {
  const sig: RxSig = { timing: [], written: [] };
  const tokens: RxLineRead["tokens"] = [];
  let rest = text.replace(/1\u20442/g, "½").replace(/1\u20444/g, "¼").toLowerCase();
  rest = rest.replace(/(\d+(?:\.\d+)?)\s*(?:lakh|lac)s?\b/g, (_m, n: string) => `${Number(n) * 100000}`);
  // Instructions first ("rinse mouth after use", "repeat after 1 week", "with 2 ml NS"): their words and numbers are no dosing, strength or name.
  rest = takeInstructions(rest, sig, tokens);
  const countBeforeDosing = hasCountBeforeDosing(rest);
  // With `counts`, "1" in "Combiflam 1 TDS" is how many at a time, not a strength.
  if (counts) rest = takeCounts(rest, sig, tokens);
  for (const [re, apply] of PHRASES) {
    rest = rest.replace(re, (...args) => {
      const m = args.slice(0, -2) as unknown as RegExpExecArray;
      apply(m, sig);
      sig.written.push(m[0].trim());
      tokens.push({ text: m[0].trim(), as: "sig" });
      return " ";
    });
  }
  let strength: string | undefined;
  const numbers: string[] = [];
  rest = normalizeLatin(rest).replace(STRENGTH, (m, value: string, unit: string | undefined, perValue: string | undefined, perUnit: string | undefined) => {
    const v = value.replace(/\s+/g, "");
    const u = unit ? UNITS[unit.toLowerCase()] : undefined;
    // "5 ml" alone is how much to take of a syrup, not the product's strength ("125 mg/5 ml" is).
    if (u === "ml" && !perUnit && !v.includes("/")) {
      sig.quantity ??= { count: Number(v), unit: "ml" };
      sig.written.push(m.trim());
      tokens.push({ text: m.trim(), as: "sig" });
      return " ";
    }
    numbers.push(u === "k" ? `${v}k` : v);
    const per = perUnit ? `/${perValue ?? ""}${perValue ? " " : ""}${perUnit.toLowerCase() === "l" ? "L" : perUnit.toLowerCase()}` : "";
    strength ??= u === "k" ? `${Number(v) * 1000} IU` : `${v}${u ? ` ${u}` : ""}${per}`;
    tokens.push({ text: m.trim(), as: "strength" });
    return " ";
  });
  let form: string | undefined;
  let route: string | undefined;
  const words: string[] = [];
  const parts = rest.split(/\s+/).map((t) => t.replace(/^[.,/]+|[.,/]+$/g, "")).filter(Boolean);
  for (const [i, written] of parts.entries()) {
    const next = parts[i + 1];
    const dotted = dottedSig(written);
    if (dotted && dotted.length > 1) {
      for (const w of dotted) readSig(w, sig);
      tokens.push({ text: written, as: "sig" });
      continue;
    }
    const t = dotted?.[0] ?? written;
    // A word left alone by instructions ("slow IV") is still read with them: it is not a one-word query.
    const alone = parts.length === 1 && !sig.instructions;
    if (!alone && !dotted && joinsBrand(words, t, next)) {
      words.push(t);
      tokens.push({ text: t, as: "name" });
      continue;
    }
    if ((t === "eye" || t === "ear" || t === "nasal") && next && FORMS[next]) {
      route ??= ROUTES[t];
      tokens.push({ text: t, as: "route" });
      continue;
    }
    const leading = i === 0 && !alone && LEADING_FORMS[t];
    if (FORMS[t] || leading) {
      form ??= leading || FORMS[t];
      tokens.push({ text: t, as: "form" });
      continue;
    }
    if (t === "la" && !alone && words.length > 0 && (form || hasSig(sig))) {
      route ??= "topical";
      tokens.push({ text: t, as: "route" });
      continue;
    }
    if (ROUTES[t] && !alone && !(words.length === 0 && t.length <= 2 && i === 0 && !sig.instructions)) {
      route ??= ROUTES[t];
      tokens.push({ text: t, as: "route" });
      continue;
    }
    if (isSigWord(t)) {
      readSig(t, sig);
      tokens.push({ text: t, as: "sig" });
      continue;
    }
    if (FILLERS.has(t) && (words.length > 0 || hasSig(sig))) {
      tokens.push({ text: t, as: "sig" });
      continue;
    }
    if (words.length && words[words.length - 1] === t) continue;
    words.push(t);
    tokens.push({ text: t, as: "name" });
  }
  route ??= sig.route;
  delete sig.route;
  if (form === "drops" && route && ["eye", "ear", "nasal"].includes(route)) form = `${route} drops`;
  if (counts && sig.quantity?.unit === "tablet") sig.quantity.unit = countUnit(form);
  return { words, numbers, strength, form, route, sig, tokens, countBeforeDosing };
}

export const sigRead = (s: RxSig) => hasSig(s);
