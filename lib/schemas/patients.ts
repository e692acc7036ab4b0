import { z } from "zod";
import { storableText } from "./storable-text";
import { Extras } from "./patient-extras";
import {
  AbhaAddress,
  AbhaNumber,
  BloodGroupField,
  DateOfBirth,
  DesignationField,
  Email,
  FirstName,
  GenderField,
  IndianPin,
  Mobile,
  OtherName,
  Uhid,
} from "./patient-fields";
import { patientError } from "./patient-messages";
import { PatientSummary } from "./patient-summary";

/** Forms send "" for a field left empty; the platform wants the field left out. */
const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

const text = (max: number) => storableText().trim().max(max, patientError("text.tooLong", { max }));

export const PostalAddress = z.object({
  line1: optional(text(120)),
  line2: optional(text(120)),
  city: optional(text(60)),
  state: optional(text(60)),
  country: optional(text(60)),
  pin: optional(IndianPin),
});
export type PostalAddress = z.infer<typeof PostalAddress>;

const registrationFields = {
  designation: optional(DesignationField),
  firstName: FirstName,
  middleName: optional(OtherName()),
  lastName: optional(OtherName()),
  gender: GenderField,
  dob: DateOfBirth,
  /** The date of birth was worked out from an age the patient gave (platform is_age). */
  dobFromAge: z.boolean().default(false),
  bloodGroup: optional(BloodGroupField),
  mobile: optional(Mobile),
  email: optional(Email),
  uhid: optional(Uhid),
  abha: optional(AbhaAddress),
  /** Kept in the profile's extras (spec 2.1 `abha` holds the address) and in the desk's index. */
  abhaNumber: optional(AbhaNumber),
  address: PostalAddress.optional(),
  extras: Extras.optional(),
};

/** What the registration form sends to POST /api/patients: profile and directory fields together. */
export const PatientRegistration = z.object({
  ...registrationFields,
  /**
   * The patients this one strongly resembles (same mobile and date of birth, similar name) that
   * the receptionist saw and confirmed are someone else; recorded in the audit log.
   */
  duplicateConfirmed: z.array(z.string().min(1).max(64)).max(10).optional(),
});
export type PatientRegistration = z.infer<typeof PatientRegistration>;
export type PatientRegistrationInput = z.input<typeof PatientRegistration>;

/**
 * On edit, an optional field the user emptied is a request to clear it: "" (or null) arrives as
 * null, which the platform calls turn into the empty value that clears it there.
 */
const clearable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || (typeof v === "string" && v.trim() === "") ? null : v), schema.nullable().optional());

/** An edited address is sent whole: a part left empty is cleared. */
export const EditedAddress = z.object({
  line1: clearable(text(120)),
  line2: clearable(text(120)),
  city: clearable(text(60)),
  state: clearable(text(60)),
  country: clearable(text(60)),
  pin: clearable(IndianPin),
});
export type EditedAddress = z.infer<typeof EditedAddress>;

/** The fields an edit may clear; the others (names required on create, gender, dob, UHID) keep their rules. */
const clearableFields = {
  middleName: clearable(OtherName()),
  lastName: clearable(OtherName()),
  bloodGroup: clearable(BloodGroupField),
  mobile: clearable(Mobile),
  email: clearable(Email),
  abha: clearable(AbhaAddress),
  abhaNumber: clearable(AbhaNumber),
  address: EditedAddress.optional(),
};
export const CLEARABLE_FIELDS = Object.keys(clearableFields) as (keyof typeof clearableFields)[];

/** PATCH /api/patients/{id}: the changed fields only (null: cleared), and the u_ate the edit started from. */
export const PatientUpdate = z
  .object({
    changes: z.object({ ...registrationFields, dobFromAge: z.boolean().optional(), ...clearableFields }).partial(),
    /** The profile's updatedAt when the form was opened; a newer one means someone else changed it. */
    expectedUpdatedAt: z.number().int().optional(),
    /** Save even though the profile changed meanwhile (the user saw the warning). */
    overwrite: z.boolean().default(false),
  })
  .refine((v) => Object.values(v.changes).some((x) => x !== undefined), { message: "Nothing was changed.", path: ["changes"] });
export type PatientUpdate = z.infer<typeof PatientUpdate>;
export type PatientUpdateInput = z.input<typeof PatientUpdate>;

