import "server-only";
import type { RxSig } from "@/lib/schemas/drugs";

/**
 * Free-text instructions written on a prescription line, after the medicine: how to apply it ("apply thin layer on
 * affected area", "neck down"), the device ("with spacer", "via rotahaler", "nebulise with 2 ml NS"), how it is given
 * ("slow", "infusion", "s/c", "12 units", "2 sprays each nostril", "RE"), what it is for ("for cramps", "SOS fever") and
 * when ("repeat after 1 week", "rinse mouth after use"). Read before the name is looked at: an instruction word is never a
 * search word, a brand's letter or a typo candidate. Each becomes an instruction the page shows in the desk's language.
 */

type Instruction = NonNullable<RxSig["instructions"]>[number];

/** Symptoms a dose is written for: "SOS fever", "for cramps", "if breathlessness". */
const SYMPTOMS = [
  "abdominal pain", "pain", "fever", "headache", "migraine", "vomiting", "nausea", "acidity", "heartburn", "cough", "cold", "breathlessness", "sob", "wheez(?:e|ing)",
  "cramps?", "spasms?", "colic", "sleep", "insomnia", "anxiety", "loose motions?", "diarrh(?:o)?ea", "constipation", "itch(?:ing)?", "allergy", "sneezing",
  "giddiness", "vertigo", "chest pain", "toothache", "dysmenorrh(?:o)?ea", "period pain", "bleeding", "swelling", "blocked nose", "nasal block(?:age)?",
].join("|");
const SYMPTOM_NAMES: Record<string, string> = { sob: "breathlessness", wheeze: "wheezing", cramp: "cramps", spasm: "spasms", itch: "itching", "loose motion": "loose motions" };

const ONE = (n: string | undefined) => (n === undefined || /^(?:a|one|ek)$/.test(n) ? 1 : Number(n));

