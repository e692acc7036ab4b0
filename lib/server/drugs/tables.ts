import "server-only";
import { z } from "zod";
import brandRows from "./data/brands.json";
import moreBrandRows from "./data/brands-more.json";
import genericsHi from "./data/generics-hi.json";
import herbalProducts from "./data/herbal.json";
import otherMedicines from "./data/other-medicines.json";
import { compactKey, letterMask, phoneticKey } from "./text";
import { devanagariKey } from "./hindi";

/** One row of data/brands.json (and data/brands-more.json, read after it): [brand, manufacturer, composition with strengths, form, Devanagari name]. */
export const BrandRow = z.tuple([z.string().min(1), z.string().min(1), z.string().min(3), z.string().min(2), z.string().regex(/[\u0900-\u097F]/, "needs Devanagari")]);

/** "Paracetamol 650 mg", "Insulin glargine 100 IU/ml", "Paracetamol 120 mg/5 ml" (a liquid's strength per volume). */
const COMPONENT = /^(.+?)\s+(\d[\d.]*\s*(?:mg|mcg|g|ml|IU|%)(?:\/\s*(?:\d[\d.]*\s*)?ml)?)$/;
/** Words of a brand's name that say its form or route ("Deriphyllin Injection", "Calpol Drops", "Pan IV"), not which medicine it is. */
const FORM_WORDS = new Set(["injection", "inj", "iv", "syrup", "suspension", "drops", "eye", "ear", "nasal", "cream", "ointment", "gel", "lotion", "respules", "inhaler", "spray"]);

export interface BrandComponent {
  name: string;
  strength?: string;
}

export interface Brand {
  name: string;
  manufacturer: string;
  /** "Amoxicillin 500 mg + Clavulanic acid 125 mg" */
  composition: string;
  components: BrandComponent[];
  form: string;
  devanagari: string;
  /** Generic name(s) the platform is asked for: "Amoxicillin + Clavulanic acid". */
  generic: string;
  /** Compact name: "dolo650". */
  key: string;
  /** Compact name without its number words: "dolo". */
  family: string;
  familyWords: number;
  /** Compact name without its number and form words: "calpol" for Calpol 650, Calpol Suspension and Calpol Drops alike. */
  base: string;
}

const numberWord = (w: string) => /^\d/.test(w);

export function parseBrand(row: z.infer<typeof BrandRow>): Brand {
  const [name, manufacturer, composition, form, devanagari] = row;
  const components = composition.split(" + ").map((part): BrandComponent => {
    const m = COMPONENT.exec(part.trim());
    return m ? { name: m[1]!, strength: m[2]! } : { name: part.trim() };
  });
  const words = name.split(/[\s-]+/).filter((w) => !numberWord(w));
  return {
    name,
    manufacturer,
    composition,
    components,
    form,
    devanagari,
    generic: components.map((c) => c.name).join(" + "),
    key: compactKey(name),
    family: compactKey(words.join("")),
    familyWords: words.length,
    base: compactKey(words.filter((w) => !FORM_WORDS.has(w.toLowerCase())).join("")),
  };
}

export const BRANDS: readonly Brand[] = z.array(BrandRow).parse([...brandRows, ...moreBrandRows]).map(parseBrand);

/** Devanagari and generic spellings: generic name → its Devanagari spellings. */
export const GENERICS_HI: Readonly<Record<string, string[]>> = z.record(z.string(), z.array(z.string().regex(/[\u0900-\u097F]/)).min(1)).parse(genericsHi);

/** Medicine names the desk knows are not among these generics: no near-spelling of a generic stands in for them. */
export const OTHER_MEDICINES: readonly string[] = z.array(z.string().min(3)).parse(otherMedicines);

/** Herbal and ayurvedic products desks see on prescriptions: known as not in the formulary, never read as a generic. */
export const HERBAL: readonly string[] = z.array(z.string().min(3)).parse(herbalProducts);
export const HERBAL_KEYS: ReadonlySet<string> = new Set(HERBAL.map(compactKey));

