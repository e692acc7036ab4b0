import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { getDaysInMonth } from "date-fns";
import {
  EARLIEST_DOB,
  SALUTATION_AGE_RULES,
  ageOn,
  dobFromAge,
  formatIsoDate,
  parseIndianDate,
  readAge,
  readDob,
  suggestDesignation,
  typeAge,
} from "./patient-age";

const TODAY = "2026-05-20";
const pad = (n: number, w = 2) => String(n).padStart(w, "0");

/** Real calendar dates between EARLIEST_DOB and TODAY, as ISO. */
const realDob = fc
  .date({ min: new Date(Date.UTC(1890, 0, 1)), max: new Date(Date.UTC(2026, 4, 20)), noInvalidDate: true })
  .map((d) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`);

/** Day/month/year triples where the day does not exist in that month. */
const impossibleDate = fc
  .record({ year: fc.integer({ min: 1890, max: 2100 }), month: fc.integer({ min: 1, max: 12 }), extra: fc.integer({ min: 1, max: 10 }) })
  .map(({ year, month, extra }) => ({ year, month, day: getDaysInMonth(new Date(year, month - 1, 1)) + extra }))
  .filter(({ day }) => day <= 99);

describe("the date of birth ↔ age model", () => {
  it("DOB → age → DOB gives the same date back, for every real date of birth", () => {
    fc.assert(
      // Plain comparisons rather than expect(): 2000 runs × 5 matchers was most of this file's time; fast-check names the failing DOB.
      fc.property(realDob, (dob) => {
        const age = ageOn(dob, TODAY);
        return age.months >= 0 && age.months <= 11 && age.days >= 0 && age.days <= 30 && dobFromAge(age, TODAY) === dob;
      }),
      { numRuns: 2000 },
    );
  });

  it("a date typed DD/MM/YYYY reads back as the same ISO date and prints the same way", () => {
    fc.assert(
      fc.property(realDob, (dob) => {
        const typed = formatIsoDate(dob);
        expect(typed).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
        expect(readDob(typed, TODAY)).toEqual({ state: "ok", iso: dob });
        expect(parseIndianDate(typed)).toBe(dob);
      }),
    );
  });

  it("refuses every day a month does not have (31/02/1990, 29/02 of a common year), never filling an age", () => {
    fc.assert(
      fc.property(impossibleDate, fc.constantFrom("/", "-", "."), ({ year, month, day }, sep) => {
        const typed = `${pad(day)}${sep}${pad(month)}${sep}${year}`;
        expect(readDob(typed, TODAY)).toEqual({ state: "not-a-date" });
        expect(parseIndianDate(typed)).toBeNull();
      }),
    );
    expect(readDob("31/02/1990", TODAY).state).toBe("not-a-date");
    expect(readDob("29/02/2023", TODAY).state).toBe("not-a-date");
    expect(readDob("29/02/2024", TODAY)).toEqual({ state: "ok", iso: "2024-02-29" });
    expect(readDob("00/01/1990", TODAY).state).toBe("not-a-date");
    expect(readDob("12/13/1990", TODAY).state).toBe("not-a-date");
  });

  it("tells an empty field, a wrong format, a future date and a date before 1890 apart", () => {
    expect(readDob("  ", TODAY)).toEqual({ state: "empty" });
    expect(readDob("1990-04-12", TODAY)).toEqual({ state: "format" });
    expect(readDob("12/04/90", TODAY)).toEqual({ state: "format" });
    expect(readDob("21/05/2026", TODAY)).toEqual({ state: "future" });
    expect(readDob("20/05/2026", TODAY)).toEqual({ state: "ok", iso: "2026-05-20" });
    expect(readDob("31/12/1889", TODAY)).toEqual({ state: "too-old" });
    expect(readDob(formatIsoDate(EARLIEST_DOB), TODAY).state).toBe("ok");
  });

  it("typing years starts a new estimate: months and days typed before are cleared", () => {
    expect(typeAge({ ageYears: "36", ageMonths: "8", ageDays: "21" }, "ageYears", "50")).toEqual({ ageYears: "50", ageMonths: "", ageDays: "" });
    expect(typeAge({ ageYears: "2", ageMonths: "3", ageDays: "9" }, "ageMonths", "4")).toEqual({ ageYears: "2", ageMonths: "4", ageDays: "" });
    expect(typeAge({ ageYears: "2", ageMonths: "3", ageDays: "" }, "ageDays", "1a2")).toEqual({ ageYears: "2", ageMonths: "3", ageDays: "12" });
  });

  it("reads the age boxes and says which one is out of range", () => {
    expect(readAge({ ageYears: "", ageMonths: "", ageDays: "" })).toEqual({ state: "empty" });
    expect(readAge({ ageYears: "50", ageMonths: "", ageDays: "" })).toEqual({ state: "ok", age: { years: 50, months: 0, days: 0 } });
    expect(readAge({ ageYears: "131", ageMonths: "", ageDays: "" })).toEqual({ state: "invalid", field: "ageYears" });
    expect(readAge({ ageYears: "1", ageMonths: "12", ageDays: "" })).toEqual({ state: "invalid", field: "ageMonths" });
    expect(readAge({ ageYears: "1", ageMonths: "1", ageDays: "31" })).toEqual({ state: "invalid", field: "ageDays" });
  });

  it("an age in range always points to a date of birth the model accepts", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 120 }), fc.integer({ min: 0, max: 11 }), fc.integer({ min: 0, max: 30 }), (years, months, days) => {
        const dob = dobFromAge({ years, months, days }, TODAY);
        expect(readDob(formatIsoDate(dob), TODAY)).toEqual({ state: "ok", iso: dob });
        expect(ageOn(dob, TODAY).years).toBe(years);
      }),
    );
  });
});

describe("the salutation suggested by gender and age", () => {
  const age = (years: number, months = 0, days = 0) => ({ years, months, days });
  it("follows the age rules written in SALUTATION_AGE_RULES", () => {
    expect(suggestDesignation("M", age(0, 0, 5))).toBe("Baby.");
    expect(suggestDesignation("F", age(0, 11, 30))).toBe("Baby.");
    expect(suggestDesignation("M", age(3))).toBe("Master.");
    expect(suggestDesignation("F", age(3))).toBe("Miss.");
    expect(suggestDesignation("M", age(SALUTATION_AGE_RULES.minorUnderYears - 1))).toBe("Master.");
    expect(suggestDesignation("M", age(SALUTATION_AGE_RULES.minorUnderYears))).toBe("Mr.");
    expect(suggestDesignation("F", age(35))).toBe("Ms.");
    expect(suggestDesignation("M", age(35))).toBe("Mr.");
    expect(suggestDesignation("O", age(35))).toBeUndefined();
    expect(suggestDesignation("O", age(0, 2))).toBe("Baby.");
    expect(suggestDesignation(undefined, age(35))).toBeUndefined();
    expect(suggestDesignation("F", null)).toBeUndefined();
  });

  it("never suggests Baby. past the first year, whatever the gender", () => {
    fc.assert(
      fc.property(fc.constantFrom("M" as const, "F" as const, "O" as const), fc.integer({ min: 1, max: 130 }), fc.integer({ min: 0, max: 11 }), (g, y, m) => {
        expect(suggestDesignation(g, age(y, m))).not.toBe("Baby.");
      }),
    );
  });
});
