import { differenceInDays, differenceInMonths, differenceInYears, subDays, subMonths, subYears } from "date-fns";
import type { Designation, Gender } from "./patient-fields";

/**
 * The one date-of-birth / age / salutation model of the desk. A date of birth is typed DD/MM/YYYY
 * and kept as ISO (YYYY-MM-DD); an age (years, months, days) is another way of giving it. The form,
 * the edit page and the tests all go through these functions.
 */
export interface Age {
  years: number;
  months: number;
  days: number;
}

/** The earliest date of birth the desk accepts; also the age limit below. */
export const EARLIEST_DOB = "1890-01-01";
export const MAX_AGE_YEARS = 130;
export const MAX_AGE_MONTHS = 11;
export const MAX_AGE_DAYS = 30;

/**
 * Salutation by age, the only place these limits live: "Baby." for an infant (under 1 year,
 * whatever the gender), "Master." / "Miss." for a minor (under 18), "Mr." / "Ms." for an adult.
 * "Mrs.", "Dr.", "Shri." and the rest are never guessed: the receptionist chooses them by hand.
 */
export const SALUTATION_AGE_RULES = { infantUnderYears: 1, minorUnderYears: 18 } as const;

/**
 * A day as a local-midnight Date, or an invalid Date when no such day exists. By hand, not with
 * date-fns's parse and format: the queue and every page with a day field show ages and read typed
 * days, and those two (with their locale) were a good part of each page's first download.
 */
function localDay(year: number, month: number, date: number): Date {
  const at = new Date(2000, 0, 1);
  at.setFullYear(year, month - 1, date); // not new Date(y, …), which reads years 0–99 as 1900–1999
  return year > 0 && at.getFullYear() === year && at.getMonth() === month - 1 && at.getDate() === date ? at : new Date(NaN);
}

const isValid = (date: Date) => !Number.isNaN(date.getTime());
const pad = (n: number, width: number) => String(n).padStart(width, "0");

function parseIso(iso: string): Date {
  const m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(iso);
  return m ? localDay(Number(m[1]), Number(m[2]), Number(m[3])) : new Date(NaN);
}

function toIso(date: Date): string {
  if (!isValid(date)) throw new RangeError("Invalid time value");
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
}

