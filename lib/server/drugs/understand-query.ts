import "server-only";
import type { DrugQueryUnderstood } from "@/lib/schemas/drugs";
import { asciiDigits, DEVANAGARI, devanagariKey, romanise } from "./hindi";
import { INDEX, type Brand } from "./tables";
import { bitCount, compactKey, editDistance, letterMask, normalizeLatin, phoneticKey } from "./text";

const FORMS: Record<string, string> = {
  tab: "tablet", tabs: "tablet", tablet: "tablet", tablets: "tablet", cap: "capsule", caps: "capsule", capsule: "capsule", capsules: "capsule",
  syp: "syrup", syr: "syrup", syrup: "syrup", susp: "suspension", suspension: "suspension", inj: "injection", injection: "injection", injections: "injection",
  amp: "injection", ampoule: "injection", vial: "injection", drop: "drops", drops: "drops", gtt: "drops", cream: "cream", crm: "cream", oint: "ointment",
  ointment: "ointment", gel: "gel", lotion: "lotion", inhaler: "inhaler", mdi: "inhaler", puff: "inhaler", rotacap: "rotacap", rotacaps: "rotacap",
  respules: "respules", respule: "respules", nebule: "respules", nebules: "respules", sachet: "sachet", sachets: "sachet", powder: "powder",
  spray: "spray", solution: "solution", soln: "solution", shampoo: "shampoo", suppository: "suppository", pessary: "pessary", patch: "patch",
  granules: "granules", pen: "injection",
};
const ROUTES: Record<string, string> = {
  oral: "oral", po: "oral", iv: "intravenous", intravenous: "intravenous", im: "intramuscular", intramuscular: "intramuscular", sc: "subcutaneous",
  subcut: "subcutaneous", subcutaneous: "subcutaneous", topical: "topical", local: "topical", eye: "eye", ophthalmic: "eye", ear: "ear", otic: "ear",
  nasal: "nasal", inhalation: "inhalation", vaginal: "vaginal", rectal: "rectal", sublingual: "sublingual", transdermal: "transdermal",
};
/** Release and strength words that belong to a product, not to the medicine: stripped only when they stop a name from matching. */
const MODIFIERS = new Set(["sr", "er", "xr", "xl", "cr", "od", "dt", "md", "mr", "la", "ds", "forte", "plus", "kid", "kids", "junior", "paed", "retard", "dry"]);
/** Salt words: "metoprolol succinate" is metoprolol. */
const SALTS = new Set(["succinate", "tartrate", "hydrochloride", "hcl", "besylate", "besilate", "maleate", "mesylate", "fumarate", "monohydrate", "hyclate", "dihydrate", "sodium", "potassium", "disodium", "bromide"]);
const UNITS: Record<string, string> = {
  mg: "mg", milligram: "mg", milligrams: "mg", mcg: "mcg", ug: "mcg", µg: "mcg", microgram: "mcg", micrograms: "mcg", g: "g", gm: "g", gms: "g",
  gram: "g", grams: "g", ml: "ml", iu: "IU", unit: "IU", units: "IU", "%": "%", k: "k",
};
const STRENGTH = new RegExp(
  String.raw`(?<![\p{L}\p{N}.])(\d+(?:\.\d+)?(?:\s*\/\s*\d+(?:\.\d+)?)*)\s*(${Object.keys(UNITS).sort((a, b) => b.length - a.length).join("|")})?(?:\s*\/\s*(\d+(?:\.\d+)?)?\s*(ml|l|g|dose))?(?![\p{L}\p{N}])`,
  "giu",
);
const SEPARATORS = /\s*(?:\+|,|&|\band\b|\bwith\b|\/(?!\s*\d))\s*/i;

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
}

