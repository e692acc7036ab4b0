import { TZDate } from "@date-fns/tz";
import { format } from "date-fns";

/**
 * An instant written with a date-fns pattern on the clock of `timeZone` (an IANA name or an offset
 * such as +05:30). Apart from ./calendar.ts, so the pages that only need days and clinic clocks do
 * not download date-fns's formatter.
 */
export function formatInZone(instant: string | number | Date, timeZone: string, pattern: string): string {
  return format(new TZDate(new Date(instant).getTime(), timeZone), pattern);
}