/** "1990-04-12" → "12/04/1990": Indian clinics read dates day first. Anything else is returned as given. */
export function formatIsoDate(iso: string | null | undefined): string {
  if (!iso || !/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso ?? "";
  const date = parseIso(iso);
  return isValid(date) ? `${pad(date.getDate(), 2)}/${pad(date.getMonth() + 1, 2)}/${pad(date.getFullYear(), 4)}` : iso;
}

/** What the date-of-birth field holds, as the form needs to know it. */
export type DobReading =
  | { state: "empty" }
  /** Not written DD/MM/YYYY (yet). */
  | { state: "format" }
  /** Written like a date but no such day exists (31/02/1990). */
  | { state: "not-a-date" }
  | { state: "too-old" }
  | { state: "future" }
  | { state: "ok"; iso: string };

const DMY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;

/** What a typed DD/MM/YYYY day holds, before any rule about which days are allowed. */
export type IndianDateReading = { state: "empty" } | { state: "format" } | { state: "not-a-date" } | { state: "ok"; iso: string };

/** Reads a day typed day first ("12/04/1990", also 12-4-1990 or 12.04.1990). */
export function readIndianDate(text: string): IndianDateReading {
  const trimmed = text.trim();
  if (!trimmed) return { state: "empty" };
  const m = DMY.exec(trimmed);
  if (!m) return { state: "format" };
  // A day the month does not have is refused: 31/02 and 29/02 of a common year are not dates.
  const date = localDay(Number(m[3]), Number(m[2]), Number(m[1]));
  return isValid(date) ? { state: "ok", iso: toIso(date) } : { state: "not-a-date" };
}

/** Reads a typed date of birth against today (ISO). */
export function readDob(text: string, todayIso: string): DobReading {
  const read = readIndianDate(text);
  if (read.state !== "ok") return read;
  if (read.iso < EARLIEST_DOB) return { state: "too-old" };
  if (read.iso > todayIso) return { state: "future" };
  return read;
}

/** "12/04/1990" → "1990-04-12"; null when the text is not a real calendar date. */
export function parseIndianDate(text: string): string | null {
  const read = readIndianDate(text);
  return read.state === "ok" ? read.iso : null;
}

/** Completed years, months and days between a date of birth and today (both ISO). */
export function ageOn(dobIso: string, todayIso: string): Age {
  const dob = parseIso(dobIso);
  let cursor = parseIso(todayIso);
  const years = Math.max(differenceInYears(cursor, dob), 0);
  cursor = subYears(cursor, years);
  const months = Math.max(differenceInMonths(cursor, dob), 0);
  cursor = subMonths(cursor, months);
  const days = Math.max(differenceInDays(cursor, dob), 0);
  return { years, months, days };
}

/** An age as a list shows it: years from one year on, months under a year, days under a month. */
export function shortAge(age: Age): { unit: "years" | "months" | "days"; n: number } {
  if (age.years > 0) return { unit: "years", n: age.years };
  if (age.months > 0) return { unit: "months", n: age.months };
  return { unit: "days", n: age.days };
}

/** The date of birth an age points to: today minus the years, then the months, then the days. */
export function dobFromAge(age: Age, todayIso: string): string {
  return toIso(subDays(subMonths(subYears(parseIso(todayIso), age.years), age.months), age.days));
}

export type AgeField = "ageYears" | "ageMonths" | "ageDays";

/** What the three age boxes hold: nothing, an age, or which box is out of range. */
export type AgeReading = { state: "empty" } | { state: "ok"; age: Age } | { state: "invalid"; field: AgeField };

export function readAge(parts: { ageYears: string; ageMonths: string; ageDays: string }): AgeReading {
  const text = [parts.ageYears, parts.ageMonths, parts.ageDays].map((p) => p.trim());
  if (text.every((p) => p === "")) return { state: "empty" };
  const [years, months, days] = text.map((p) => (p === "" ? 0 : Number(p))) as [number, number, number];
  if (!Number.isInteger(years) || years < 0 || years > MAX_AGE_YEARS) return { state: "invalid", field: "ageYears" };
  if (!Number.isInteger(months) || months < 0 || months > MAX_AGE_MONTHS) return { state: "invalid", field: "ageMonths" };
  if (!Number.isInteger(days) || days < 0 || days > MAX_AGE_DAYS) return { state: "invalid", field: "ageDays" };
  return { state: "ok", age: { years, months, days } };
}

/** The age boxes shown for a date of birth. */
export function ageText(age: Age): { ageYears: string; ageMonths: string; ageDays: string } {
  return { ageYears: String(age.years), ageMonths: String(age.months), ageDays: String(age.days) };
}

/**
 * Typing into one age box: only digits are kept, and a larger unit clears the smaller ones
 * (a new number of years is a new estimate, so months and days typed for the old one go).
 */
export function typeAge(parts: { ageYears: string; ageMonths: string; ageDays: string }, field: AgeField, text: string) {
  const clean = text.replace(/\D/g, "").slice(0, 3);
  if (field === "ageYears") return { ageYears: clean, ageMonths: "", ageDays: "" };
  if (field === "ageMonths") return { ...parts, ageMonths: clean, ageDays: "" };
  return { ...parts, ageDays: clean };
}

/** The salutation a receptionist would usually choose for this gender and age (see SALUTATION_AGE_RULES). */
export function suggestDesignation(gender: Gender | undefined, age: Age | null): Designation | undefined {
  if (!gender || !age) return undefined;
  if (age.years < SALUTATION_AGE_RULES.infantUnderYears) return "Baby.";
  const minor = age.years < SALUTATION_AGE_RULES.minorUnderYears;
  if (gender === "M") return minor ? "Master." : "Mr.";
  if (gender === "F") return minor ? "Miss." : "Ms.";
  return undefined;
}
