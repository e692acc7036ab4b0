import { describe, expect, it } from "vitest";
import { isAskedStrength, listedStrengths, listedUnderForm } from "./strengths";

const AUGMENTIN =
  "Tablets 375 mg (250 + 125), 625 mg (500 + 125) and 1 g (875 + 125); dry syrup 228.5 mg (200 + 28.5)/5 mL and 457 mg (400 + 57)/5 mL; paediatric drops; injection 1.2 g (1 g + 200 mg) and 600 mg (500 + 100 mg).";
const PARACETAMOL =
  "Tablets 500 mg and 650 mg; oral suspension 125 mg/5 mL and 250 mg/5 mL; paediatric drops 100 mg/mL; suppositories 80 mg and 170 mg; injection 150 mg/mL; intravenous infusion 10 mg/mL (100 mL).";

describe("strengths listed in an entry's availability", () => {
  it("keeps a strength per volume one strength, even with its breakdown in brackets (issue 29, item 9)", () => {
    const texts = listedStrengths(AUGMENTIN).map((s) => s.text);
    expect(texts).toContain("228.5 mg/5 mL");
    expect(texts).toContain("457 mg/5 mL");
    expect(texts).not.toContain("5 mL");
    expect(texts).not.toContain("228.5 mg");
  });

  it("marks the syrup strengths when a syrup was asked for, and only those (issue 29, item 9)", () => {
    const marked = listedStrengths(PARACETAMOL).filter((s) => listedUnderForm(s, "syrup")).map((s) => s.text);
    expect(marked).toEqual(["125 mg/5 mL", "250 mg/5 mL"]);
    expect(listedStrengths(PARACETAMOL).filter((s) => listedUnderForm(s, "tablet")).map((s) => s.text)).toEqual(["500 mg", "650 mg"]);
    expect(listedStrengths(PARACETAMOL).some((s) => listedUnderForm(s, undefined))).toBe(false);
  });

  it("marks the strength typed", () => {
    expect(listedStrengths(PARACETAMOL).filter((s) => isAskedStrength(s, "650")).map((s) => s.text)).toEqual(["650 mg"]);
  });
});
