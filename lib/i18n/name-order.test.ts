import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareNames } from "./name-order";

const sign = (n: number) => Math.sign(n);

describe("name order", () => {
  it("orders Latin names as localeCompare does, case included", () => {
    const word = fc.stringMatching(/^[A-Za-z]{1,8}$/);
    const name = fc.tuple(fc.constantFrom("", "Dr. ", "dr. "), fc.array(word, { minLength: 1, maxLength: 3 })).map(([title, words]) => title + words.join(" "));
    fc.assert(
      fc.property(name, name, (a, b) => {
        expect(sign(compareNames(a, b))).toBe(sign(a.localeCompare(b, "en")));
      }),
      { numRuns: 2000 },
    );
    const sameLetters = ["Dr. MEERA Iyer", "Dr. Meera Iyer", "dr. meera iyer", "Dr. meera Iyer", "Dr. Arjun"];
    expect([...sameLetters].sort(compareNames)).toEqual([...sameLetters].sort((a, b) => a.localeCompare(b, "en")));
  });

  it("orders Devanagari names in the alphabet's order, as localeCompare does", () => {
    const names = ["अनिल", "आशा", "इंदु", "कविता", "किरण", "गीता", "चंदा", "मीरा", "राजेश", "सुनीता", "हरीश"];
    const shuffled = [...names].reverse();
    expect(shuffled.sort(compareNames)).toEqual(names);
    expect([...names].reverse().sort((a, b) => a.localeCompare(b, "hi"))).toEqual(names);
  });
});
