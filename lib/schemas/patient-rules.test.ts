import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { anyCodePoint } from "@/lib/testing/arbitraries";
import { Extras, extrasProblems, EXTRAS_MAX_KEY_LENGTH, withoutIgnoredExtras } from "./patient-extras";
import { DateOfBirth, Email, Mobile, OtherName, todayInIndia } from "./patient-fields";
import { ProfileCreateRules as ProfileCreateBody } from "../platform/client/patient-rules";
import { designationOf, displayNameOf, properCase } from "./patient-names";
import { ageOn, dobFromAge, formatIsoDate, parseIndianDate, suggestDesignation } from "./patient-age";

const key = fc.string({ minLength: 1, maxLength: EXTRAS_MAX_KEY_LENGTH }).filter((k) => !k.startsWith("_") && k.trim() !== "");
const scalar = fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.constant(null));
const flatList = fc.array(scalar, { maxLength: 5 });
const group = fc.dictionary(key, fc.oneof(scalar, flatList), { maxKeys: 4 });
/** Extras that keep all five rules. */
const validExtras = fc.dictionary(key, fc.oneof(scalar, flatList, group), { maxKeys: 6 });

describe("extras: the five rules of spec 2.1", () => {
  it("accepts every value built within the rules, unchanged", () => {
    fc.assert(
      fc.property(validExtras, (extras) => {
        expect(extrasProblems(extras)).toEqual([]);
        expect(Extras.parse(extras)).toEqual(extras);
      }),
    );
  });

  it("refuses a list inside a list, wherever it is put (rule 1)", () => {
    fc.assert(
      fc.property(validExtras, key, flatList, (extras, k, inner) => {
        const problems = extrasProblems({ ...extras, [k]: [inner] });
        expect(problems.some((p) => p.path[0] === k && p.message === "patients.errors.extras.listInList")).toBe(true);
      }),
    );
  });

  it("refuses a dictionary inside a list (rule 2)", () => {
    fc.assert(
      fc.property(validExtras, key, group, (extras, k, dict) => {
        expect(Extras.safeParse({ ...extras, [k]: [1, dict] }).success).toBe(false);
      }),
    );
  });

  it("refuses a second level of nesting in dictionaries (rule 3)", () => {
    fc.assert(
      fc.property(validExtras, key, key, group, (extras, outer, inner, dict) => {
        const problems = extrasProblems({ ...extras, [outer]: { [inner]: dict } });
        expect(problems.some((p) => p.path.join(".") === `${outer}.${inner}` && p.message === "patients.errors.extras.nesting")).toBe(true);
      }),
    );
  });

  it("ignores _-keys and everything under them, at both levels (rule 4)", () => {
    fc.assert(
      fc.property(validExtras, key, fc.anything(), (extras, k, junk) => {
        const withJunk = { ...extras, [`_${k}`]: junk };
        expect(extrasProblems(withJunk)).toEqual([]);
        expect(Extras.parse(withJunk)).toEqual(extras);
        expect(withoutIgnoredExtras({ g: { [`_${k}`]: 1, a: 2 } })).toEqual({ g: { a: 2 } });
      }),
    );
  });

  it("refuses keys longer than 16 characters, and only those (rule 5)", () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 40 }).filter((k) => !k.startsWith("_") && k.trim() !== ""), (k) => {
        const ok = Extras.safeParse({ [k]: 1 }).success && Extras.safeParse({ g: { [k]: 1 } }).success;
        expect(ok).toBe(k.length <= EXTRAS_MAX_KEY_LENGTH);
      }),
    );
  });
});

describe("extras keys the platform refuses are refused at the desk first", () => {
  // The sandbox's random seed under faketime stored {"\u0000": []} and the desk read it back as {"": []}.
  const cases: [string, Record<string, unknown>, string][] = [
    ["NUL alone", { "\u0000": [] }, "contains a character that cannot be stored"],
    ["empty", { "": 1 }, "patients.errors.extras.keyEmpty"],
    ["a tab inside", { "w\tard": "B" }, "patients.errors.extras.keyControl"],
    ["a bell inside a group", { ward: { "b\u0007ed": 1 } }, "patients.errors.extras.keyControl"],
    ["a C1 control", { "\u0085x": 1 }, "patients.errors.extras.keyControl"],
    ["half a surrogate pair", { "\ud800": "x" }, "contains a character that cannot be stored"],
  ];
  it.each(cases)("%s: refused with the field's message", (_, extras, message) => {
    const r = Extras.safeParse(extras);
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.message)).toContainEqual(expect.stringContaining(message));
  });

  it("accepts exactly the keys without control characters (any printable text, Devanagari included)", () => {
    fc.assert(
      fc.property(fc.string({ unit: anyCodePoint, minLength: 1, maxLength: EXTRAS_MAX_KEY_LENGTH }).filter((k) => !k.startsWith("_") && k.trim() !== "" && k.length <= EXTRAS_MAX_KEY_LENGTH), (k) => {
        const clean = !/[\p{Cc}\p{Cs}]/u.test(k);
        expect(Extras.safeParse({ [k]: 1 }).success).toBe(clean);
        expect(Extras.safeParse({ g: { [k]: 1 } }).success).toBe(clean);
      }),
    );
    expect(Extras.safeParse({ वार्ड: "B" }).success).toBe(true);
  });
});

