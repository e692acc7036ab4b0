import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { addDays, dayInZone, daysInclusive, displayDay, isRealDay, mondayOf, timeInZone, weekdayOf } from "./calendar";
import { formatInZone } from "./zone-format";
import { ageOn } from "./patient-age";

// The process zone stands in for a browser or server elsewhere; it is not configuration.
// eslint-disable-next-line no-restricted-properties
const processEnv = process.env;
const original = processEnv.TZ;
afterEach(() => {
  processEnv.TZ = original;
});

// Zones where local midnight, DST or a skipped day could move a naive calculation.
const hostZone = fc.constantFrom("UTC", "Asia/Kolkata", "America/Sao_Paulo", "America/Los_Angeles", "Pacific/Apia", "Asia/Beirut");
const MS_PER_DAY = 86_400_000;
// Independent oracle: whole UTC days since the epoch.
const oracleDay = (n: number) => new Date(n * MS_PER_DAY).toISOString().slice(0, 10);
const dayNumber = fc.integer({ min: Date.UTC(1890, 0, 1) / MS_PER_DAY, max: Date.UTC(2100, 11, 31) / MS_PER_DAY });
// India has kept +05:30 without daylight saving since 1945; earlier years had other offsets.
const modernDay = fc.integer({ min: Date.UTC(1950, 0, 1) / MS_PER_DAY, max: Date.UTC(2100, 11, 31) / MS_PER_DAY });
const instant = fc.integer({ min: Date.UTC(1950, 0, 1), max: Date.UTC(2100, 0, 1) });
const IST_MS = (5 * 60 + 30) * 60_000;

