/** Strengths the formulary lists for an entry, read from its availability text ("Tablets 500 mg; oral suspension 125 mg/5 mL"). */
export interface ListedStrength {
  /** "500 mg", "228.5 mg/5 mL" */
  text: string;
  /** The form words of the part of the text it was listed in: "tablets", "dry syrup", "oral suspension". */
  form: string;
}

// A breakdown in brackets may stand between a strength and its volume: "228.5 mg (200 + 28.5)/5 mL" is one strength.
const STRENGTH = /(\d+(?:\.\d+)?(?:\s*\+\s*\d+(?:\.\d+)?)*)\s*(mg|micrograms?|mcg|g|ml|mL|IU|%)(?:\s*\([^()]*\))?(\s*\/\s*(?:\d+(?:\.\d+)?\s*)?(?:ml|mL|g|L))?/g;

const numberOf = (s: string) => s.replace(/\s+/g, "").match(/^\d+(?:\.\d+)?/)?.[0];

/** Each strength once, in order, with the form it is listed under. */
export function listedStrengths(availability: string): ListedStrength[] {
  const seen = new Set<string>();
  const out: ListedStrength[] = [];
  for (const part of availability.split(/[;\n]/)) {
    const form = part.trim().match(/^[^\d(]*/)?.[0]?.trim().toLowerCase() ?? "";
    for (const m of part.matchAll(STRENGTH)) {
      const text = `${m[1]!.replace(/\s+/g, " ")} ${m[2]!.replace(/micrograms?/, "mcg")}${m[3] ? m[3].replace(/\s+/g, " ").replace(/\s*\/\s*/, "/") : ""}`;
      if (!seen.has(text) && seen.add(text)) out.push({ text, form });
    }
  }
  return out;
}

/** Words the formulary uses for each form the desk reads in a query. */
const FORM_WORDS: Record<string, RegExp> = {
  tablet: /tablet/, capsule: /capsule/, syrup: /syrup|suspension|oral solution|elixir|oral liquid/, suspension: /syrup|suspension|oral liquid/,
  injection: /injection|infusion|vial|ampoule/, drops: /drops/, "eye drops": /eye drops|ophthalmic/, "ear drops": /ear drops/, "nasal drops": /nasal/,
  cream: /cream/, ointment: /ointment/, gel: /gel/, lotion: /lotion/, inhaler: /inhaler|aerosol/, respules: /respules|nebuli[sz]er|nebulisation|respirator/,
  suppository: /suppositor/, sachet: /sachet|powder|granules/, powder: /powder/, spray: /spray/, solution: /solution/,
};

/** Whether a listed strength belongs to the form asked for: "paracetamol syrup" marks the oral suspension's strengths. */
export function listedUnderForm(strength: ListedStrength, form: string | undefined): boolean {
  const words = form ? FORM_WORDS[form] : undefined;
  return words !== undefined && words.test(strength.form);
}

/** Whether a listed strength is the one typed ("650" or "650 mg" marks "650 mg"). */
export function isAskedStrength(strength: ListedStrength, asked: string | undefined): boolean {
  return asked !== undefined && (numberOf(strength.text) === asked || strength.text.includes(`(${asked}`));
}

export { numberOf as strengthNumber };
