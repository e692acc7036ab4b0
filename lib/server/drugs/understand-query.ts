import "server-only";
import type { DrugQueryUnderstood, RxSig } from "@/lib/schemas/drugs";
import { asciiDigits, DEVANAGARI, devanagariKey, romanise } from "./hindi";
import { formsAgree } from "./form-fit";
import { printedInstructions } from "./instructions";
import { readRxLine, sigRead, type RxLineRead } from "./read-line";
import { HERBAL_KEYS, INDEX, type Brand } from "./tables";
import { bitCount, compactKey, editDistance, letterMask, phoneticKey } from "./text";

/** Release and strength words that belong to a product, not to the medicine: stripped only when they stop a name from matching. */
const MODIFIERS = new Set(["sr", "er", "xr", "xl", "cr", "od", "dt", "md", "mr", "la", "ds", "forte", "plus", "kid", "kids", "junior", "paed", "retard", "dry"]);
/** Salt words: "metoprolol succinate" is metoprolol. */
const SALTS = new Set(["succinate", "tartrate", "hydrochloride", "hcl", "besylate", "besilate", "maleate", "mesylate", "fumarate", "monohydrate", "hyclate", "dihydrate", "sodium", "potassium", "disodium", "bromide"]);
const SEPARATORS = /\s*(?:\+|,|&|\band\b|\bwith\b|\/(?!\s*\d))\s*/i;

/** Ingredients the brand table spells otherwise inside a combination ("Calcium carbonate + Vitamin D3"). */
const IN_COMBINATION: Record<string, string> = { cholecalciferol: "Vitamin D3", "vitamin d3": "Vitamin D3" };

export type ResolvedVia = "brand" | "brand-typo" | "generic" | "hindi" | "romanised";

export interface Understanding {
  understood: DrugQueryUnderstood;
  /** The medicine name as typed, strengths and forms removed (Latin letters). */
  name: string;
  /** What to ask the platform first. */
  platformQuery: string;
  /** Generic name(s) the query was resolved to before asking; the answer must lead with this medicine. */
  resolved?: { generic: string; via: ResolvedVia };
  /** A second question when the first finds nothing by name: the nearest generic by sound (romanised spellings). */
  fallbackQuery?: string;
  /** Brands that were close but not decisive, offered as "Did you mean". */
  brandSuggestions: Brand[];
  /** The name is a medicine the desk knows is not one of its generics. */
  otherMedicine: boolean;
  /**
   * Whether a near spelling of a generic may answer the name with confidence. Not when the name is written like a brand
   * ("NovoRapid": a capital inside the word) or holds a short word nothing read ("Trapic MF"): then the near generic is
   * only offered under "Did you mean".
   */
  tolerant: boolean;
  /** The name is as much a brand as another medicine's name ("O2"): both are offered, nothing is shown with confidence. */
  unsure: boolean;
}

/** A line as the reader took it apart, less its token list, and whether it was written in Devanagari. */
interface Parsed extends Omit<RxLineRead, "tokens"> {
  devanagari: boolean;
}

/** Devanagari runs become Latin words: known names and brands from the tables, anything else romanised. */
function latinise(text: string): { text: string; devanagari: boolean } {
  if (!DEVANAGARI.test(text)) return { text, devanagari: false };
  const tokens = asciiDigits(text).split(/\s+/).filter(Boolean);
  const out: string[] = [];
  for (let i = 0; i < tokens.length; ) {
    if (!DEVANAGARI.test(tokens[i]!)) {
      out.push(tokens[i++]!);
      continue;
    }
    let taken = 0;
    for (let n = Math.min(4, tokens.length - i); n > 0 && !taken; n--) {
      const run = tokens.slice(i, i + n);
      if (!run.every((t) => DEVANAGARI.test(t))) continue;
      const hit = INDEX.devanagari.get(devanagariKey(run.join(" ")));
      if (hit !== undefined) {
        out.push(hit);
        taken = n;
      }
    }
    if (!taken) out.push(romanise(tokens[i]!));
    i += taken || 1;
  }
  return { text: out.join(" "), devanagari: true };
}

