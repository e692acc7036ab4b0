import "server-only";
import { z } from "zod";
import { Extras } from "@/lib/schemas/patient-extras";
import { patientError } from "@/lib/schemas/patient-messages";
import {
  AbhaAddress,
  BloodGroupField,
  DateOfBirth,
  DesignationField,
  Email,
  FirstName,
  OptionalFullName,
  GenderField,
  Mobile,
  OtherName,
  Uhid,
} from "@/lib/schemas/patient-fields";
import { storableText, unstorablePaths, UNSTORABLE_TEXT_MESSAGE } from "@/lib/schemas/storable-text";
import type { DirectoryPatientUpdate, ProfileCreateBody, ProfileUpdateBody } from "@/lib/platform/wire/patients";

// What the desk sends (wire types) must be what these rules read.
type Reads<S extends z.ZodType, T> = T extends z.input<S> ? true : never;

/**
 * The desk's own reading of what the platform accepts in a patient body, built from the desk's field
 * rules and message keys so a refusal lands on the form field in the desk's words
 * (patient-refusals.ts checks every registration against it before the first call). The platform
 * keeps its own rules (the sandbox's are in lib/platform/fake/patient-rules.ts); patient-contract.test.ts
 * proves that what these accept, the platform accepts.
 */
/** Spec 2.1 profile fields as the platform receives them (POST create / PATCH update). */
const profileFields = {
  fn: FirstName,
  mn: OtherName().optional(),
  ln: OtherName().optional(),
  fln: OptionalFullName.optional(),
  s: storableText().trim().max(20, patientError("text.tooLong", { max: 20 })).optional(),
  dob: DateOfBirth,
  gen: GenderField,
  bloodgroup: BloodGroupField.optional(),
  mobile: Mobile.optional(),
  email: Email.optional(),
  username: Uhid.optional(),
  abha: AbhaAddress.optional(),
  extras: Extras.optional(),
};

/** Spec 2.1 create: its fields and no others (is_age, for one, is only in the 2.2 answer). */
export const ProfileCreateRules = z.strictObject(profileFields);

/**
 * Spec 4.5 leaves open how a field is cleared; the desk sends the empty string, as 2.3 allows for
 * middle_name ("may be empty"), and a platform stores it as no value.
 */
const emptyOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(""), schema]);

export const ProfileUpdateRules = z
  .strictObject({
    ...profileFields,
    bloodgroup: emptyOr(BloodGroupField).optional(),
    mobile: emptyOr(Mobile).optional(),
    email: emptyOr(Email).optional(),
    abha: emptyOr(AbhaAddress).optional(),
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Send at least one field to change.");

/** Spec 2.3 address; the pincode is an integer on the wire. */
const DirectoryAddress = z.object({
  line1: storableText().trim().max(120).optional(),
  line2: storableText().trim().max(120).optional(),
  city: storableText().trim().max(60).optional(),
  state: storableText().trim().max(60).optional(),
  country: storableText().trim().max(60).optional(),
  pincode: z.number({ error: "pincode must be an integer." }).int("pincode must be an integer.").positive("pincode must be positive.").optional(),
});

/** Spec 2.3 / 4.7 body of PATCH /dr/v1/patient/{patient_id}. */
export const DirectoryUpdateRules = z.object({
  dob: DateOfBirth.optional(),
  designation: DesignationField.optional(),
  first_name: FirstName.optional(),
  middle_name: OtherName().optional(),
  last_name: OtherName().optional(),
  gender: GenderField.optional(),
  address: DirectoryAddress.optional(),
  partner_meta: z
    .record(z.string(), z.unknown())
    .superRefine((value, ctx) => {
      for (const path of unstorablePaths(value)) ctx.addIssue({ code: "custom", path, message: UNSTORABLE_TEXT_MESSAGE });
    })
    .optional(),
});

export const bodiesMatchWire: [Reads<typeof ProfileCreateRules, ProfileCreateBody>, Reads<typeof ProfileUpdateRules, ProfileUpdateBody>, Reads<typeof DirectoryUpdateRules, DirectoryPatientUpdate>] = [true, true, true];
