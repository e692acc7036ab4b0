import { describe, expect, it } from "vitest";
import { dayInZone, weekdayOf } from "../../lib/schemas/calendar";
import { DATE_MATRIX, QUICK_DATES, faketimeStart } from "./matrix";

const day = (name: string) => dayInZone(Date.parse(DATE_MATRIX.find((d) => d.name === name)!.at), "Asia/Kolkata");

describe("the date matrix", () => {
  it("holds the days the issue names, each what it says in India", () => {
    expect(weekdayOf(day("sunday"))).toBe(7);
    expect(day("financial-year-end")).toBe("2027-03-31");
    expect(day("year-end")).toBe("2026-12-31");
    expect(day("leap-day")).toBe("2028-02-29");
    // 02:00 IST is still the previous day in UTC.
    const night = DATE_MATRIX.find((d) => d.name === "night")!.at;
    expect(new Date(night).toISOString().slice(0, 10)).not.toBe(day("night"));
    for (const q of QUICK_DATES) expect(DATE_MATRIX.some((d) => d.name === q)).toBe(true);
  });

  it("gives faketime the instant in this process's local time", () => {
    const start = faketimeStart("2027-03-31T23:50:00+05:30");
    const [, date, time] = /^@(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})$/.exec(start)!;
    expect(new Date(`${date}T${time}`).getTime()).toBe(Date.parse("2027-03-31T18:20:00Z"));
    expect(() => faketimeStart("31/03/2027")).toThrow(/not a date-time/);
  });
});