/** A dosing or form token that completes a brand's name as written ("Contiflo OD", "Pan IV", "T Bact") is part of the name. */
function joinsBrand(before: string[], token: string, after?: string): boolean {
  const prev = compactKey(before.join(""));
  if (prev && (INDEX.brandsByFamily.has(prev + token) || INDEX.brandFamilyPrefixes.has(prev + token))) return true;
  const joined = token + compactKey(after ?? "");
  return !before.length && after !== undefined && (INDEX.brandsByFamily.has(joined) || INDEX.brandFamilyPrefixes.has(joined));
}

function parse(raw: string, counts = false): Parsed {
  const { text, devanagari } = latinise(raw.normalize("NFKC"));
  const line = readRxLine(text, joinsBrand, counts);
  return { ...line, devanagari };
}

/**
 * "Combiflam 1 TDS", "O2 1 BD", "Meftal Spas 1 SOS": a bare 1 to 4 before a dosing word is a strength only when it is
 * one of the brand's (Amaryl 1, Glycomet GP 1); when a brand fits the line only with it read as a count, it is a count.
 */
function parseLine(raw: string): Parsed {
  const p = parse(raw);
  if (!p.countBeforeDosing) return p;
  const fits = (q: Parsed) => {
    const b = findBrand(q.words, q.numbers).brand;
    return b !== undefined && fitsStrength(b, q.numbers);
  };
  if (fits(p)) return p;
  const counted = parse(raw, true);
  return fits(counted) ? counted : p;
}

const brandUnderstood = (b: Brand) => ({ name: b.name, manufacturer: b.manufacturer, composition: b.composition, form: b.form });

/** The brand's strengths and name number, as typed numbers: "10", "650", "125/5". */
const brandNumbers = (b: Brand) => [...b.components.flatMap((c) => (c.strength ? [c.strength.split(" ")[0]!] : [])), ...b.name.split(/\s+/).filter((w) => /^\d/.test(w))];

/** Whether every typed number is one of the brand's strengths or its name's number: "Omez D" (10 mg) is not "Omez 20". */
const fitsStrength = (b: Brand, numbers: string[]) => numbers.every((n) => brandNumbers(b).includes(n.replace(/\/.*/, "")) || brandNumbers(b).includes(n));

/** Among brands of one family, the one whose strength was asked for, else the first listed. */
function pickVariant(brands: Brand[], numbers: string[]): Brand {
  const asked = new Set(numbers);
  return brands.find((b) => b.components.some((c) => c.strength && asked.has(c.strength.split(" ")[0]!)) || asked.has(b.name.split(/\s+/).at(-1)!)) ?? brands[0]!;
}

/** Forms that are one product as a doctor writes them: "Tab" for a capsule, "Syp" for a suspension, "Drops" for eye drops. */
const FORM_GROUP: Record<string, string> = { capsule: "tablet", suspension: "syrup" };
function sameForm(written: string, product: string): boolean {
  const group = (f: string) => FORM_GROUP[f] ?? f;
  return group(written) === group(product) || product.endsWith(` ${written}`);
}

/** Routes that mean an injection when no form is written: "Emeset 4 mg IV". */
const INJECTED = new Set(["intravenous", "intramuscular", "subcutaneous"]);
const writtenForm = (p: Parsed) => p.form ?? (p.route && INJECTED.has(p.route) ? "injection" : undefined);

/**
 * The brand's product in the written form: "Inj Deriphyllin" is Deriphyllin Injection, "Syp Calpol 250" the 250 mg/5 ml
 * suspension. When the desk knows no product of the brand in that form (at the typed strength, for a liquid), it says so
 * rather than lending another form's strengths. A typed number with an injection is the dose, not the product's strength.
 * `notKnown` lists the forms the brand is known in: several of them and not this one make the line unsure ("Syp Calpol
 * 650"); a brand known in one form only ("Inj Ondem") still names its medicine, without the product's strengths.
 */
