import { afterEach, describe, expect, it } from "vitest";
import { clinicDay, clinicTime, displayDay, mondayOf, weekDays, weekdayName } from "./clinic-time";

// The test plays browsers in other zones by changing the process zone; not configuration.
// eslint-disable-next-line no-restricted-properties
const processEnv = process.env;
const original = processEnv.TZ;
afterEach(() => {
  processEnv.TZ = original;
});

const slotsAt = ["2026-11-23T09:00:00+05:30", "2026-11-23T00:15:00+05:30", "2026-11-22T23:45:00+05:30", "2026-11-23T03:30:00.000Z"];

describe("clinic time zone", () => {
  it("shows the same clinic times to a browser in UTC, in Asia/Kolkata and in Los Angeles", () => {
    const seen = ["UTC", "Asia/Kolkata", "America/Los_Angeles"].map((tz) => {
      processEnv.TZ = tz;
      return slotsAt.map((s) => `${clinicDay(s, "Asia/Kolkata")} ${clinicTime(s, "Asia/Kolkata")}`);
    });
    expect(seen[0]).toEqual(["2026-11-23 09:00", "2026-11-23 00:15", "2026-11-22 23:45", "2026-11-23 09:00"]);
    expect(seen[1]).toEqual(seen[0]);
    expect(seen[2]).toEqual(seen[0]);
  });

  it("puts a just-after-midnight slot on the clinic's day, not the UTC day", () => {
    processEnv.TZ = "UTC";
    expect(clinicDay("2026-11-23T00:15:00+05:30", "Asia/Kolkata")).toBe("2026-11-23");
    expect(new Date("2026-11-23T00:15:00+05:30").toISOString().slice(0, 10)).toBe("2026-11-22");
  });

  it("finds Monday and the week's days across month and year ends", () => {
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(mondayOf("2026-11-29")).toBe("2026-11-23");
    expect(mondayOf("2027-01-01")).toBe("2026-12-28");
    expect(weekDays("2026-12-28")).toEqual(["2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02", "2027-01-03"]);
    expect(displayDay("2027-01-03")).toBe("03/01/2027");
  });
});

describe("weekday names", () => {
  it("name each day of a week as Intl does in en-IN and hi-IN, short and long, and refuse a day that is none", () => {
    const days = weekDays("2026-11-23").concat(weekDays("1999-12-27"), weekDays("2100-02-22"));
    for (const [locale, intlLocale] of [["en", "en-IN"], ["hi", "hi-IN"]] as const)
      for (const width of ["short", "long"] as const) {
        const intl = new Intl.DateTimeFormat(intlLocale, { weekday: width, timeZone: "UTC" });
        for (const day of days) expect(weekdayName(day, locale, width)).toBe(intl.format(new Date(`${day}T12:00:00Z`)));
      }
    expect(weekdayName("2026-11-23", "hi", "long")).toBe("सोमवार");
    expect(() => weekdayName("2026-02-30", "en")).toThrow(RangeError);
  });
});
