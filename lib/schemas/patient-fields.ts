import { z } from "zod";
import { isRealDay } from "./calendar";
import { patientError } from "./patient-messages";
import { storableText } from "./storable-text";
import { ABHA_HANDLE_MAX, abhaAddressProblem, abhaNumberDigits, formatAbhaNumber } from "./abha";
import { todayInIndia } from "./india-today";
import { BLOOD_GROUPS, DESIGNATIONS, GENDERS } from "./patient-choices";

/** Field rules shared by the sandbox, the BFF routes and the registration form. */
export { BLOOD_GROUPS, DESIGNATIONS, GENDERS, type BloodGroup, type Designation, type Gender } from "./patient-choices";

export { todayInIndia };

export const DateOfBirth = storableText({ error: patientError("dob.required") })
  .trim()
  .min(1, patientError("dob.required"))
  .regex(/^\d{4}-\d{2}-\d{2}$/, patientError("dob.iso"))
  .refine(isRealDay, patientError("dob.notReal"))
  .refine((v) => v >= "1890-01-01", patientError("dob.tooOld"))
  .refine((v) => v <= todayInIndia(), patientError("dob.future"));

/** Names: a letter first, then letters, spaces, dots, apostrophes and hyphens. */
const name = (max = 60, tooLong = patientError("text.tooLong", { max })) =>
  storableText()
    .trim()
    .regex(/^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u, patientError("name.chars"))
    .max(max, tooLong);

export const FirstName = z.string({ error: patientError("firstName.required") }).trim().min(1, patientError("firstName.required")).pipe(name());
// Blank (spaces only) counts as not given, as an empty field does.
const blankOr = (field: z.ZodType<string, string>) => storableText().trim().pipe(z.union([z.literal(""), field]));
/** A middle or last name: optional, so blank is fine. */
export const OtherName = () => blankOr(name());
// The platform joins the three names into one; the form shows the limit on the first name field.
export const FullName = name(180, patientError("fullName.tooLong", { max: 180 }));
export const OptionalFullName = blankOr(FullName);

export const GenderField = z.enum(GENDERS, { error: patientError("gender.required") });
export const BloodGroupField = z.enum(BLOOD_GROUPS, { error: patientError("bloodGroup.invalid") });
export const DesignationField = z.enum(DESIGNATIONS, { error: patientError("designation.invalid") });

/** E.164 with the country code; Indian numbers (+91) have 10 digits starting 6–9. */
export const Mobile = storableText()
  .trim()
  .regex(/^\+[1-9]\d{6,14}$/, patientError("mobile.format"))
  .refine((v) => !v.startsWith("+91") || /^\+91[6-9]\d{9}$/.test(v), patientError("mobile.indian"));

export const Email = storableText().trim().max(254, patientError("text.tooLong", { max: 254 })).pipe(z.email(patientError("email.invalid")));

/** The UHID / partner id the clinic gives the patient (profile `username`). */
export const Uhid = storableText()
  .trim()
  .min(1, patientError("uhid.empty"))
  .max(64, patientError("text.tooLong", { max: 64 }))
  .regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, patientError("uhid.chars"));

/** ABHA address, e.g. asha.verma@abdm (or @sbx in ABDM's sandbox); kept in lower case. Rules: lib/schemas/abha.ts. */
export const AbhaAddress = storableText()
  .trim()
  .max(ABHA_HANDLE_MAX + 6, patientError("abha.format"))
  .superRefine((v, ctx) => {
    const problem = abhaAddressProblem(v);
    if (problem) ctx.addIssue({ code: "custom", message: patientError(problem === "domain" ? "abha.domain" : "abha.format") });
  })
  .transform((v) => v.toLowerCase());

/** ABHA number: 14 digits, typed with or without hyphens or spaces; kept as XX-XXXX-XXXX-XXXX, the card's form. */
export const AbhaNumber = storableText()
  .trim()
  .max(64, patientError("abhaNumber.format"))
  .refine((v) => abhaNumberDigits(v) !== null, patientError("abhaNumber.format"))
  .transform(formatAbhaNumber);

/** Indian PIN code: 6 digits, not starting with 0. */
export const IndianPin = z.coerce
  .number({ error: patientError("pin.format") })
  .int(patientError("pin.format"))
  .min(100000, patientError("pin.format"))
  .max(999999, patientError("pin.format"));
