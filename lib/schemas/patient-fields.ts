import { z } from "zod";
import { storableText } from "./storable-text";

/** Field rules shared by the sandbox, the BFF routes and the registration form. */
export const GENDERS = ["M", "F", "O"] as const;
export type Gender = (typeof GENDERS)[number];
export const BLOOD_GROUPS = ["A+", "A-", "B+", "B-", "AB+", "AB-", "O+", "O-"] as const;
export type BloodGroup = (typeof BLOOD_GROUPS)[number];
/** Spec 2.3 designation enum, as the directory spells it. */
export const DESIGNATIONS = ["Mr.", "Ms.", "Mrs.", "Miss.", "Kumar.", "Shri.", "Smt.", "Dr.", "Master.", "Baby.", "Mohd.", "B/O"] as const;
export type Designation = (typeof DESIGNATIONS)[number];

/** Today's date (YYYY-MM-DD) in India, where the clinics are: a birth "today" in IST is not in the future. */
export function todayInIndia(now = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

export function isRealDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export const DateOfBirth = storableText({ error: "Date of birth is required." })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Date of birth must be a date (YYYY-MM-DD).")
  .refine(isRealDate, "Date of birth is not a real calendar date.")
  .refine((v) => v >= "1890-01-01", "Date of birth is too far in the past.")
  .refine((v) => v <= todayInIndia(), "Date of birth cannot be in the future.");

const name = (label: string, max = 60) =>
  storableText()
    .trim()
    .max(max, `${label} can be at most ${max} characters.`)
    .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u, `${label} may contain letters, spaces, dots, apostrophes and hyphens only.`);

export const FirstName = name("First name").min(1, "First name is required.");
// Blank (spaces only) counts as not given, as an empty field does.
const blankOr = (field: z.ZodType<string, string>) => storableText().trim().pipe(z.union([z.literal(""), field]));
export const OtherName = (label: string) => blankOr(name(label));
export const FullName = name("Full name", 180);
export const OptionalFullName = blankOr(FullName);

export const GenderField = z.enum(GENDERS, { error: "Gender must be M, F or O." });
export const BloodGroupField = z.enum(BLOOD_GROUPS, { error: "Blood group must be one of A+, A-, B+, B-, AB+, AB-, O+, O-." });
export const DesignationField = z.enum(DESIGNATIONS, { error: `Designation must be one of ${DESIGNATIONS.join(", ")}.` });

/** E.164 with the country code; Indian numbers (+91) have 10 digits starting 6–9. */
export const Mobile = storableText()
  .trim()
  .regex(/^\+[1-9]\d{6,14}$/, "Mobile must start with + and the country code, digits only (e.g. +919812345678).")
  .refine((v) => !v.startsWith("+91") || /^\+91[6-9]\d{9}$/.test(v), "An Indian mobile (+91) has 10 digits and starts with 6, 7, 8 or 9.");

export const Email = storableText().trim().max(254, "E-mail is too long.").pipe(z.email("E-mail is not a valid address."));

/** The UHID / partner id the clinic gives the patient (profile `username`). */
export const Uhid = storableText()
  .trim()
  .min(1, "UHID cannot be empty.")
  .max(64, "UHID can be at most 64 characters.")
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, "UHID may contain letters, digits, dots, slashes, underscores and hyphens only.");

/** ABHA address, e.g. asha.verma@abdm (or @sbx in the national sandbox). */
export const AbhaAddress = storableText()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._]{2,31}@[A-Za-z]{2,10}$/, "ABHA address looks like name@abdm (3–32 letters, digits, dots or underscores before the @).");

/** Indian PIN code: 6 digits, not starting with 0. */
export const IndianPin = z.coerce
  .number({ error: "PIN must be a number." })
  .int("PIN must be a whole number.")
  .min(100000, "PIN has 6 digits and does not start with 0.")
  .max(999999, "PIN has 6 digits and does not start with 0.");
