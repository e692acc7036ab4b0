/**
 * The days the unit suite must pass on besides today (issue 27): each an instant in India, where the
 * clinics are, with why it is hard for code that reasons about days.
 */
export interface MatrixDate {
  name: string;
  /** ISO 8601 with the clinic's offset. */
  at: string;
  why: string;
}

export const DATE_MATRIX: readonly MatrixDate[] = [
  { name: "sunday", at: "2026-11-29T10:00:00+05:30", why: "a Sunday: Andheri West and Bandra are closed, only Kothrud opens" },
  { name: "financial-year-end", at: "2027-03-31T23:50:00+05:30", why: "31 March 23:50 IST: ten minutes before India's financial year turns" },
  { name: "year-end", at: "2026-12-31T23:55:00+05:30", why: "31 December 23:55 IST: the calendar year turns in India while it is still 18:25 in UTC" },
  { name: "leap-day", at: "2028-02-29T11:00:00+05:30", why: "29 February" },
  { name: "night", at: "2026-12-16T02:00:00+05:30", why: "02:00 IST: the clinic's day began, UTC's is the day before" },
  { name: "closed-day", at: "2026-12-02T11:00:00+05:30", why: "a Wednesday, when Kothrud is closed all day" },
];

/** The two dates `npm test` runs the date-sensitive suites under, besides today. */
export const QUICK_DATES = ["financial-year-end", "night"] as const;

/**
 * Suites that reason about days (queue, slots, calendar, sessions, retention …). Every later suite
 * that does must be added here, so `npm test` runs it under the quick dates too.
 */
export const DATE_SENSITIVE_SUITES = [
  "lib/clock.test.ts",
  "lib/slots",
  "lib/queue",
  "lib/schemas/calendar.test.ts",
  "lib/schemas/slots.test.ts",
  "lib/schemas/patient-age.test.ts",
  "lib/schemas/patient-rules.test.ts",
  "lib/server/queue",
  "lib/platform/client/slots.test.ts",
  "lib/server/auth/staff-sessions.test.ts",
  "lib/server/patients/register-unknown-outcome.test.ts",
  "lib/server/webhooks/receiver.test.ts",
  "lib/platform/fake/slots.test.ts",
  "lib/platform/fake/appointment-changes.test.ts",
  "lib/platform/fake/assistant-sessions.test.ts",
  // Money by the financial year and the clinic day (receipts, day close, the dashboard, the platform's receipts), shares that expire, a day's rooms.
  "lib/server/billing",
  "lib/server/abdm",
  "lib/server/counter-settings",
];

/** libfaketime's "start at" form, in this process's local time (the form faketime reads). */
export function faketimeStart(at: string): string {
  const d = new Date(at);
  if (Number.isNaN(d.getTime())) throw new Error(`not a date-time: ${at}`);
  const p = (n: number) => String(n).padStart(2, "0");
  return `@${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
}
