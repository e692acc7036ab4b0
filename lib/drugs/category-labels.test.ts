import { describe, expect, it } from "vitest";
import { DRUG_CATEGORIES } from "@/lib/schemas/drug-categories";
import en from "@/lib/i18n/messages/drugs/en.json";
import hi from "@/lib/i18n/messages/drugs/hi.json";
import { categoryKey } from "./category-key";

describe("the drug category filter in both languages (issue 29, item 10)", () => {
  const enNames: Record<string, string> = (en.drugs as { categories?: Record<string, string> }).categories ?? {};
  const hiNames: Record<string, string> = (hi.drugs as { categories?: Record<string, string> }).categories ?? {};

  it("names every NLEM section in English as the formulary does", () => {
    for (const name of DRUG_CATEGORIES) expect(enNames[categoryKey(name)], name).toBe(name);
  });

  it("names every NLEM section in Hindi, in Devanagari", () => {
    for (const name of DRUG_CATEGORIES) expect(hiNames[categoryKey(name)] ?? "", name).toMatch(/[\u0900-\u097F]/);
  });

  it("gives every section its own key", () => {
    expect(new Set(DRUG_CATEGORIES.map(categoryKey)).size).toBe(DRUG_CATEGORIES.length);
  });
});
