import type { z } from "zod";
import { PatientRegistration, type PatientRegistrationInput } from "@/lib/schemas/patients";
import { parseIndianDate } from "@/lib/schemas/patient-age";
import { extrasFromRows, extrasRowProblems, type ExtrasRow } from "./extras-rows";

/** Everything the registration form holds, as typed: strings, so nothing is lost while it is still wrong. */
export interface RegistrationValues {
  designation: string;
  firstName: string;
  middleName: string;
  lastName: string;
  gender: string;
  /** DD/MM/YYYY as typed */
  dob: string;
  ageYears: string;
  ageMonths: string;
  ageDays: string;
  dobFromAge: boolean;
  bloodGroup: string;
  countryCode: string;
  mobile: string;
  email: string;
  uhid: string;
  abha: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  country: string;
  pin: string;
  extras: ExtrasRow[];
}

export const EMPTY_REGISTRATION: RegistrationValues = {
  designation: "",
  firstName: "",
  middleName: "",
  lastName: "",
  gender: "",
  dob: "",
  ageYears: "",
  ageMonths: "",
  ageDays: "",
  dobFromAge: false,
  bloodGroup: "",
  countryCode: "+91",
  mobile: "",
  email: "",
  uhid: "",
  abha: "",
  line1: "",
  line2: "",
  city: "",
  state: "",
  country: "India",
  pin: "",
  extras: [],
};

export type FieldErrors = Partial<Record<string, string>>;

/** "+91" and "98123 45678" → "+919812345678"; empty when no number was typed. */
export function mobileOf(countryCode: string, number: string): string {
  const digits = number.replace(/[\s()-]/g, "");
  if (!digits) return "";
  if (digits.startsWith("+")) return digits;
  const code = countryCode.trim().startsWith("+") ? countryCode.trim() : `+${countryCode.trim()}`;
  return `${code}${digits.replace(/^0+/, "")}`;
}

/** The form's strings → the body the BFF and the shared schema expect. */
export function toRegistrationInput(v: RegistrationValues): { input: PatientRegistrationInput } {
  const dob = v.dob.trim() ? (parseIndianDate(v.dob) ?? v.dob.trim()) : "";
  const extras = extrasFromRows(v.extras);
  const address = { line1: v.line1, line2: v.line2, city: v.city, state: v.state, country: v.country, pin: v.pin.trim() };
  const hasAddress = [v.line1, v.line2, v.city, v.state, v.pin].some((x) => x.trim() !== "");
  return {
    input: {
      designation: v.designation,
      firstName: v.firstName,
      middleName: v.middleName,
      lastName: v.lastName,
      gender: (v.gender || undefined) as PatientRegistrationInput["gender"],
      dob,
      dobFromAge: v.dobFromAge,
      bloodGroup: v.bloodGroup,
      mobile: mobileOf(v.countryCode, v.mobile),
      email: v.email,
      uhid: v.uhid,
      abha: v.abha,
      address: hasAddress ? address : undefined,
      extras: Object.keys(extras).length ? extras : undefined,
    },
  };
}

/** Which form field a schema or server path belongs to ("address.pin" → "pin", "extras.ward" → "extras.ward"). */
export function fieldOfPath(path: string): string {
  if (path.startsWith("address.")) return path.slice("address.".length);
  return path;
}

export function errorsFromZod(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = fieldOfPath(issue.path.map(String).join("."));
    out[key] ??= issue.message;
  }
  return out;
}

/** Checks the form with the one shared schema; field errors keyed by form field. */
export function validateRegistration(v: RegistrationValues): { ok: true; input: PatientRegistrationInput } | { ok: false; errors: FieldErrors } {
  const { input } = toRegistrationInput(v);
  const parsed = PatientRegistration.safeParse(input);
  const rowProblem = Object.values(extrasRowProblems(v.extras))[0];
  if (parsed.success && !rowProblem) return { ok: true, input };
  const errors = parsed.success ? {} : errorsFromZod(parsed.error);
  if (rowProblem) errors.extras ??= rowProblem;
  if (errors.dob && v.dob.trim() && !parseIndianDate(v.dob)) errors.dob = "Date of birth must be written DD/MM/YYYY.";
  if (!v.gender) errors.gender = "Gender is required.";
  return { ok: false, errors };
}

/** Server field errors (problem+json `errors`) onto form fields. */
export function errorsFromServer(errors: Record<string, string> | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, message] of Object.entries(errors ?? {})) out[fieldOfPath(path)] ??= message;
  return out;
}
