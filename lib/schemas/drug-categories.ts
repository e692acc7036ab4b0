/**
 * Therapeutic sections of India's National List of Essential Medicines, used as
 * `generic_category` by the formulary. The platform has no endpoint that lists them.
 */
export const DRUG_CATEGORIES = [
  "Anaesthesia",
  "Analgesics, antipyretics, NSAIDs",
  "Antiallergics and medicines used in anaphylaxis",
  "Antidotes and substances used in poisoning",
  "Anticonvulsants / antiepileptics",
  "Anti-infective medicines",
  "Antimigraine medicines",
  "Antineoplastic and immunosuppressive medicines",
  "Antiparkinsonism medicines",
  "Medicines affecting the blood",
  "Blood products and plasma substitutes",
  "Cardiovascular medicines",
  "Dermatological medicines",
  "Diagnostic agents",
  "Dialysis solutions",
  "Disinfectants and antiseptics",
  "Gastrointestinal medicines",
  "Hormones, other endocrine medicines and contraceptives",
  "Immunologicals",
  "Muscle relaxants and cholinesterase inhibitors",
  "Ophthalmological preparations",
  "Oxytocics and antioxytocics",
  "Psychotherapeutic medicines",
  "Medicines acting on the respiratory tract",
  "Solutions correcting water, electrolyte and acid-base disturbances",
  "Vitamins and minerals",
  "Ear, nose and throat medicines",
  "Medicines for urological disorders",
  "Medicines used in palliative care",
] as const;
export type DrugCategory = (typeof DRUG_CATEGORIES)[number];

export const PREGNANCY_CATEGORIES = ["A", "B", "C", "D", "X"] as const;
export const DRUG_SCHEDULES = ["H", "H1", "X", "G", ""] as const;
