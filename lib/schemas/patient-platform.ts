import { z } from "zod";
import { Extras } from "./patient-extras";
import { patientError } from "./patient-messages";
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
} from "./patient-fields";

/** Spec 2.1 profile fields as the platform receives them (POST create / PATCH update). */
const profileFields = {
  fn: FirstName,
  mn: OtherName().optional(),
  ln: OtherName().optional(),
  fln: OptionalFullName.optional(),
  s: z.string().trim().max(20, patientError("text.tooLong", { max: 20 })).optional(),
  dob: DateOfBirth,
  gen: GenderField,
  bloodgroup: BloodGroupField.optional(),
  mobile: Mobile.optional(),
  email: Email.optional(),
  username: Uhid.optional(),
  abha: AbhaAddress.optional(),
  extras: Extras.optional(),
  /** Beyond the 2.1 table: says the dob was derived from an age, which 2.2 reports back as is_age. */
  is_age: z.boolean().optional(),
};

export const ProfileCreateBody = z.object(profileFields);
export type ProfileCreateBody = z.input<typeof ProfileCreateBody>;

export const ProfileUpdateBody = z
  .object(profileFields)
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Send at least one field to change.");
export type ProfileUpdateBody = z.input<typeof ProfileUpdateBody>;

export const ProfileCreated = z.object({ oid: z.string().min(1) });
export const ProfileUpdated = z.object({ message: z.string() });

/** Spec 2.2, the answer of GET /profiles/v1/emr-user/{oid}. Optional fields may be absent. */
export const EmrUserProfile = z.object({
  oid: z.string(),
  bid: z.string(),
  ps: z.string().optional(),
  c_ate: z.number().int(),
  u_ate: z.number().int(),
  gen: z.string(),
  dob: z.string(),
  is_age: z.boolean().default(false),
  fn: z.string(),
  mn: z.string().optional(),
  ln: z.string().optional(),
  fln: z.string().optional(),
  bg: z.string().optional(),
  mobile: z.string().optional(),
  email: z.string().optional(),
  s: z.string().optional(),
  username: z.string().optional(),
  abha: z.string().optional(),
  extras: z.record(z.string(), z.unknown()).optional(),
});
export type EmrUserProfile = z.infer<typeof EmrUserProfile>;

/** Spec 2.3 address; the pincode is an integer on the wire. */
export const DirectoryAddress = z.object({
  line1: z.string().trim().max(120).optional(),
  line2: z.string().trim().max(120).optional(),
  city: z.string().trim().max(60).optional(),
  state: z.string().trim().max(60).optional(),
  country: z.string().trim().max(60).optional(),
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
  partner_meta: z.record(z.string(), z.unknown()).optional(),
});
export type DirectoryPatientUpdate = z.input<typeof DirectoryPatientUpdate>;

export const DirectoryPatientUpdated = z.object({ patient_id: z.string() });