function inWrittenForm(brand: Brand, form: string | undefined, numbers: string[]): { brand: Brand; notKnown?: string[] } {
  if (!form || sameForm(form, brand.form)) return { brand };
  const family = INDEX.brandsByBase.get(brand.base) ?? [brand];
  const ofForm = family.filter((b) => sameForm(form, b.form));
  const fitting = ofForm.filter((b) => fitsStrength(b, numbers));
  if (fitting.length) return { brand: pickVariant(fitting, numbers) };
  if (ofForm.length && form === "injection") return { brand: pickVariant(ofForm, numbers) };
  return { brand, notKnown: [...new Set(family.map((b) => b.form))] };
}

/** One- and two-letter words get no typo tolerance: they must be the brand's own word at that place ("Omez D", never "Omez BD"). */
function shortWordsAgree(typed: string[], b: Brand): boolean {
  const own = b.name.toLowerCase().split(/[\s-]+/).filter((w) => !/^\d/.test(w));
  return typed.every((w, i) => w.length > 2 || own[i] === w);
}

const sameMedicine = (brands: Brand[]) => new Set(brands.map((b) => compactKey(b.generic))).size === 1;

function findBrand(words: string[], numbers: string[]): { brand?: Brand; typo: boolean; near: Brand[] } {
  if (!words.length) return { typo: false, near: [] };
  const nameKey = compactKey(words.join(""));
  for (const key of [nameKey + numbers.join(""), nameKey + numbers.map((n) => n.replace(/\/.*/, "")).join("")]) {
    const exact = INDEX.brandByKey.get(key);
    if (exact) return { brand: exact[0], typo: false, near: [] };
  }
  const stripped = words.filter((w) => !MODIFIERS.has(w));
  for (const key of [nameKey, compactKey(stripped.join(""))]) {
    const family = INDEX.brandsByFamily.get(key);
    if (!family) continue;
    if (sameMedicine(family)) return { brand: pickVariant(family, numbers), typo: false, near: [] };
    const picked = pickVariant(family, numbers);
    return picked !== family[0] || numbers.length ? { brand: picked, typo: false, near: [] } : { typo: false, near: family };
  }
  // Typos: same number of words, one edit (two from ten letters) or the same sound, and not nearer to a generic or a known other medicine.
  const max = nameKey.length >= 10 ? 2 : nameKey.length >= 5 ? 1 : 0;
  if (max === 0) return { typo: false, near: [] };
  const sound = phoneticKey(nameKey);
  const mask = letterMask(nameKey);
  let best = max + 1;
  let hits: Brand[] = [];
  for (const family of INDEX.families) {
    const soundsSame = sound.length >= 5 && INDEX.familyPhonetic.get(family) === sound;
    if (!soundsSame && (Math.abs(family.length - nameKey.length) > max || bitCount(mask ^ INDEX.familyMask.get(family)!) > 2 * max)) continue;
    const d = soundsSame ? max : editDistance(nameKey, family, Math.min(max, best));
    if (d > max || d > best) continue;
    const brands = INDEX.brandsByFamily.get(family)!.filter((b) => b.familyWords === words.length && shortWordsAgree(words, b) && fitsStrength(b, numbers));
    if (!brands.length) continue;
    if (d < best) hits = [];
    best = d;
    hits.push(...brands);
  }
  if (!hits.length) return { typo: false, near: [] };
  if (nearestGenericDistance(nameKey, best) <= best || INDEX.otherKeys.has(nameKey)) return { typo: false, near: [] };
  if (!sameMedicine(hits)) return { typo: false, near: hits.slice(0, 5) };
  return { brand: pickVariant(hits, numbers), typo: true, near: [] };
}

function nearestGenericDistance(key: string, max: number): number {
  const mask = letterMask(key);
  let best = max + 1;
  for (const [g, m] of INDEX.genericMasks) {
    if (Math.abs(g.length - key.length) > max || bitCount(mask ^ m) > 2 * max) continue;
    best = Math.min(best, editDistance(key, g, max));
  }
  return best;
}

