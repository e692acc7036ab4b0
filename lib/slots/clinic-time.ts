import { addDays, dayInZone, displayDay, mondayOf, timeInZone, weekdayOf } from "@/lib/schemas/calendar";

export { displayDay, mondayOf, weekdayOf };

/**
 * Slot times are read in the clinic's time zone, never the browser's: a receptionist on a
 * laptop set to UTC must see the same 09:00 as the doctor in Mumbai.
 */
export const clinicDay = dayInZone;
export const clinicTime = timeInZone;

export function weekDays(monday: string): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/**
 * Weekday names, Monday first, as CLDR writes them for en-IN and hi-IN (a test holds them to Intl's):
 * a table, as a page's first Intl formatter costs ~25 ms of its start-up (ICU's data; ~100 ms on a
 * phone's slower CPU) and the slots page names every day of its week as it starts.
 */
const WEEKDAY_NAMES = {
  en: {
    short: ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"],
    long: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
  },
  hi: {
    short: ["सोम", "मंगल", "बुध", "गुरु", "शुक्र", "शनि", "रवि"],
    long: ["सोमवार", "मंगलवार", "बुधवार", "गुरुवार", "शुक्रवार", "शनिवार", "रविवार"],
  },
} as const;

/** Weekday name of a calendar day in the interface language. */
export function weekdayName(day: string, locale: string, width: "short" | "long" = "short"): string {
  const weekday = weekdayOf(day);
  if (Number.isNaN(weekday)) throw new RangeError("Invalid time value");
  return WEEKDAY_NAMES[locale === "hi" ? "hi" : "en"][width][weekday - 1]!;
}
