import { dayInZone } from "@/lib/schemas/calendar";

/**
 * India's financial year runs from 1 April to 31 March: "2026-27" for any day from 01/04/2026 to
 * 31/03/2027, read on the clinic's own calendar (its time zone), never the server's.
 */
export function financialYearOfDay(day: string): string {
  const [y, m] = day.split("-").map(Number) as [number, number];
  const start = m >= 4 ? y : y - 1;
  return `${start}-${String((start + 1) % 100).padStart(2, "0")}`;
}

export function financialYear(at: number | Date, timeZone: string): string {
  return financialYearOfDay(dayInZone(at, timeZone));
}

/** RC/2026-27/000123: series, financial year and a six-digit number (wider once past 999999). */
export function documentLabel(series: "RC" | "CN", fy: string, n: number): string {
  return `${series}/${fy}/${String(n).padStart(6, "0")}`;
}