/** Splits words into known generic names, longest first: ["amoxicillin","clavulanic","acid"] → Amoxicillin, Clavulanic acid. */
function segmentGenerics(words: string[]): string[] | null {
  const out: string[] = [];
  for (let i = 0; i < words.length; ) {
    let found = 0;
    for (let n = Math.min(4, words.length - i); n > 0 && !found; n--) {
      const g = INDEX.genericByKey.get(compactKey(words.slice(i, i + n).join("")));
      if (g) {
        out.push(g);
        found = n;
      }
    }
    if (!found) return null;
    i += found;
  }
  return out.length ? out : null;
}

function resolvePart(words: string[]): string[] | null {
  const exact = segmentGenerics(words);
  if (exact) return exact;
  const noSalt = words.filter((w) => !SALTS.has(w) && !MODIFIERS.has(w));
  return noSalt.length && noSalt.length < words.length ? segmentGenerics(noSalt) : null;
}

/** A near spelling stands for a generic only within about a third of its letters: "novorapid" (4 of 10) is not nevirapine. */
const nearInLetters = (key: string, generic: string) => {
  const g = compactKey(generic);
  const max = Math.max(1, Math.floor(g.length * 0.3));
  return editDistance(key, g, max) <= max;
};

/** A word written with a capital inside it ("NovoRapid", "FlexPen") is a brand's spelling, not a misspelt generic. */
const BRAND_CASE = /\p{Lu}\p{Ll}+\p{Lu}\p{Ll}/u;

/**
 * Whether the generic a part sounds like may answer it with confidence: the same sound is a romanised spelling
 * ("sitrizin"); a sound one consonant off must also be near in letters, and no word may be left over ("trapic mf",
 * "tropic amd" are not tropicamide). Otherwise the generic is only offered.
 */
function soundIsSure(part: string, generic: string): boolean {
  const words = part.split(/\s+/);
  if (words.some((w) => w.length <= 2)) return false;
  // A misspelling keeps the generic's words: "tropic amd" is two words where tropicamide is one.
  if (words.length !== generic.split(/\s+/).length) return false;
  return INDEX.genericsByPhonetic.has(phoneticKey(part)) || nearInLetters(compactKey(part), generic);
}

/** The one generic that sounds like this part, when exactly one is nearest and no known other medicine is as near. */
export function soundsLike(part: string): string | null {
  const key = compactKey(part);
  if (INDEX.otherKeys.has(key)) return null;
  return soundsLikeAny(part);
}

function soundsLikeAny(part: string): string | null {
  const p = phoneticKey(part);
  if (p.length < 4) return null;
  const exact = INDEX.genericsByPhonetic.get(p);
  if (exact?.length === 1) return exact[0]!;
  if (exact) return null;
  if (p.length < 5 || INDEX.otherPhonetics.has(p)) return null;
  let hits: string[] = [];
  for (const q of INDEX.genericPhonetics) {
    if (q[0] !== p[0] || Math.abs(q.length - p.length) > 1 || editDistance(p, q, 1) > 1) continue;
    hits.push(...INDEX.genericsByPhonetic.get(q)!);
  }
  for (const o of INDEX.otherPhonetics) if (o[0] === p[0] && editDistance(p, o, 1) <= 1) hits = [];
  return hits.length === 1 ? hits[0]! : null;
}

const FORM_ABBREVIATION: Record<string, string> = {
  tablet: "Tab", capsule: "Cap", syrup: "Syp", suspension: "Susp", injection: "Inj", drops: "Drops", "eye drops": "Eye drops", "ear drops": "Ear drops",
  "nasal drops": "Nasal drops", cream: "Cream", ointment: "Oint", gel: "Gel", lotion: "Lotion", inhaler: "Inhaler", respules: "Respules", sachet: "Sachet",
  powder: "Powder", spray: "Spray", solution: "Solution", rotacap: "Rotacap", suppository: "Supp", granules: "Granules",
};
const PER_DAY = ["", "OD", "BD", "TDS", "QID"];
const ROUTE_ABBREVIATION: Record<string, string> = { intravenous: "IV", intramuscular: "IM", subcutaneous: "SC", rectal: "per rectal", sublingual: "SL" };