describe("calendar days", () => {
  it("adds and counts days like whole UTC days, whatever the host's zone", () => {
    fc.assert(
      fc.property(hostZone, dayNumber, fc.integer({ min: -4000, max: 4000 }), (zone, n, k) => {
        processEnv.TZ = zone;
        const day = oracleDay(n);
        expect(addDays(day, k)).toBe(oracleDay(n + k));
        expect(daysInclusive(day, oracleDay(n + k))).toBe(k + 1);
      }),
      { numRuns: 200 },
    );
  });

  it("starts every week on the Monday on or before the day", () => {
    fc.assert(
      fc.property(hostZone, dayNumber, (zone, n) => {
        processEnv.TZ = zone;
        const day = oracleDay(n);
        const monday = mondayOf(day);
        expect(weekdayOf(monday)).toBe(1);
        expect(new Date(Date.parse(monday)).getUTCDay()).toBe(1);
        const back = daysInclusive(monday, day) - 1;
        expect(back).toBe(weekdayOf(day) - 1);
        expect(back).toBeGreaterThanOrEqual(0);
        expect(back).toBeLessThan(7);
      }),
      { numRuns: 200 },
    );
  });

  it("knows which YYYY-MM-DD are real days", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1890, max: 2100 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 31 }), (y, m, d) => {
        const text = `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
        const real = new Date(Date.UTC(y, m - 1, d)).getUTCDate() === d;
        expect(isRealDay(text)).toBe(real);
        if (real) expect(displayDay(text)).toBe(`${text.slice(8)}/${text.slice(5, 7)}/${text.slice(0, 4)}`);
      }),
    );
    expect(isRealDay("2026-2-3")).toBe(false);
    expect(isRealDay("2028-02-29")).toBe(true);
    expect(isRealDay("2100-02-29")).toBe(false);
  });
});

describe("clinic clocks", () => {
  it("reads every instant on India's clock (+05:30, no daylight saving) whatever the host's zone", () => {
    fc.assert(
      fc.property(hostZone, instant, (zone, t) => {
        processEnv.TZ = zone;
        const ist = new Date(t + IST_MS).toISOString();
        expect(dayInZone(t, "Asia/Kolkata")).toBe(ist.slice(0, 10));
        expect(timeInZone(t, "Asia/Kolkata")).toBe(ist.slice(11, 16));
        expect(dayInZone(t, "+05:30")).toBe(ist.slice(0, 10));
      }),
      { numRuns: 200 },
    );
  });

  it("puts the first and the last minute of an Indian day on that day, and UTC's midnight on the right side", () => {
    fc.assert(
      fc.property(modernDay, (n) => {
        const day = oracleDay(n);
        const start = Date.parse(`${day}T00:00:00+05:30`);
        expect(dayInZone(start, "Asia/Kolkata")).toBe(day);
        expect(dayInZone(start - 1, "Asia/Kolkata")).toBe(addDays(day, -1));
        expect(dayInZone(start + MS_PER_DAY - 1, "Asia/Kolkata")).toBe(day);
        expect(dayInZone(start + MS_PER_DAY, "Asia/Kolkata")).toBe(addDays(day, 1));
        // 00:00 UTC is already 05:30 in India: the same calendar day.
        expect(dayInZone(Date.parse(`${day}T00:00:00Z`), "Asia/Kolkata")).toBe(day);
      }),
      { numRuns: 200 },
    );
  });

  it("reads a day and a clock through the cached formatter exactly as date-fns reads them, daylight saving included", () => {
    const zones = fc.constantFrom("Asia/Kolkata", "Asia/Kathmandu", "Europe/London", "America/New_York", "Australia/Lord_Howe", "UTC");
    fc.assert(
      fc.property(hostZone, zones, instant, (host, zone, t) => {
        processEnv.TZ = host;
        expect(dayInZone(t, zone)).toBe(formatInZone(t, zone, "yyyy-MM-dd"));
        expect(timeInZone(t, zone)).toBe(formatInZone(t, zone, "HH:mm"));
      }),
      { numRuns: 300 },
    );
  });

  it("reads India's and UTC's clock by arithmetic exactly as Intl reads it, and India's war-time clock through Intl", () => {
    const intl = (t: number, timeZone: string) => {
      const parts = Object.fromEntries(
        new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
          .formatToParts(t)
          .map((p) => [p.type, p.value]),
      );
      return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
    };
    const zones = fc.constantFrom("Asia/Kolkata", "Asia/Calcutta", "UTC", "Etc/UTC");
    // From 1940 (before India's last change of clock, 15/10/1945) to 2200, minutes around that change weighted in.
    const change = Date.UTC(1945, 9, 14, 17, 30);
    const when = fc.oneof(fc.integer({ min: Date.UTC(1940, 0, 1), max: Date.UTC(2200, 0, 1) }), fc.integer({ min: change - 2 * MS_PER_DAY, max: change + 2 * MS_PER_DAY }));
    fc.assert(
      fc.property(hostZone, zones, when, (host, zone, t) => {
        processEnv.TZ = host;
        const expected = intl(t, zone);
        expect(dayInZone(t, zone)).toBe(expected.day);
        expect(timeInZone(t, zone)).toBe(expected.time);
      }),
      { numRuns: 500 },
    );
    // 1944 in India was +06:30: 18:00 UTC was already the next day's 00:30.
    expect(dayInZone("1944-06-01T18:00:00Z", "Asia/Kolkata")).toBe("1944-06-02");
    expect(timeInZone("1944-06-01T18:00:00Z", "Asia/Kolkata")).toBe("00:30");
    expect(() => dayInZone("not a time", "Asia/Kolkata")).toThrow(RangeError);
  });

  it("writes a pattern on the clinic's clock", () => {
    expect(formatInZone("2026-11-23T18:40:05Z", "Asia/Kolkata", "dd/MM/yyyy, HH:mm:ss")).toBe("24/11/2026, 00:10:05");
    expect(formatInZone("2026-03-08T10:30:00Z", "America/New_York", "HH:mm")).toBe("06:30");
  });
});

describe("age on a birthday", () => {
  it("is exactly N years, 0 months, 0 days on the Nth birthday", () => {
    fc.assert(
      fc.property(dayNumber, fc.integer({ min: 0, max: 120 }), (n, years) => {
        const dob = oracleDay(n);
        fc.pre(dob.slice(5) !== "02-29");
        const birthday = `${String(Number(dob.slice(0, 4)) + years).padStart(4, "0")}${dob.slice(4)}`;
        expect(ageOn(dob, birthday)).toEqual({ years, months: 0, days: 0 });
        if (years > 0) expect(ageOn(dob, addDays(birthday, -1)).years).toBe(years - 1);
      }),
      { numRuns: 200 },
    );
  });
});