describe("names and e-mail", () => {
  it("takes a name of spaces only as not given, not as a bad name", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[ \t]{0,6}$/), (blank) => {
        expect(OtherName().parse(blank)).toBe("");
        const body = ProfileCreateBody.parse({ fn: "Asha", dob: "1990-04-12", gen: "F", mn: blank, ln: blank, fln: blank });
        expect([body.mn, body.ln, body.fln]).toEqual(["", "", ""]);
      }),
    );
    expect(OtherName().safeParse(" 9 ").success).toBe(false);
  });

  it("proper case is idempotent and survives the platform's lowercasing", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zA-Z][a-zA-Z '-]{0,20}$/), (name) => {
        const shown = properCase(name);
        expect(properCase(shown)).toBe(shown);
        expect(properCase(name.toLowerCase())).toBe(shown);
        expect(shown.toLowerCase()).toBe(name.toLowerCase());
      }),
    );
    expect(properCase("o'brien-shah")).toBe("O'Brien-Shah");
    expect(displayNameOf({ salutation: "mrs.", firstName: "asha", middleName: "", lastName: "verma" })).toBe("Mrs. Asha Verma");
    expect(designationOf("b/o")).toBe("B/O");
  });

  it("every address the schema accepts is still accepted once lowercased (as the platform stores it)", () => {
    fc.assert(
      fc.property(fc.emailAddress(), (email) => {
        const parsed = Email.safeParse(email);
        if (parsed.success) expect(Email.safeParse(parsed.data.toLowerCase()).success).toBe(true);
      }),
    );
  });

  it("the create body needs fn, dob and gen", () => {
    expect(ProfileCreateBody.safeParse({ fn: "A", dob: "1990-01-01", gen: "M" }).success).toBe(true);
    for (const missing of ["fn", "dob", "gen"]) {
      const body: Record<string, string> = { fn: "A", dob: "1990-01-01", gen: "M" };
      delete body[missing];
      const r = ProfileCreateBody.safeParse(body);
      expect(r.success).toBe(false);
      expect(r.error!.issues[0]!.path).toEqual([missing]);
    }
  });
});

describe("mobile, dates and age", () => {
  it("accepts Indian mobiles of 10 digits starting 6–9 and nothing else after +91", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{1,12}$/), (digits) => {
        expect(Mobile.safeParse(`+91${digits}`).success).toBe(/^[6-9]\d{9}$/.test(digits));
      }),
    );
    expect(Mobile.safeParse("+447700900123").success).toBe(true);
    expect(Mobile.safeParse("9812345678").success).toBe(false);
  });

  it("refuses impossible and future dates of birth", () => {
    expect(DateOfBirth.safeParse("2023-02-29").success).toBe(false);
    expect(DateOfBirth.safeParse("2024-02-29").success).toBe(true);
    expect(DateOfBirth.safeParse(todayInIndia()).success).toBe(true);
    const tomorrow = new Date(Date.now() + 36 * 3600_000);
    expect(DateOfBirth.safeParse(todayInIndia(tomorrow)).success).toBe(todayInIndia(tomorrow) === todayInIndia());
  });

  it("age → date of birth → age gives the same age back", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 110 }), fc.integer({ min: 0, max: 11 }), fc.integer({ min: 0, max: 27 }), (years, months, days) => {
        const today = "2026-11-23";
        expect(ageOn(dobFromAge({ years, months, days }, today), today)).toEqual({ years, months, days });
      }),
    );
  });

  it("reads and writes DD/MM/YYYY", () => {
    expect(parseIndianDate("12/4/1990")).toBe("1990-04-12");
    expect(parseIndianDate("1990-04-12")).toBeNull();
    expect(formatIsoDate("1990-04-12")).toBe("12/04/1990");
  });

  it("suggests a salutation from gender and age", () => {
    expect(suggestDesignation("F", { years: 34, months: 0, days: 0 })).toBe("Ms.");
    expect(suggestDesignation("M", { years: 8, months: 0, days: 0 })).toBe("Master.");
    expect(suggestDesignation("M", { years: 0, months: 3, days: 0 })).toBe("Baby.");
    expect(suggestDesignation("O", { years: 30, months: 0, days: 0 })).toBeUndefined();
  });
});