/** The dosing in the words of a printed prescription: "1-0-1 after food × 5 days", "2 puffs SOS". */
export function sigText(sig: RxSig, route?: string): string {
  const parts: string[] = [];
  if (sig.quantity) parts.push(`${sig.quantity.count === 0.5 ? "½" : sig.quantity.count} ${sig.quantity.unit}${sig.quantity.count > 1 && sig.quantity.unit !== "ml" ? "s" : ""}`);
  if (sig.pattern) parts.push(sig.pattern);
  else if (sig.everyHours) parts.push(`every ${sig.everyHours} hours`);
  else if (sig.bedtime) parts.push("HS");
  else if (sig.perDay) parts.push(PER_DAY[sig.perDay] ?? `${sig.perDay} times a day`);
  if (sig.weekly) parts.push("once a week");
  if (sig.alternateDays) parts.push("alternate days");
  if (sig.stat) parts.push("STAT");
  if (sig.asNeeded) parts.push("SOS");
  const timing = { beforeFood: "before food", afterFood: "after food", emptyStomach: "empty stomach", morning: "morning", night: "night", bedtime: "" };
  for (const t of sig.timing) if (timing[t] && !(t === "night" && sig.bedtime)) parts.push(timing[t]);
  if (route && ROUTE_ABBREVIATION[route]) parts.push(ROUTE_ABBREVIATION[route]!);
  let text = parts.join(" ");
  if (sig.duration) text += `${text ? " " : ""}× ${sig.duration.count} ${sig.duration.unit}${sig.duration.count > 1 ? "s" : ""}`;
  const instructions = printedInstructions(sig);
  return instructions ? `${text}${text ? ", " : ""}${instructions}` : text;
}

/** "Tab Paracetamol 650 mg, 1-0-1 × 3 days": the line in generic names (the NMC's rule), strengths from the brand or as typed. */
function genericLine(generics: string[], brand: Brand | undefined, p: Parsed): string {
  const written = writtenForm(p);
  const form = written ?? brand?.form;
  // The brand's strengths belong to its own form ("Inj Deriphyllin" is not the 77 mg + 23 mg tablet), and a dose typed with
  // a unit that is not the product's strength ("Inj Dexona 8 mg": two ml of 4 mg/ml) is printed as typed.
  const typedDose = brand !== undefined && p.strength !== undefined && /[a-z%]/i.test(p.strength) && !fitsStrength(brand, p.numbers);
  const brandStrengths = brand && (!written || sameForm(written, brand.form)) && !(typedDose && generics.length === 1);
  const named = brandStrengths ? brand.composition : generics.length === 1 && p.strength ? `${generics[0]} ${p.strength}` : generics.join(" + ");
  const head = [form ? (FORM_ABBREVIATION[form] ?? form) : "", named].filter(Boolean).join(" ");
  const dosing = sigText(p.sig, p.route);
  return dosing ? `${head}, ${dosing}` : head;
}

