// Every formulary data file the sandbox serves: the starter list plus one file per NLEM section.
import starter from "./data/formulary.json";
import anaesthesia from "./data/nlem/anaesthesia.json";
import analgesicsAntipyreticsNsaids from "./data/nlem/analgesics-antipyretics-nsaids.json";
import antiInfectiveMedicines from "./data/nlem/anti-infective-medicines.json";
import antiallergicsAndMedicinesUsedInAnaphylaxis from "./data/nlem/antiallergics-and-medicines-used-in-anaphylaxis.json";
import anticonvulsantsAntiepileptics from "./data/nlem/anticonvulsants-antiepileptics.json";
import antidotesAndSubstancesUsedInPoisoning from "./data/nlem/antidotes-and-substances-used-in-poisoning.json";
import antimigraineMedicines from "./data/nlem/antimigraine-medicines.json";
import antineoplasticAndImmunosuppressiveMedicines from "./data/nlem/antineoplastic-and-immunosuppressive-medicines.json";
import antiparkinsonismMedicines from "./data/nlem/antiparkinsonism-medicines.json";
import bloodProductsAndPlasmaSubstitutes from "./data/nlem/blood-products-and-plasma-substitutes.json";
import cardiovascularMedicines from "./data/nlem/cardiovascular-medicines.json";
import dermatologicalMedicines from "./data/nlem/dermatological-medicines.json";
import diagnosticAgents from "./data/nlem/diagnostic-agents.json";
import dialysisSolutions from "./data/nlem/dialysis-solutions.json";
import disinfectantsAndAntiseptics from "./data/nlem/disinfectants-and-antiseptics.json";
import earNoseAndThroatMedicines from "./data/nlem/ear-nose-and-throat-medicines.json";
import gastrointestinalMedicines from "./data/nlem/gastrointestinal-medicines.json";
import hormonesOtherEndocrineMedicinesAndContraceptives from "./data/nlem/hormones-other-endocrine-medicines-and-contraceptives.json";
import immunologicals from "./data/nlem/immunologicals.json";
import medicinesActingOnTheRespiratoryTract from "./data/nlem/medicines-acting-on-the-respiratory-tract.json";
import medicinesAffectingTheBlood from "./data/nlem/medicines-affecting-the-blood.json";
import medicinesForUrologicalDisorders from "./data/nlem/medicines-for-urological-disorders.json";
import medicinesUsedInPalliativeCare from "./data/nlem/medicines-used-in-palliative-care.json";
import muscleRelaxantsAndCholinesteraseInhibitors from "./data/nlem/muscle-relaxants-and-cholinesterase-inhibitors.json";
import ophthalmologicalPreparations from "./data/nlem/ophthalmological-preparations.json";
import oxytocicsAndAntioxytocics from "./data/nlem/oxytocics-and-antioxytocics.json";
import psychotherapeuticMedicines from "./data/nlem/psychotherapeutic-medicines.json";
import solutionsCorrectingWaterElectrolyteAndAcidBaseDisturbances from "./data/nlem/solutions-correcting-water-electrolyte-and-acid-base-disturbances.json";
import vitaminsAndMinerals from "./data/nlem/vitamins-and-minerals.json";

export const FORMULARY_FILES: { file: string; entries: unknown }[] = [
  { file: "formulary.json", entries: starter },
  { file: "nlem/anaesthesia.json", entries: anaesthesia },
  { file: "nlem/analgesics-antipyretics-nsaids.json", entries: analgesicsAntipyreticsNsaids },
  { file: "nlem/anti-infective-medicines.json", entries: antiInfectiveMedicines },
  { file: "nlem/antiallergics-and-medicines-used-in-anaphylaxis.json", entries: antiallergicsAndMedicinesUsedInAnaphylaxis },
  { file: "nlem/anticonvulsants-antiepileptics.json", entries: anticonvulsantsAntiepileptics },
  { file: "nlem/antidotes-and-substances-used-in-poisoning.json", entries: antidotesAndSubstancesUsedInPoisoning },
  { file: "nlem/antimigraine-medicines.json", entries: antimigraineMedicines },
  { file: "nlem/antineoplastic-and-immunosuppressive-medicines.json", entries: antineoplasticAndImmunosuppressiveMedicines },
  { file: "nlem/antiparkinsonism-medicines.json", entries: antiparkinsonismMedicines },
  { file: "nlem/blood-products-and-plasma-substitutes.json", entries: bloodProductsAndPlasmaSubstitutes },
  { file: "nlem/cardiovascular-medicines.json", entries: cardiovascularMedicines },
  { file: "nlem/dermatological-medicines.json", entries: dermatologicalMedicines },
  { file: "nlem/diagnostic-agents.json", entries: diagnosticAgents },
  { file: "nlem/dialysis-solutions.json", entries: dialysisSolutions },
  { file: "nlem/disinfectants-and-antiseptics.json", entries: disinfectantsAndAntiseptics },
  { file: "nlem/ear-nose-and-throat-medicines.json", entries: earNoseAndThroatMedicines },
  { file: "nlem/gastrointestinal-medicines.json", entries: gastrointestinalMedicines },
  { file: "nlem/hormones-other-endocrine-medicines-and-contraceptives.json", entries: hormonesOtherEndocrineMedicinesAndContraceptives },
  { file: "nlem/immunologicals.json", entries: immunologicals },
  { file: "nlem/medicines-acting-on-the-respiratory-tract.json", entries: medicinesActingOnTheRespiratoryTract },
  { file: "nlem/medicines-affecting-the-blood.json", entries: medicinesAffectingTheBlood },
  { file: "nlem/medicines-for-urological-disorders.json", entries: medicinesForUrologicalDisorders },
  { file: "nlem/medicines-used-in-palliative-care.json", entries: medicinesUsedInPalliativeCare },
  { file: "nlem/muscle-relaxants-and-cholinesterase-inhibitors.json", entries: muscleRelaxantsAndCholinesteraseInhibitors },
  { file: "nlem/ophthalmological-preparations.json", entries: ophthalmologicalPreparations },
  { file: "nlem/oxytocics-and-antioxytocics.json", entries: oxytocicsAndAntioxytocics },
  { file: "nlem/psychotherapeutic-medicines.json", entries: psychotherapeuticMedicines },
  { file: "nlem/solutions-correcting-water-electrolyte-and-acid-base-disturbances.json", entries: solutionsCorrectingWaterElectrolyteAndAcidBaseDisturbances },
  { file: "nlem/vitamins-and-minerals.json", entries: vitaminsAndMinerals },
];
