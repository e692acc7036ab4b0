import fc from "fast-check";
import { tz } from "@date-fns/tz";
import { addDays as addDaysTo, format, getISODay, isValid, parse, startOfISOWeek } from "date-fns";
import { afterEach, describe, expect, it } from "vitest";
import { addDays, displayDay, isRealDay, mondayOf, weekdayOf } from "./calendar";
import { formatIsoDate, parseIndianDate } from "./patient-age";

// calendar.ts and patient-age.ts read and write days by hand (no date-fns parser or formatter in the
// pages' first download); date-fns's parse and format, which they used before, are the oracle here.
// eslint-disable-next-line no-restricted-properties
const processEnv = process.env;
const original = processEnv.TZ;
afterEach(() => {
  processEnv.TZ = original;
});

const UTC = tz("UTC");
const hostZone = fc.constantFrom("UTC", "Asia/Kolkata", "America/Los_Angeles", "Pacific/Apia");
const twoDigits = fc.integer({ min: 0, max: 39 }).map((n) => String(n).padStart(2, "0"));
const year = fc.oneof(fc.integer({ min: 100, max: 9999 }), fc.integer({ min: 1880, max: 2110 })).map((n) => String(n).padStart(4, "0"));
/** Mostly real days, many impossible ones (31/02, 29/02 of a common year, month 13, day 00). */
const isoText = fc.tuple(year, twoDigits, twoDigits).map(([y, m, d]) => `${y}-${m}-${d}`);

const oracleDay = (day: string) => parse(day, "yyyy-MM-dd", new Date(0), { in: UTC });
const refuses = (f: () => unknown) => {
  try {
    f();
    return false;
  } catch (err) {
    return err instanceof RangeError;
  }
};

describe("days by hand agree with date-fns", () => {
  it("calendar days: real or not, the next and previous days, the week's Monday, the weekday, DD/MM/YYYY", () => {
    fc.assert(
      fc.property(hostZone, isoText, fc.integer({ min: -800, max: 800 }), (zone, day, n) => {
        processEnv.TZ = zone;
        const real = isValid(oracleDay(day));
        expect(isRealDay(day)).toBe(real);
        if (!real) {
          expect(refuses(() => addDays(day, n))).toBe(true);
          expect(refuses(() => displayDay(day))).toBe(true);
          return;
        }
        expect(addDays(day, n)).toBe(format(addDaysTo(oracleDay(day), n, { in: UTC }), "yyyy-MM-dd"));
        expect(mondayOf(day)).toBe(format(startOfISOWeek(oracleDay(day), { in: UTC }), "yyyy-MM-dd"));
        expect(weekdayOf(day)).toBe(getISODay(oracleDay(day)));
        expect(displayDay(day)).toBe(format(oracleDay(day), "dd/MM/yyyy"));
      }),
      { numRuns: 400 },
    );
  });

  it("typed DD/MM/YYYY days and ISO dates of birth", () => {
    fc.assert(
      fc.property(hostZone, isoText, fc.constantFrom("/", "-", "."), fc.boolean(), (zone, iso, sep, short) => {
        processEnv.TZ = zone;
        const [y, m, d] = iso.split("-") as [string, string, string];
        const typed = [short ? String(Number(d)) : d, short ? String(Number(m)) : m, y].join(sep);
        const oracle = parse(`${Number(d)}/${Number(m)}/${y}`, "d/M/yyyy", new Date(2000, 0, 1));
        expect(parseIndianDate(typed)).toBe(isValid(oracle) ? format(oracle, "yyyy-MM-dd") : null);
        const local = parse(iso, "yyyy-MM-dd", new Date(2000, 0, 1));
        expect(formatIsoDate(iso)).toBe(isValid(local) ? format(local, "dd/MM/yyyy") : iso);
      }),
      { numRuns: 400 },
    );
  });
});
