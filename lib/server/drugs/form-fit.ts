import "server-only";

/**
 * Whether a dosage form written on a line can be the product at all. Forms are grouped by how they are taken; a
 * written form of another group ("Tab O2", "Tab insulin") names a product that does not exist, so the line is not
 * read with confidence as that product.
 */
const GROUPS: Record<string, string> = {
  tablet: "oral", capsule: "oral", syrup: "oral", suspension: "oral", sachet: "oral", granules: "oral", "chewing gum": "oral",
  injection: "injection",
  inhaler: "inhaled", rotacap: "inhaled", respules: "inhaled",
  cream: "skin", ointment: "skin", gel: "skin", lotion: "skin", shampoo: "skin", patch: "skin",
  "eye drops": "eye", "ear drops": "ear", "nasal drops": "nasal", "nasal spray": "nasal",
  suppository: "rectal", pessary: "vaginal", "vaginal tablet": "vaginal",
};

/** How a form is taken, or undefined when the form does not say (drops, solution, powder, spray). */
export const formGroup = (form: string): string | undefined => GROUPS[form];

/** Whether the written form and the product's form could be one product: unknown groups never disagree. */
export function formsAgree(written: string, product: string): boolean {
  const a = formGroup(written);
  const b = formGroup(product);
  return !a || !b || a === b;
}

/** Medicines made in one way only: the medical gases and volatile anaesthetics are breathed, insulins injected. */
const ONLY: [RegExp, string][] = [
  [/^(?:oxygen|nitrous oxide|medical air|nitric oxide|heliox|entonox|isoflurane|sevoflurane|desflurane|halothane)$/i, "inhaled"],
  [/^insulin\b/i, "injection"],
];

/** Whether a written form can be this formulary medicine (by its name): "Tab Oxygen" cannot. */
export function formFitsMedicine(written: string, medicine: string): boolean {
  const group = formGroup(written);
  const only = ONLY.find(([re]) => re.test(medicine.trim()))?.[1];
  return !group || !only || group === only;
}
