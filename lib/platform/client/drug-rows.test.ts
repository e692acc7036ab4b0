import { describe, expect, it } from "vitest";
import { PharmacologyListResponse, type PharmacologyEntry } from "@/lib/platform/wire/drugs";
import { DrugListEntry } from "@/lib/schemas/drugs";
import { toDrugEntry, toDrugListEntry } from "./drugs";

const entry: PharmacologyEntry = {
  generic_name: "Paracetamol",
  components: ["Paracetamol"],
  is_compound: false,
  page_number: 12,
  reference_page_number: 0,
  has_references: 2,
  is_a_reference: false,
  pregnancy_category: "B",
  indications: "Pain; fever.",
  availability: "Tablet 500 mg, 650 mg",
  dose: "500 mg to 1 g every 4 to 6 hours",
  contraindications: "Severe hepatic impairment.",
  precautions: "Alcohol dependence.",
  precautions_appendix: "",
  adverse_effects: "Rare: rashes.",
  storage: "Below 30 °C.",
  schedule: "",
  note: "",
  additional_keys: "PCM, acetaminophen",
  generic_category: "Analgesics",
  comments: "",
};

describe("list rows of a platform search", () => {
  it("keeps what the list shows and what tells entries apart, and no monograph text", () => {
    const row = toDrugListEntry(entry);
    expect(row).toEqual({
      name: "Paracetamol",
      components: ["Paracetamol"],
      isCompound: false,
      category: "Analgesics",
      schedule: "",
      pageNumber: 12,
      referencePageNumber: 0,
      isReference: false,
    });
    expect(DrugListEntry.strict().parse(row)).toEqual(row);
    // The row is the monograph's own fields, by the same names.
    expect(toDrugEntry(entry)).toMatchObject(row);
  });

  it("parses only the row's fields of a platform answer, whatever else an entry carries", () => {
    const parsed = PharmacologyListResponse.parse({ results: [{ ...entry, indications: 42, dose: null }], search_info: { total: 1 } });
    expect(Object.keys(parsed.results[0]!).sort()).toEqual(
      ["additional_keys", "components", "generic_category", "generic_name", "is_a_reference", "is_compound", "page_number", "reference_page_number", "schedule"].sort(),
    );
    expect(() => PharmacologyListResponse.parse({ results: [{ ...entry, generic_name: 7 }] })).toThrow();
  });
});