/** Phrase, and what it says. A phrase may also set the line's route, its quantity or what it is for. */
const INSTRUCTIONS: [RegExp, (m: RegExpExecArray, sig: RxSig, say: (i: Instruction) => void, text: string) => boolean | void][] = [
  [/\b(?:(?:rinse|wash)\s+(?:the\s+)?mouth|gargle(?:\s+(?:the\s+)?mouth)?|mouth\s+(?:rinse|wash|gargle)|rinse(?=\s+(?:with\s+water\s+)?(?:after|post)\s))(?:\s+(?:with\s+water\s+)?(?:after|post)\s+(?:each\s+|every\s+)?(?:use|dose|inhalation|puff))?\b/gu, (_m, _s, say) => say({ kind: "rinseMouth" })],
  [/\brepeat\s+(?:after|in|on)\s+(\d+|a|one)\s*(d|days?|wks?|weeks?)\b|\brepeat\s+(?:after|in)\s+(?:a\s+)?(week|fortnight)\b/gu, (m, _s, say) => {
    if (m[3]) say({ kind: "repeatAfter", count: m[3] === "week" ? 1 : 2, unit: "week" });
    else say({ kind: "repeatAfter", count: ONE(m[1]), unit: /^d/.test(m[2]!) ? "day" : "week" });
  }],
  [/\b(?:nebuli[sz]e|nebuli[sz]ation|nebuli[sz]ed|(?:via|with|through|by)\s+(?:a\s+)?nebuli[sz]er)\b/gu, (_m, _s, say) => say({ kind: "nebulise" })],
  [/\b(?:with|in|and)\s+(\d+(?:\.\d+)?)\s*ml\s+(?:of\s+)?(?:ns|n\/s|normal\s+saline|saline|nss)\b/gu, (m, _s, say) => say({ kind: "withSaline", count: Number(m[1]), unit: "ml" })],
  [/\b(?:with|via|through|using)\s+(?:a\s+)?spacer\b/gu, (_m, _s, say) => say({ kind: "withSpacer" })],
  [/\b(?:with|via|through|using|by)\s+(?:a\s+)?(?:rota\s*haler|revolizer|inhaler\s+device)\b/gu, (_m, _s, say) => say({ kind: "withDevice" })],
  [/\bslow(?:ly)?(?=\s+(?:iv|im|infusion|push|bolus)\b)|\b(?:slowly\s+)?over\s+\d+\s*(?:min(?:ute)?s?|hours?|hrs?)\b/gu, (_m, _s, say) => say({ kind: "slowly" })],
  [/\b(?:iv\s+)?infusion\b/gu, (m, s, say) => {
    if (m[0].startsWith("iv")) s.route ??= "intravenous";
    say({ kind: "infusion" });
  }],
  [/(?<![\w\/])s\/c(?![\w\/])|\bsub\s*cut(?:aneous(?:ly)?)?\b/gu, (_m, s) => void (s.route ??= "subcutaneous")],
  // Insulin and vaccine doses: "12 units" is how much, not the product's strength (that is 100 IU/ml).
  [/(?<![\w.])(\d{1,3})\s*(?:units?|u)\b/gu, (m, s) => {
    s.quantity ??= { count: Number(m[1]), unit: "unit" };
  }],
  [/(?<![\w.])([1-4])\s*sprays?\b/gu, (m, s) => void (s.quantity ??= { count: Number(m[1]), unit: "spray" })],
  [/\b(?:in\s+|to\s+|into\s+)?(?:each|both)\s+nostrils?\b/gu, (_m, s, say) => {
    s.route ??= "nasal";
    say({ kind: "eachNostril" });
  }],
  [/\b(?:in\s+|to\s+|into\s+)?(?:(both|each)\s+eyes?|(right|left)\s+eye)\b/gu, (m, s, say) => {
    s.route ??= "eye";
    say({ kind: m[2] === "right" ? "rightEye" : m[2] === "left" ? "leftEye" : "bothEyes" });
  }],
  [/\bp(?:a)?ediatric\b/gu, (_m, _s, say) => say({ kind: "paediatric" })],
  // Which eye: only on a line about the eye, and "to be taken" is not "both eyes".
  [/(?<!\bto\s)\b(re|le|be|ou)\b(?!\s*-)/gu, (m, s, say, text) => {
    if (!/\b(?:e\/d|eye|eyes|ophthalmic|gtts?|drops?|ointment|oint|e\s*\/\s*o)\b/.test(text)) return false;
    s.route ??= "eye";
    say({ kind: m[1] === "re" ? "rightEye" : m[1] === "le" ? "leftEye" : "bothEyes" });
  }],
  [/\bapply(?:\s+(?:it|locally|gently|well))?\b/gu, (_m, s, say) => {
    s.route ??= "topical";
    say({ kind: "apply" });
  }],
  [/\b(?:a\s+)?thin\s+(?:layer|film|coat)\b|\bthinly\b/gu, (_m, s, say) => {
    s.route ??= "topical";
    say({ kind: "thinLayer" });
  }],
  [/\b(?:on|over|to|at)\s+(?:the\s+)?(?:lesions?|affected\s+(?:areas?|parts?|skin|sites?)|wounds?|rash(?:es)?|patch(?:es)?|scalp|face|whole\s+body)\b/gu, (_m, s, say) => {
    s.route ??= "topical";
    say({ kind: "onAffectedArea" });
  }],
  [/\b(?:from\s+(?:the\s+)?)?neck\s+(?:down(?:wards?)?|to\s+toe)\b|\bbelow\s+(?:the\s+)?neck\b|\ball\s+over\s+(?:the\s+)?body\b/gu, (_m, s, say) => {
    s.route ??= "topical";
    say({ kind: "neckDown" });
  }],
  [/\bleave\s+(?:it\s+)?(?:on\s+)?(?:overnight|for\s+\d+\s*(?:hours?|hrs?|min(?:ute)?s?))\b|\bwash\s+(?:it\s+)?off(?:\s+(?:after|in)\s+\d+\s*(?:hours?|hrs?|min(?:ute)?s?))?\b/gu, (_m, _s, say) => say({ kind: "washOff" })],
  [/\bfor\s+external\s+use(?:\s+only)?\b|\bexternal\s+use\s+only\b/gu, (_m, s, say) => {
    s.route ??= "topical";
    say({ kind: "externalUse" });
  }],
  // What it is for: "SOS fever", "PRN pain"; "for cramps", "if breathlessness".
  // The SOS itself stays for the dosing words to read (and a count before it, "1 SOS", stays a count).
  [new RegExp(String.raw`(?<=\b(?:sos|prn|s\.o\.s)\.?\s+)(${SYMPTOMS})\b`, "gu"), (m, s) => void (s.indication = symptom(m[1]!))],
  [new RegExp(String.raw`\b(?:for|if|in\s+case\s+of|when|during)\s+(?:there\s+is\s+)?(${SYMPTOMS})\b`, "gu"), (m, s) => void (s.indication = symptom(m[1]!))],
];

