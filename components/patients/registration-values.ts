import { z } from "zod";
import { PatientRegistration, type PatientRegistrationInput } from "@/lib/schemas/patients";
import { todayInIndia, type Gender } from "@/lib/schemas/patient-fields";
import { ageOn, readAge, readDob, suggestDesignation, type Age } from "@/lib/schemas/patient-age";
import { patientError, type PatientErrorKey } from "@/lib/schemas/patient-messages";
import { extrasFromRows, extrasRowProblems, type ExtrasRow } from "./extras-rows";

/** Everything the registration form holds, as typed: strings, so nothing is lost while it is still wrong. */
export interface RegistrationValues {
  designation: string;
  /** The salutation follows gender and age until the receptionist chooses one by hand. */
  designationAuto: boolean;
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
  /** As typed: with or without hyphens or spaces. */
  abhaNumber: string;
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
  designationAuto: true,
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
  abhaNumber: "",
  line1: "",
  line2: "",
  city: "",
  state: "",
  country: "India",
  pin: "",
  extras: [],
};

/** Field name → message (a catalogue key, see lib/schemas/patient-messages.ts). */
export type FieldErrors = Partial<Record<string, string>>;

/** "+91" and "98123 45678" → "+919812345678"; empty when no number was typed. */
export function mobileOf(countryCode: string, number: string): string {
  const digits = number.replace(/[\s()-]/g, "");
  if (!digits) return "";
  if (digits.startsWith("+")) return digits;
  const code = countryCode.trim().startsWith("+") ? countryCode.trim() : `+${countryCode.trim()}`;
  return `${code}${digits.replace(/^0+/, "")}`;
}

/** The age the form's date of birth stands for today, or null while it is not a valid date. */
export function ageOfValues(v: Pick<RegistrationValues, "dob">, today = todayInIndia()): Age | null {
  const dob = readDob(v.dob, today);
  return dob.state === "ok" ? ageOn(dob.iso, today) : null;
}

/** The salutation gender and age suggest for these values. */
export function suggestionFor(v: Pick<RegistrationValues, "dob" | "gender">, today = todayInIndia()) {
  return suggestDesignation((v.gender || undefined) as Gender | undefined, ageOfValues(v, today));
}

/** The form's strings → the body the BFF and the shared schema expect. */
export function toRegistrationInput(v: RegistrationValues, today = todayInIndia()): { input: PatientRegistrationInput } {
  const reading = readDob(v.dob, today);
  const dob = reading.state === "ok" ? reading.iso : v.dob.trim();
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
      abhaNumber: v.abhaNumber,
      address: hasAddress ? address : undefined,
      extras: Object.keys(extras).length ? extras : undefined,
    },
  };
}

/** Which form field a schema or server path belongs to ("address.pin" → "pin", "extras.ward.0" → "extras"). */
export function fieldOfPath(path: string): string {
  if (path.startsWith("address.")) return path.slice("address.".length);
  if (path.startsWith("extras.")) return "extras";
  return path;
}

const DOB_PROBLEM: Record<string, PatientErrorKey> = {
  empty: "dob.required",
  format: "dob.format",
  "not-a-date": "dob.notReal",
  "too-old": "dob.tooOld",
  future: "dob.future",
};
const AGE_PROBLEM = { ageYears: "age.years", ageMonths: "age.months", ageDays: "age.days" } as const;

/**
 * Every problem of the form, keyed by form field: the date of birth and age read by the one
 * date/age model (so "31/02/1990" is refused as typed), everything else by the shared schema the
 * BFF and the platform use, and the extras rows by their own rules.
 */
export function registrationErrors(v: RegistrationValues, today = todayInIndia()): FieldErrors {
  const errors: FieldErrors = {};
  const age = readAge(v);
  const dob = readDob(v.dob, today);
  if (age.state === "invalid") errors[age.field] = patientError(AGE_PROBLEM[age.field]);
  else if (dob.state !== "ok") errors.dob = patientError(DOB_PROBLEM[dob.state]!);

  const parsed = PatientRegistration.safeParse(toRegistrationInput(v, today).input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = fieldOfPath(issue.path.map(String).join("."));
      if (field === "dob" || field === "dobFromAge") continue;
      errors[field] ??= issue.message;
    }
  }
  const rowProblem = Object.values(extrasRowProblems(v.extras))[0];
  if (rowProblem) errors.extras ??= rowProblem;
  return errors;
}

/**
 * The zod schema react-hook-form validates the form with (through @hookform/resolvers): the
 * values pass through as typed and every problem lands on its field with its catalogue key.
 */
export const RegistrationFormSchema = z.custom<RegistrationValues>((v) => typeof v === "object" && v !== null).superRefine((v, ctx) => {
  for (const [field, message] of Object.entries(registrationErrors(v))) {
    if (message) ctx.addIssue({ code: "custom", path: [field], message });
  }
});

/** Checks the form; the body to send when it is fine, field errors when not. */
export function validateRegistration(v: RegistrationValues): { ok: true; input: PatientRegistrationInput } | { ok: false; errors: FieldErrors } {
  const errors = registrationErrors(v);
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, input: toRegistrationInput(v).input };
}

/** Server field errors (problem+json `errors`, catalogue keys) onto form fields. */
export function errorsFromServer(errors: Record<string, string> | undefined): FieldErrors {
  const out: FieldErrors = {};
  for (const [path, message] of Object.entries(errors ?? {})) out[fieldOfPath(path)] ??= message;
  return out;
}
