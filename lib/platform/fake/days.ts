/**
 * The sandbox's own calendar arithmetic on YYYY-MM-DD days (reckoned in UTC, so the host's zone never
 * moves them) and the day of an instant on a clinic's clock. Written for the emulator: it shares no
 * code with the desk, which may reckon its days however it likes.
 */
const DAY_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

function utcMs(day: string): number {
  const m = DAY_RE.exec(day);
  if (!m) throw new RangeError(`not a day: ${day}`);
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
}

const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** Whether `value` is a YYYY-MM-DD naming a real day (31/02 and 29/02 of a common year do not). */
export function isRealDay(value: string): boolean {
  const m = DAY_RE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

export const addDays = (day: string, n: number): string => toDay(utcMs(day) + n * MS_PER_DAY);

/** Days from `from` to `to`, both included. */
export const daysInclusive = (from: string, to: string): number => Math.round((utcMs(to) - utcMs(from)) / MS_PER_DAY) + 1;

/** ISO weekday, 1 = Monday. */
export const weekdayOf = (day: string): number => ((new Date(utcMs(day)).getUTCDay() + 6) % 7) + 1;

/** The day of an instant on the clock of `timeZone` (an IANA name or an offset such as +05:30). */
export function dayInZone(instant: string | number | Date, timeZone: string): string {
  const offset = /^([+-])(\d{2}):?(\d{2})$/.exec(timeZone);
  if (offset) {
    const minutes = (offset[1] === "-" ? -1 : 1) * (Number(offset[2]) * 60 + Number(offset[3]));
    return toDay(new Date(instant).getTime() + minutes * 60_000);
  }
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(instant));
}

/** Longest window the slot listing accepts, in calendar days (platform notes, "Slots"). */
export const MAX_WINDOW_DAYS = 10;

const ISO_RE = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** The calendar day of a `start_date` / `end_date` as the platform receives it (a day or an ISO instant), or undefined. */
export function requestDay(value: string): string | undefined {
  const m = ISO_RE.exec(value.trim());
  if (!m) return undefined;
  const day = `${m[1]}-${m[2]}-${m[3]}`;
  if (!isRealDay(day)) return undefined;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59)) return undefined;
  return day;
}