/** Reads what a doctor or desk typed: brand, generic, strength, form, route, dosing, script. Pure and synchronous. */
export function understandQuery(raw: string): Understanding {
  const p = parseLine(raw);
  const understood: DrugQueryUnderstood = {};
  if (p.strength) understood.strength = p.strength;
  if (p.form) understood.form = p.form;
  if (p.route) understood.route = p.route;
  if (p.devanagari) understood.script = "devanagari";
  if (sigRead(p.sig)) understood.sig = p.sig;
  const name = p.words.join(" ");
  const tolerant = !raw.split(/\s+/).some((w) => w.length >= 4 && BRAND_CASE.test(w));
  const base = { understood, name, brandSuggestions: [] as Brand[], otherMedicine: false, tolerant, unsure: false };
  // A form, a strength or dosing words alone name no medicine: nothing is asked.
  if (!name) return { ...base, platformQuery: "" };

  const herbal = HERBAL_KEYS.has(compactKey(name)) || HERBAL_KEYS.has(compactKey(name + p.numbers.join("")));
  if (herbal) {
    understood.herbal = true;
    understood.otherMedicine = true;
    return { ...base, otherMedicine: true, platformQuery: "" };
  }

  // One medicine the desk knows the formulary lacks (ranitidine); a combination holding one may still be an entry.
  const notInFormulary = (generics: string[]) => generics.length === 1 && INDEX.otherKeys.has(compactKey(generics[0]!));
  const found = findBrand(p.words, p.numbers);
  const { typo } = found;
  let { near } = found;
  let candidate = found.brand;
  // A brand of two characters ("O2") is also an other name of something else (oxygen): it is read as the brand only
  // when the line says more that fits it (its form, its strength, dosing words); alone it is offered, nothing is shown.
  let unsure = false;
  if (candidate && compactKey(candidate.name).length <= 2) {
    const fits = p.form ? formsAgree(p.form, candidate.form) : (p.numbers.length > 0 && fitsStrength(candidate, p.numbers)) || (p.numbers.length === 0 && sigRead(p.sig));
    if (!fits) {
      unsure = !p.form;
      near = unsure ? [candidate] : [];
      candidate = undefined;
    }
  }
  base.unsure = unsure;
  if (candidate) {
    const { brand, notKnown } = inWrittenForm(candidate, writtenForm(p), p.numbers);
    understood.generic = brand.components.map((c) => c.name);
    if (notKnown) {
      // Named, but not in the written form: the medicine without any product's strength (unsure when known in other forms).
      const name = brand.name.split(/\s+/).filter((w) => !/^\d/.test(w)).join(" ");
      understood.brand = { ...brandUnderstood(brand), name, composition: brand.generic };
      understood.formNotKnown = { form: writtenForm(p)!, known: notKnown, unsure: notKnown.length > 1 };
      understood.genericLine = genericLine(understood.generic, undefined, p);
    } else {
      understood.brand = brandUnderstood(brand);
      understood.genericLine = genericLine(understood.generic, brand, p);
    }
    if (notInFormulary(understood.generic)) understood.otherMedicine = true;
    return { ...base, otherMedicine: understood.otherMedicine === true, platformQuery: brand.generic, resolved: { generic: brand.generic, via: typo ? "brand-typo" : "brand" } };
  }

  const parts = name.split(SEPARATORS).map((s) => s.trim()).filter(Boolean);
  const resolvedParts = parts.map((part) => resolvePart(part.split(" ")));
  if (parts.length && resolvedParts.every((r) => r)) {
    const named = [...new Set(resolvedParts.flat() as string[])];
    // In a combination the brand table (and the formulary) write cholecalciferol as Vitamin D3: one ingredient, one spelling.
    const generics = named.length > 1 ? [...new Set(named.map((g) => IN_COMBINATION[g.toLowerCase()] ?? g))] : named;
    understood.generic = generics;
    understood.genericLine = genericLine(generics, undefined, p);
    if (notInFormulary(generics)) understood.otherMedicine = true;
    return { ...base, otherMedicine: understood.otherMedicine === true, platformQuery: generics.join(" + "), resolved: { generic: generics.join(" + "), via: p.devanagari ? "hindi" : "generic" } };
  }

  understood.unread = p.words;
  const otherMedicine = parts.some((part) => INDEX.otherKeys.has(compactKey(part)));
  if (otherMedicine) understood.otherMedicine = true;
  const sounds = parts.map(soundsLike);
  const fallback = !otherMedicine && sounds.every((s) => s) ? [...new Set(sounds as string[])].join(" + ") : undefined;
  const sure = !fallback || parts.every((part, i) => soundIsSure(part, sounds[i]!));
  return { ...base, tolerant: tolerant && sure, brandSuggestions: near, otherMedicine, platformQuery: parts.join(" + ") || name, fallbackQuery: fallback };
}

/** The printed line of a raw prescription line whose medicine was found by the platform's own spelling tolerance. */
export function genericLineFor(raw: string, generics: string[]): string {
  return genericLine(generics, undefined, parse(raw));
}
