import { z } from "zod";
import { Extras } from "../schemas/patient-extras";
import { patientError } from "../schemas/patient-messages";
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
} from "../schemas/patient-fields";
import { platformText, storableText, toStorableJson, unstorablePaths, UNSTORABLE_TEXT_MESSAGE } from "../schemas/storable-text";

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
export const ProfileCreateBody = z.strictObject(profileFields);
export type ProfileCreateBody = z.input<typeof ProfileCreateBody>;

/**
 * Spec 4.5 leaves open how a field is cleared; the desk sends the empty string, as 2.3 allows for
 * middle_name ("may be empty"), and a platform stores it as no value.
 */
const emptyOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(""), schema]);

export const ProfileUpdateBody = z
  .strictObject({
    ...profileFields,
    bloodgroup: emptyOr(BloodGroupField).optional(),
    mobile: emptyOr(Mobile).optional(),
    email: emptyOr(Email).optional(),
    abha: emptyOr(AbhaAddress).optional(),
  })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Send at least one field to change.");
export type ProfileUpdateBody = z.input<typeof ProfileUpdateBody>;

// Platform answers: ids are refused when unstorable (a changed id would name another record);
// free text the platform sends (names, contact details, extras) is stripped of NUL and lone surrogates.
export const ProfileCreated = z.object({ oid: storableText().min(1) });
export const ProfileUpdated = z.object({ message: z.string() });

/** Spec 2.2, the answer of GET /profiles/v1/emr-user/{oid}. Optional fields may be absent. */
export const EmrUserProfile = z.object({
  oid: storableText(),
  bid: platformText(),
  ps: platformText().optional(),
  c_ate: z.number().int(),
  u_ate: z.number().int(),
  gen: platformText(),
  dob: platformText(),
  is_age: z.boolean().default(false),
  fn: platformText(),
  mn: platformText().optional(),
  ln: platformText().optional(),
  fln: platformText().optional(),
  bg: platformText().optional(),
  mobile: platformText().optional(),
  email: platformText().optional(),
  s: platformText().optional(),
  username: platformText().optional(),
  abha: platformText().optional(),
  extras: z.record(z.string(), z.unknown()).transform(toStorableJson).optional(),
});
export type EmrUserProfile = z.infer<typeof EmrUserProfile>;

/** Spec 2.3 address; the pincode is an integer on the wire. */
export const DirectoryAddress = z.object({
  line1: storableText().trim().max(120).optional(),
  line2: storableText().trim().max(120).optional(),
  city: storableText().trim().max(60).optional(),
  state: storableText().trim().max(60).optional(),
  country: storableText().trim().max(60).optional(),
  pincode: z.number({ error: "pincode must be an integer." }).int("pincode must be an integer.").positive("pincode must be positive.").optional(),
});

/** Spec 2.3 / 4.7 body of PATCH /dr/v1/patient/{patient_id}. */
export const DirectoryPatientUpdate = z.object({
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
export type DirectoryPatientUpdate = z.input<typeof DirectoryPatientUpdate>;

export const DirectoryPatientUpdated = z.object({ patient_id: storableText() });