function symptom(written: string): string {
  const w = written.replace(/\s+/g, " ");
  return SYMPTOM_NAMES[w] ?? SYMPTOM_NAMES[w.replace(/s$/, "")] ?? w;
}

/**
 * Takes the instructions out of a lower-case line: each goes to `sig` (and to `tokens` as an instruction) and leaves a
 * space in the text, so the rest of the reader never sees its words. Returns the text left.
 */
export function takeInstructions(text: string, sig: RxSig, tokens: { text: string; as: string }[]): string {
  let rest = text;
  const found: { at: number; i: Instruction }[] = [];
  for (const [re, apply] of INSTRUCTIONS) {
    rest = rest.replace(re, (...args) => {
      const m = args.slice(0, -2) as unknown as RegExpExecArray;
      const at = args.at(-2) as number;
      if (apply(m, sig, (i) => found.push({ at, i }), rest) === false) return m[0];
      sig.written.push(m[0].trim());
      tokens.push({ text: m[0].trim(), as: "instruction" });
      // As many spaces as letters taken: later phrases still see where each instruction stood.
      return " ".repeat(m[0].length);
    });
  }
  // In the order written, each kind once.
  const kinds = new Set<string>();
  const inOrder = found.sort((a, b) => a.at - b.at).map((f) => f.i).filter((i) => !kinds.has(i.kind) && kinds.add(i.kind));
  if (inOrder.length) sig.instructions = inOrder;
  return rest;
}

const SIG_WORD = String.raw`(?:od|bd|bid|tds|tid|qid|qds|hs|sos|prn|stat|daily|once|twice|thrice|[0-4½](?:\s*[-+]\s*[0-4½]){2,3})`;
/** "Combiflam 1 TDS", "O2 1 BD": a bare 1 to 4 just before a dosing word, which may be how many at a time. */
const COUNT_BEFORE_DOSING = new RegExp(String.raw`(?<![\w.\/%])([1-4]|½|1\/2)\s+(?=${SIG_WORD}(?![\w\-]))`, "gu");

/** Whether the line holds a bare number that may be a count before its dosing word (then it may be read both ways). */
export const hasCountBeforeDosing = (text: string) => new RegExp(COUNT_BEFORE_DOSING.source, "u").test(text.toLowerCase());

/** Reads such numbers as how many at a time: the unit follows the line's form (a tablet, a capsule, a puff). */
export function takeCounts(text: string, sig: RxSig, tokens: { text: string; as: string }[]): string {
  return text.replace(COUNT_BEFORE_DOSING, (m, n: string) => {
    sig.quantity ??= { count: n === "½" || n === "1/2" ? 0.5 : Number(n), unit: "tablet" };
    sig.written.push(m.trim());
    tokens.push({ text: m.trim(), as: "sig" });
    return " ";
  });
}

/** The counted unit, once the form is known: "Seroflo rotacap 1 BD" is one capsule, "Cap Omez 1 OD" one capsule. */
export function countUnit(form: string | undefined): NonNullable<RxSig["quantity"]>["unit"] {
  if (form === "capsule" || form === "rotacap") return "capsule";
  if (form === "inhaler") return "puff";
  if (form?.endsWith("drops")) return "drop";
  if (form === "sachet") return "sachet";
  if (form === "syrup" || form === "suspension") return "spoon";
  return "tablet";
}

/** The instructions as a printed prescription writes them, in English: "with spacer, rinse mouth after use". */
const PRINTED: Record<Instruction["kind"], (i: Instruction) => string> = {
  apply: () => "apply", thinLayer: () => "thin layer", onAffectedArea: () => "on affected area", neckDown: () => "neck down", washOff: () => "wash off",
  externalUse: () => "for external use", withSpacer: () => "with spacer", withDevice: () => "with inhaler device", nebulise: () => "nebulise",
  withSaline: (i) => `with ${i.count} ml NS`, infusion: () => "infusion", slowly: () => "slowly", eachNostril: () => "each nostril", rightEye: () => "RE",
  leftEye: () => "LE", bothEyes: () => "BE", paediatric: () => "paediatric", rinseMouth: () => "rinse mouth after use",
  repeatAfter: (i) => `repeat after ${i.count} ${i.unit}${(i.count ?? 1) > 1 ? "s" : ""}`,
};
export const printedInstructions = (sig: RxSig) => (sig.instructions ?? []).map((i) => PRINTED[i.kind](i)).join(", ");
