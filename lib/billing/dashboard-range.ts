import { addDays, daysInclusive, isRealDay, mondayOf } from "@/lib/schemas/calendar";
import { parseIndianDate } from "@/lib/schemas/patient-age";

/** The periods the owner's dashboard offers; "custom" takes two days typed DD/MM/YYYY. */
export const DASHBOARD_RANGES = ["today", "week", "month", "fy", "custom"] as const;
export type DashboardRange = (typeof DASHBOARD_RANGES)[number];

/** A custom period is at most a little over a year: the dashboard is sized (and benchmarked) for a financial year. */
export const MAX_RANGE_DAYS = 366;

export type ResolvedRange = { ok: true; from: string; to: string } | { ok: false; field: "from" | "to"; reason: "format" | "order" | "too_long" };

/** 1 April of the financial year a day falls in (India's FY runs April to March). */
export function financialYearStart(day: string): string {
  const [y, m] = day.split("-").map(Number) as [number, number];
  return `${m >= 4 ? y : y - 1}-04-01`;
}

/**
 * The calendar days (YYYY-MM-DD, both included) a period covers, on the clinic's calendar: "this
 * week" runs from Monday, "this month" from the 1st and "this financial year" from 1 April, each to
 * `today`; a custom period reads DD/MM/YYYY (or YYYY-MM-DD, as the page's address keeps it).
 */
export function resolveRange(range: DashboardRange, today: string, custom: { from?: string; to?: string } = {}): ResolvedRange {
  switch (range) {
    case "today":
      return { ok: true, from: today, to: today };
    case "week":
      return { ok: true, from: mondayOf(today), to: today };
    case "month":
      return { ok: true, from: `${today.slice(0, 8)}01`, to: today };
    case "fy":
      return { ok: true, from: financialYearStart(today), to: today };
    case "custom": {
      const from = readDay(custom.from);
      if (!from) return { ok: false, field: "from", reason: "format" };
      const to = readDay(custom.to);
      if (!to) return { ok: false, field: "to", reason: "format" };
      if (to < from) return { ok: false, field: "to", reason: "order" };
      if (daysInclusive(from, to) > MAX_RANGE_DAYS) return { ok: false, field: "to", reason: "too_long" };
      return { ok: true, from, to };
    }
  }
}

function readDay(text: string | undefined): string | null {
  if (!text) return null;
  if (isRealDay(text)) return text;
  return parseIndianDate(text);
}

/** Every day of a period, in order (for charts that must show the quiet days too). */
export function daysOf(from: string, to: string): string[] {
  const n = daysInclusive(from, to);
  return Array.from({ length: Math.max(0, n) }, (_, i) => addDays(from, i));
}
