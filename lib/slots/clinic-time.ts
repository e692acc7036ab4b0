import { addDays } from "@/lib/schemas/slots";

/**
 * Slot times are read in the clinic's time zone, never the browser's: a receptionist on a
 * laptop set to UTC must see the same 09:00 as the doctor in Mumbai.
 */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const timeFormatters = new Map<string, Intl.DateTimeFormat>();

function dayFormatter(timeZone: string) {
  let f = dayFormatters.get(timeZone);
  if (!f) dayFormatters.set(timeZone, (f = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })));
  return f;
}

/** The clinic's calendar day (YYYY-MM-DD) of an instant. */
export function clinicDay(instant: string | number | Date, timeZone: string): string {
  return dayFormatter(timeZone).format(new Date(instant));
}

/** 24-hour HH:mm in the clinic's zone. */
export function clinicTime(instant: string | number | Date, timeZone: string): string {
  let f = timeFormatters.get(timeZone);
  if (!f) timeFormatters.set(timeZone, (f = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" })));
  return f.format(new Date(instant));
}

/** ISO weekday of a calendar day, 1 = Monday. */
export function weekdayOf(day: string): number {
  const d = new Date(`${day}T00:00:00Z`).getUTCDay();
  return d === 0 ? 7 : d;
}

/** Monday of the week a day falls in. */
export function mondayOf(day: string): string {
  return addDays(day, 1 - weekdayOf(day));
}

export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** DD/MM/YYYY for a calendar day, whatever the zone. */
export function displayDay(day: string): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

// Building a formatter costs far more than using one; a week view labels over a hundred slots.
const weekdayFormatters = new Map<string, Intl.DateTimeFormat>();

/** Short weekday name of a calendar day in the interface language. */
export function weekdayName(day: string, locale: string, width: "short" | "long" = "short"): string {
  const key = `${locale}:${width}`;
  let f = weekdayFormatters.get(key);
  if (!f) weekdayFormatters.set(key, (f = new Intl.DateTimeFormat(locale === "hi" ? "hi-IN" : "en-IN", { weekday: width, timeZone: "UTC" })));
  return f.format(new Date(`${day}T12:00:00Z`));
}
