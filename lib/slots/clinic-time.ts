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

// Building a formatter costs far more than using one; a week view labels over a hundred slots.
const weekdayFormatters = new Map<string, Intl.DateTimeFormat>();

/** Short weekday name of a calendar day in the interface language. */
export function weekdayName(day: string, locale: string, width: "short" | "long" = "short"): string {
  const key = `${locale}:${width}`;
  let f = weekdayFormatters.get(key);
  if (!f) weekdayFormatters.set(key, (f = new Intl.DateTimeFormat(locale === "hi" ? "hi-IN" : "en-IN", { weekday: width, timeZone: "UTC" })));
  return f.format(new Date(`${day}T12:00:00Z`));
}
