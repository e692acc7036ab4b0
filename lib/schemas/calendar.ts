import { TZDate } from "@date-fns/tz";

/**
 * Calendar days (YYYY-MM-DD) and clinic clocks. Days are reckoned in UTC so the host's own zone can
 * never move them; instants are read in the clinic's IANA zone through Intl. Plain arithmetic on
 * UTC dates, not date-fns's parse and format: this module is in nearly every desk page's first
 * download, and those two (with their locale) were ~12 KiB (gzip) of it. Patterns for an instant
 * in a zone are in ./zone-format.ts.
 */
const MS_PER_DAY = 86_400_000;
const DAY_TEXT = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/** The UTC midnight of a YYYY-MM-DD, or NaN when it names no day. */
function dayStart(day: string): number {
  const m = DAY_TEXT.exec(day);
  if (!m) return NaN;
  const [year, month, date] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(0);
  at.setUTCFullYear(year, month - 1, date); // not Date.UTC, which reads years 0–99 as 1900–1999
  return year > 0 && at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === date ? at.getTime() : NaN;
}

/** As date-fns's format refused a date that is none. */
function validDayStart(day: string): number {
  const ms = dayStart(day);
  if (Number.isNaN(ms)) throw new RangeError("Invalid time value");
  return ms;
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");
const ymd = (year: number, month: number, date: number) => `${pad(year, 4)}-${pad(month, 2)}-${pad(date, 2)}`;

function dayOf(ms: number): string {
  const at = new Date(ms);
  return ymd(at.getUTCFullYear(), at.getUTCMonth() + 1, at.getUTCDate());
}

/** Whether `value` is a YYYY-MM-DD that names a real day (31/02 and 29/02 of a common year do not). */
export function isRealDay(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(dayStart(value));
}

export function addDays(day: string, n: number): string {
  return dayOf(validDayStart(day) + n * MS_PER_DAY);
}

/** Days from `from` to `to`, both included. */
export function daysInclusive(from: string, to: string): number {
  return Math.round((dayStart(to) - dayStart(from)) / MS_PER_DAY) + 1;
}

/** ISO weekday of a calendar day, 1 = Monday. */
export function weekdayOf(day: string): number {
  const ms = dayStart(day);
  return Number.isNaN(ms) ? NaN : new Date(ms).getUTCDay() || 7;
}

/** Monday of the week a day falls in. */
export function mondayOf(day: string): string {
  const ms = validDayStart(day);
  return dayOf(ms - ((new Date(ms).getUTCDay() || 7) - 1) * MS_PER_DAY);
}

/** DD/MM/YYYY for a calendar day, whatever the zone. */
export function displayDay(day: string): string {
  const at = new Date(validDayStart(day));
  return `${pad(at.getUTCDate(), 2)}/${pad(at.getUTCMonth() + 1, 2)}/${pad(at.getUTCFullYear(), 4)}`;
}

/** Day and clock of an instant in a zone Intl does not take (an offset such as +05:30), through TZDate. */
function zoneParts(instant: string | number | Date, timeZone: string) {
  const at = new TZDate(new Date(instant).getTime(), timeZone);
  if (Number.isNaN(at.getTime()) || Number.isNaN(at.getFullYear())) throw new RangeError("Invalid time value");
  return { day: ymd(at.getFullYear(), at.getMonth() + 1, at.getDate()), time: `${pad(at.getHours(), 2)}:${pad(at.getMinutes(), 2)}` };
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

/**
 * Zones whose clock has kept one offset since a known instant: India's has stood at UTC+05:30 since
 * 15/10/1945. Their day and clock are plain arithmetic. A page's first Intl formatter costs ~25 ms
 * (ICU's data; ~100 ms on a phone's slower CPU) and most desk pages read the clinic's day as they
 * start, so the clinic's own zone does not pay it; earlier instants and other zones go through Intl.
 */
const IST = { offsetMs: 330 * 60_000, since: Date.UTC(1945, 9, 15) };
const UTC = { offsetMs: 0, since: -Infinity };
const STEADY_ZONES = new Map([
  ["Asia/Kolkata", IST],
  ["Asia/Calcutta", IST],
  ["UTC", UTC],
  ["Etc/UTC", UTC],
]);

/** The instant moved by a steady zone's offset, so that its UTC fields read that zone's clock; null for other zones and earlier instants. */
function onSteadyClock(instant: string | number | Date, timeZone: string): Date | null {
  const zone = STEADY_ZONES.get(timeZone);
  const ms = new Date(instant).getTime();
  return zone && ms >= zone.since ? new Date(ms + zone.offsetMs) : null; // an invalid date, too, goes on to Intl's RangeError
}

/** The calendar day (YYYY-MM-DD) of an instant on the clock of `timeZone`. */
export function dayInZone(instant: string | number | Date, timeZone: string): string {
  const steady = onSteadyClock(instant, timeZone);
  if (steady) return dayOf(steady.getTime());
  return zoneFormatter("day", timeZone)?.format(new Date(instant)) ?? zoneParts(instant, timeZone).day;
}

/** 24-hour HH:mm of an instant on the clock of `timeZone`. */
export function timeInZone(instant: string | number | Date, timeZone: string): string {
  const steady = onSteadyClock(instant, timeZone);
  if (steady) return `${pad(steady.getUTCHours(), 2)}:${pad(steady.getUTCMinutes(), 2)}`;
  return zoneFormatter("time", timeZone)?.format(new Date(instant)) ?? zoneParts(instant, timeZone).time;
}
