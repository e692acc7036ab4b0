import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { abhaAddressProblem, abhaNumberDigits, formatAbhaNumber, normaliseAbhaAddress } from "./abha";
import { AbhaAddress, AbhaNumber } from "./patient-fields";

const digits14 = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 14, maxLength: 14 }).map((d) => d.join(""));
/** The same digits as a receptionist might type them: hyphens or spaces anywhere between digits. */
const typed = digits14.chain((d) =>
  fc.array(fc.constantFrom("", "", "-", " ", "  ", " - "), { minLength: 13, maxLength: 13 }).map((seps) => [...d].map((c, i) => c + (seps[i] ?? "")).join("")),
);
const letter = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_");
const inner = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789._");
const last = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789_");
const handle = fc.tuple(letter, fc.array(inner, { minLength: 2, maxLength: 29 }), last).map(([a, m, z]) => a + m.join("") + z);

describe("ABHA number", () => {
  it("reads 14 digits typed with or without hyphens and spaces, and shows them as XX-XXXX-XXXX-XXXX", () => {
    fc.assert(
      fc.property(digits14, typed, (d, t) => {
        expect(abhaNumberDigits(d)).toBe(d);
        const shown = formatAbhaNumber(d);
        expect(shown).toMatch(/^\d{2}-\d{4}-\d{4}-\d{4}$/);
        expect(shown.replace(/-/g, "")).toBe(d);
        expect(formatAbhaNumber(shown)).toBe(shown);
        const read = abhaNumberDigits(t);
        expect(read).not.toBeNull();
        expect(AbhaNumber.parse(t)).toBe(formatAbhaNumber(read!));
      }),
    );
  });

  it("refuses anything that is not exactly 14 digits", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (s) => {
        const d = s.replace(/[\s-]+/g, "");
        fc.pre(!/^\d{14}$/.test(d.trim()));
        expect(abhaNumberDigits(s)).toBeNull();
        expect(AbhaNumber.safeParse(s).success).toBe(false);
        expect(formatAbhaNumber(s)).toBe(s);
      }),
    );
    for (const bad of ["1234567890123", "123456789012345", "12-3456-7890-123a", "١٢٣٤٥٦٧٨٩٠١٢٣٤", "12\u00003456789012345", "12\ud8003456789012345", "x".repeat(100_000)]) {
      expect(AbhaNumber.safeParse(bad).success, bad.slice(0, 20)).toBe(false);
    }
  });

  it("says what is wrong with the field's message key", () => {
    const r = AbhaNumber.safeParse("12-34");
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("patients.errors.abhaNumber.format");
  });
});

describe("ABHA address", () => {
  it("takes name@abdm and name@sbx in any case and keeps them in lower case", () => {
    fc.assert(
      fc.property(handle, fc.constantFrom("abdm", "sbx", "ABDM", "Sbx"), (h, domain) => {
        const address = `${h}@${domain}`;
        expect(abhaAddressProblem(address)).toBeNull();
        expect(AbhaAddress.parse(`  ${address} `)).toBe(address.toLowerCase());
        expect(normaliseAbhaAddress(address)).toBe(address.toLowerCase());
      }),
    );
    expect(AbhaAddress.parse("91234567890123@abdm")).toBe("91234567890123@abdm");
  });

  it("refuses other domains, with their own message", () => {
    fc.assert(
      fc.property(handle, fc.stringMatching(/^[a-z]{1,10}$/), (h, domain) => {
        fc.pre(domain !== "abdm" && domain !== "sbx");
        expect(abhaAddressProblem(`${h}@${domain}`)).toBe("domain");
        expect(AbhaAddress.safeParse(`${h}@${domain}`).error?.issues[0]?.message).toBe("patients.errors.abha.domain");
      }),
    );
  });

  it("refuses handles ABDM's policy refuses", () => {
    for (const bad of ["abc@abdm", "1asha@abdm", ".asha@abdm", "asha.@abdm", "as ha@abdm", "asha-v@abdm", "asha@@abdm", "asha", "@abdm", "a".repeat(33) + "@abdm", "1234567890@abdm", "asha\u0000v@abdm", "asha\ud800@abdm", "<script>@abdm"]) {
      expect(AbhaAddress.safeParse(bad).success, bad).toBe(false);
    }
  });

  it("never accepts a character outside letters, digits, dot, underscore and one @", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 50 }), (s) => {
        const r = AbhaAddress.safeParse(s);
        if (r.success) expect(r.data).toMatch(/^[a-z0-9._]{4,32}@(abdm|sbx)$/);
      }),
    );
  });
});
