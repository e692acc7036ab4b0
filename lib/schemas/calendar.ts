import { TZDate, tz } from "@date-fns/tz";
import { addDays as addDaysTo, differenceInCalendarDays, format, getISODay, isValid, parse, startOfISOWeek } from "date-fns";

/**
 * Calendar days (YYYY-MM-DD) and clinic clocks through date-fns. Days are reckoned in UTC so the
 * host's own zone can never move them; instants are read in the clinic's IANA zone with TZDate.
 */
const UTC = tz("UTC");
const DAY = "yyyy-MM-dd";

const asDay = (day: string) => parse(day, DAY, new Date(0), { in: UTC });

/** Whether `value` is a YYYY-MM-DD that names a real day (31/02 and 29/02 of a common year do not). */
export function isRealDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && isValid(asDay(value));
}

export function addDays(day: string, n: number): string {
  return format(addDaysTo(asDay(day), n, { in: UTC }), DAY);
}

/** Days from `from` to `to`, both included. */
export function daysInclusive(from: string, to: string): number {
  return differenceInCalendarDays(asDay(to), asDay(from), { in: UTC }) + 1;
}

/** ISO weekday of a calendar day, 1 = Monday. */
export function weekdayOf(day: string): number {
  return getISODay(asDay(day));
}

/** Monday of the week a day falls in. */
export function mondayOf(day: string): string {
  return format(startOfISOWeek(asDay(day), { in: UTC }), DAY);
}

/** DD/MM/YYYY for a calendar day, whatever the zone. */
export function displayDay(day: string): string {
  return format(asDay(day), "dd/MM/yyyy");
}

/** An instant written with a date-fns pattern on the clock of `timeZone` (an IANA name or an offset such as +05:30). */
export function formatInZone(instant: string | number | Date, timeZone: string, pattern: string): string {
  return format(new TZDate(new Date(instant).getTime(), timeZone), pattern);
}

/**
 * The clinic's day and clock of an instant are read on every render of a week (two or three per
 * slot, hundreds per week): through one cached Intl formatter per IANA zone they cost ~1 µs, where
 * a TZDate and a date-fns pattern cost ~11–30 µs and made switching weeks a 50 ms long task.
 * Offsets such as +05:30, which Intl does not take as a zone here, go through TZDate.
 */
const zoneFormatters = new Map<string, Intl.DateTimeFormat | null>();
function zoneFormatter(kind: "day" | "time", timeZone: string): Intl.DateTimeFormat | null {
  const key = `${kind}|${timeZone}`;
  let f = zoneFormatters.get(key);
  if (f === undefined) {
    try {
      f =
        kind === "day"
          ? new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
          : new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    } catch {
      f = null;
    }
    zoneFormatters.set(key, f);
  }
  return f;
}

/** The calendar day (YYYY-MM-DD) of an instant on the clock of `timeZone`. */
export const dayInZone = (instant: string | number | Date, timeZone: string) =>
  zoneFormatter("day", timeZone)?.format(new Date(instant)) ?? formatInZone(instant, timeZone, DAY);

/** 24-hour HH:mm of an instant on the clock of `timeZone`. */
export const timeInZone = (instant: string | number | Date, timeZone: string) =>
  zoneFormatter("time", timeZone)?.format(new Date(instant)) ?? formatInZone(instant, timeZone, "HH:mm");