/** Form and unit words typed in Hindi, as the Latin words the parser knows. */
const HINDI_WORDS: Record<string, string> = {
  गोली: "tablet", गोलियां: "tablet", टैबलेट: "tablet", टेबलेट: "tablet", कैप्सूल: "capsule", सिरप: "syrup", शरबत: "syrup", इंजेक्शन: "injection", सुई: "injection",
  ड्रॉप्स: "drops", ड्रॉप: "drops", बूंद: "drops", बूंदें: "drops", क्रीम: "cream", मलहम: "ointment", जेल: "gel", इनहेलर: "inhaler", पाउडर: "powder", सैशे: "sachet",
  लोशन: "lotion", स्प्रे: "spray", "खाली पेट": "khali pet", "रात को": "raat ko", सुबह: "subah", "खाने के बाद": "after food", "खाने से पहले": "before food",
  "सोते समय": "at bedtime", "सुबह शाम": "subah shaam", मिलीग्राम: "mg", एमजी: "mg", ग्राम: "g", माइक्रोग्राम: "mcg", एमसीजी: "mcg", मिलीलीटर: "ml", एमएल: "ml", यूनिट: "iu",
};
const HINDI_UNITS = new Set(["ग्राम", "मिलीग्राम", "एमजी", "एमएल"]);

function group<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (!k) continue;
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

const genericNames = [...new Set([...Object.keys(GENERICS_HI), ...BRANDS.flatMap((b) => b.components.map((c) => c.name))])];

export const INDEX = {
  brandByKey: group(BRANDS, (b) => b.key),
  brandsByFamily: group(BRANDS, (b) => (b.family.length >= 3 ? b.family : "")),
  /** One brand's products in every form: "Inj Deriphyllin" is Deriphyllin's injection, "Syp Calpol 250" its 250 mg/5 ml suspension. */
  brandsByBase: group(BRANDS, (b) => b.base),
  /** Compact keys of each brand's first words ("t", "tbact"): a dosing-looking word that begins a brand stays in the name. */
  brandFamilyPrefixes: new Set(
    BRANDS.flatMap((b) => {
      const words = b.name.toLowerCase().split(/[\s-]+/).filter((w) => !numberWord(w));
      return words.slice(0, -1).map((_, i) => compactKey(words.slice(0, i + 1).join("")));
    }),
  ),
  families: [...new Set(BRANDS.filter((b) => b.family.length >= 4).map((b) => b.family))],
  familyPhonetic: new Map(BRANDS.map((b) => [b.family, phoneticKey(b.family)])),
  familyMask: new Map(BRANDS.map((b) => [b.family, letterMask(b.family)])),
  genericMasks: [...new Set(genericNames)].map((g) => [compactKey(g), letterMask(compactKey(g))] as const),
  genericByKey: new Map(genericNames.map((g) => [compactKey(g), g])),
  genericsByPhonetic: group(genericNames, phoneticKey),
  genericPhonetics: [...new Set(genericNames.map(phoneticKey))],
  otherKeys: new Set(OTHER_MEDICINES.map(compactKey)),
  otherPhonetics: new Set(OTHER_MEDICINES.map(phoneticKey)),
  /** Devanagari key → what it means in Latin letters: a generic name or a brand's name without its numbers. */
  devanagari: new Map<string, string>([
    ...Object.entries(GENERICS_HI).flatMap(([generic, spellings]) => spellings.map((s) => [devanagariKey(s), generic] as [string, string])),
    ...BRANDS.map((b) => [devanagariKey(b.devanagari.split(" ").filter((w) => !/^[\d\u0966-\u096F]/.test(w) && !HINDI_UNITS.has(w)).join(" ")), b.name.split(/\s+/).filter((w) => !numberWord(w)).join(" ")] as [string, string]),
    ...Object.entries(HINDI_WORDS).map(([hi, en]) => [devanagariKey(hi), en] as [string, string]),
  ]),
};

const brandsByComponents = group(BRANDS, (b) => b.components.map((c) => compactKey(c.name)).sort().join("+"));

/** Brands whose composition is exactly this entry's medicine ("also sold as"), in table order. */
export function brandsOf(entry: { name: string; components: readonly string[] }, limit = 12): Brand[] {
  const byComponents = brandsByComponents.get(entry.components.map(compactKey).sort().join("+")) ?? [];
  const byName = brandsByComponents.get(compactKey(entry.name)) ?? [];
  return [...new Set([...byComponents, ...byName])].slice(0, limit);
}
