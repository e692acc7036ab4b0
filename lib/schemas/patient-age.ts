import { differenceInDays, differenceInMonths, differenceInYears, subDays, subMonths, subYears } from "date-fns";
import type { Designation, Gender } from "./patient-fields";

export interface Age {
  years: number;
  months: number;
  days: number;
}

const parseIso = (iso: string) => {
  const [y, m, d] = iso.split("-").map(Number);
  return new Date(y!, m! - 1, d!);
};
const toIso = (date: Date) =>
  `${date.getFullYear().toString().padStart(4, "0")}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(date.getDate()).padStart(2, "0")}`;

/** "1990-04-12" → "12/04/1990": Indian clinics read dates day first. */
export function formatIsoDate(iso: string | null | undefined): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso ?? "");
  return m ? `${m[3]}/${m[2]}/${m[1]}` : (iso ?? "");
}

/** "12/04/1990" (or 12-04-1990, 12.4.1990) → "1990-04-12"; null when it is not such a date. */
export function parseIndianDate(text: string): string | null {
  const m = /^\s*(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\s*$/.exec(text);
  if (!m) return null;
  return `${m[3]}-${m[2]!.padStart(2, "0")}-${m[1]!.padStart(2, "0")}`;
}

/** Completed years, months and days between a date of birth and today. */
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

/** The date of birth an age points to: today minus the years, months and days given. */
export function dobFromAge(age: Age, todayIso: string): string {
  return toIso(subDays(subMonths(subYears(parseIso(todayIso), age.years), age.months), age.days));
}

/** The salutation a receptionist would usually choose; only a suggestion, never forced. */
export function suggestDesignation(gender: Gender | undefined, age: Age | null): Designation | undefined {
  if (!gender || !age) return undefined;
  if (age.years < 1) return "Baby.";
  if (gender === "M") return age.years < 12 ? "Master." : "Mr.";
  if (gender === "F") return age.years < 18 ? "Miss." : "Ms.";
  return undefined;
}