interface Parsed {
  words: string[];
  numbers: string[];
  strength?: string;
  form?: string;
  route?: string;
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

function parse(raw: string): Parsed {
  const { text, devanagari } = latinise(raw.normalize("NFKC"));
  let strength: string | undefined;
  const numbers: string[] = [];
  const rest = normalizeLatin(text).replace(STRENGTH, (_m, value: string, unit: string | undefined, perValue: string | undefined, perUnit: string | undefined) => {
    const v = value.replace(/\s+/g, "");
    const u = unit ? UNITS[unit.toLowerCase()] : undefined;
    numbers.push(u === "k" ? `${v}k` : v);
    const per = perUnit ? `/${perValue ?? ""}${perValue ? " " : ""}${perUnit.toLowerCase() === "l" ? "L" : perUnit.toLowerCase()}` : "";
    strength ??= u === "k" ? `${Number(v) * 1000} IU` : `${v}${u ? ` ${u}` : ""}${per}`;
    return " ";
  });
  let form: string | undefined;
  let route: string | undefined;
  const words: string[] = [];
  const tokens = rest.split(/\s+/).map((t) => t.replace(/^[.,/]+|[.,/]+$/g, "")).filter(Boolean);
  for (const [i, t] of tokens.entries()) {
    const next = tokens[i + 1];
    if ((t === "eye" || t === "ear" || t === "nasal") && next && FORMS[next]) {
      route ??= ROUTES[t];
      continue;
    }
    if (FORMS[t] && tokens.length > 1) {
      form ??= FORMS[t] === "drops" && route ? `${route} drops` : FORMS[t];
      continue;
    }
    if (ROUTES[t] && tokens.length > 1) {
      route ??= ROUTES[t];
      continue;
    }
    if (words.length && words[words.length - 1] === t) continue;
    words.push(t);
  }
  if (form === "drops" && route) form = `${route} drops`;
  return { words, numbers, strength, form, route, devanagari };
}

const brandUnderstood = (b: Brand) => ({ name: b.name, manufacturer: b.manufacturer, composition: b.composition, form: b.form });

/** Among brands of one family, the one whose strength was asked for, else the first listed. */
function pickVariant(brands: Brand[], numbers: string[]): Brand {
  const asked = new Set(numbers);
  return brands.find((b) => b.components.some((c) => c.strength && asked.has(c.strength.split(" ")[0]!)) || asked.has(b.name.split(/\s+/).at(-1)!)) ?? brands[0]!;
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
    const brands = INDEX.brandsByFamily.get(family)!.filter((b) => b.familyWords === words.length);
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

/** The one generic that sounds like this part, when exactly one is nearest and no known other medicine is as near. */
export function soundsLike(part: string): string | null {
  const key = compactKey(part);
  if (INDEX.otherKeys.has(key)) return null;
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

/** Reads what a doctor or desk typed: brand, generic, strength, form, route, script. Pure and synchronous. */
export function understandQuery(raw: string): Understanding {
  const p = parse(raw);
  const understood: DrugQueryUnderstood = {};
  if (p.strength) understood.strength = p.strength;
  if (p.form) understood.form = p.form;
  if (p.route) understood.route = p.route;
  if (p.devanagari) understood.script = "devanagari";
  const name = p.words.join(" ");
  const base = { understood, name, brandSuggestions: [] as Brand[], otherMedicine: false };

  const { brand, typo, near } = findBrand(p.words, p.numbers);
  if (brand) {
    understood.brand = brandUnderstood(brand);
    understood.generic = brand.components.map((c) => c.name);
    return { ...base, platformQuery: brand.generic, resolved: { generic: brand.generic, via: typo ? "brand-typo" : "brand" } };
  }

  const parts = name.split(SEPARATORS).map((s) => s.trim()).filter(Boolean);
  const resolvedParts = parts.map((part) => resolvePart(part.split(" ")));
  if (parts.length && resolvedParts.every((r) => r)) {
    const generics = [...new Set(resolvedParts.flat() as string[])];
    understood.generic = generics;
    return { ...base, platformQuery: generics.join(" + "), resolved: { generic: generics.join(" + "), via: p.devanagari ? "hindi" : "generic" } };
  }

  const otherMedicine = parts.some((part) => INDEX.otherKeys.has(compactKey(part)));
  if (otherMedicine) understood.otherMedicine = true;
  const sounds = parts.map(soundsLike);
  const fallback = !otherMedicine && sounds.every((s) => s) ? [...new Set(sounds as string[])].join(" + ") : undefined;
  return { ...base, brandSuggestions: near, otherMedicine, platformQuery: parts.join(" + ") || name, fallbackQuery: fallback };
}
