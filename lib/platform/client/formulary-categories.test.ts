import { describe, expect, it } from "vitest";
import { DRUG_CATEGORIES } from "@/lib/schemas/drug-categories";
import { NLEM_SECTIONS } from "@/lib/platform/fake/formulary-vocabulary";

describe("the desk's drug categories and the sandbox's formulary", () => {
  // The sandbox keeps its own list (it imports nothing of the desk); the desk files every entry it reads under one of its categories.
  it("name the same NLEM sections, so every entry the sandbox answers has a category on the desk", () => {
    expect([...DRUG_CATEGORIES].sort()).toEqual([...NLEM_SECTIONS].sort());
  });
});