export const RegistrationResult = z.object({
  id: z.string(),
  /** The directory step: done, or failed (the profile exists; retrying with the same key does only this step). */
  directory: z.enum(["done", "failed"]),
  directoryError: z.string().optional(),
  /**
   * This key had already registered a patient with other details: the answer is that earlier
   * attempt's outcome, and the new details were not used (the platform never gets a second patient).
   */
  earlierAttempt: z.boolean().optional(),
  /** The platform has the patient; the desk's own copy (search, duplicates) follows in the background. */
  deskCopy: z.literal("catching-up").optional(),
});
export type RegistrationResult = z.infer<typeof RegistrationResult>;

/**
 * 202: the platform's answer never came (or the desk stopped meanwhile), so whether it created the
 * patient is being confirmed by asking it; sending the same key again never makes a second patient.
 */
export const RegistrationPending = z.object({ state: z.literal("confirming"), since: z.string() });
export type RegistrationPending = z.infer<typeof RegistrationPending>;

export const RegistrationAnswer = z.union([RegistrationResult, RegistrationPending]);
export type RegistrationAnswer = z.infer<typeof RegistrationAnswer>;

export const DirectoryData = z.object({
  designation: DesignationField.optional(),
  address: PostalAddress.optional(),
});
export type DirectoryData = z.infer<typeof DirectoryData>;

/** A patient's profile as the desk shows it: proper case, the app's own field names. */
export const PatientProfile = z.object({
  id: z.string(),
  salutation: z.string().nullable(),
  firstName: z.string(),
  middleName: z.string().nullable(),
  lastName: z.string().nullable(),
  displayName: z.string(),
  gender: z.enum(["M", "F", "O"]).nullable(),
  dob: z.string(),
  dobFromAge: z.boolean(),
  bloodGroup: z.string().nullable(),
  mobile: z.string().nullable(),
  email: z.string().nullable(),
  uhid: z.string().nullable(),
  abha: z.string().nullable(),
  /** XX-XXXX-XXXX-XXXX */
  abhaNumber: z.string().nullable(),
  extras: z.record(z.string(), z.unknown()),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
  /** What the clinic last sent to the directory; null when this app never wrote it. */
  directory: DirectoryData.nullable(),
});
export type PatientProfile = z.infer<typeof PatientProfile>;

export const PATIENT_SEARCH_MAX = 50;
export const PatientSearchQuery = z.strictObject({
  q: storableText().trim().max(100, "Search text can be at most 100 characters.").default(""),
  limit: z.coerce.number().int().min(1).max(PATIENT_SEARCH_MAX).default(10),
});
export type PatientSearchQuery = z.infer<typeof PatientSearchQuery>;

/** GET /api/patients/duplicates: what has been typed so far. */
export const DuplicateQuery = z.strictObject({
  firstName: storableText().trim().max(60).default(""),
  lastName: storableText().trim().max(60).default(""),
  mobile: storableText().trim().max(20).default(""),
  dob: storableText().trim().max(10).default(""),
  uhid: storableText().trim().max(64).default(""),
  /** A scanned or typed ABHA number or address: the surest match there is, checked first. */
  abhaNumber: storableText().trim().max(64).optional(),
  abhaAddress: storableText().trim().max(64).optional(),
});
export type DuplicateQuery = z.infer<typeof DuplicateQuery>;

export const DuplicateMatch = PatientSummary.extend({ reasons: z.array(z.enum(["abha", "name", "mobile", "dob", "uhid"])) });
export type DuplicateMatch = z.infer<typeof DuplicateMatch>;
/**
 * A strong duplicate: the same ABHA number or address, or the same mobile and the same date of birth under a similar name. Registering
 * beside one needs an explicit confirmation; weaker matches are only shown.
 */
export function isStrongDuplicate(match: Pick<DuplicateMatch, "reasons">): boolean {
  if (match.reasons.includes("abha")) return true;
  return match.reasons.includes("mobile") && match.reasons.includes("dob") && match.reasons.includes("name");
}
export const DuplicateResult = z.object({ matches: z.array(DuplicateMatch) });
export type DuplicateResult = z.infer<typeof DuplicateResult>;

export const UhidAvailability = z.object({ uhid: z.string(), available: z.boolean(), usedBy: PatientSummary.nullable() });
export type UhidAvailability = z.infer<typeof UhidAvailability>;

export const IDEMPOTENCY_HEADER = "idempotency-key";
export const IdempotencyKey = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, "Idempotency-Key must be 16–64 letters, digits, - or _.");
