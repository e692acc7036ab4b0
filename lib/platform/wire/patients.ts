import { z } from "zod";
import { platformText, storableText, toStorableJson } from "../../schemas/storable-text";

/** Spec 2.1 profile fields as the platform receives them (POST create / PATCH update). */
export interface ProfileFields {
  fn?: string;
  mn?: string;
  ln?: string;
  fln?: string;
  s?: string;
  dob?: string;
  gen?: "M" | "F" | "O";
  bloodgroup?: "A+" | "A-" | "B+" | "B-" | "AB+" | "AB-" | "O+" | "O-";
  mobile?: string;
  email?: string;
  username?: string;
  abha?: string;
  extras?: Record<string, unknown>;
}
/** Required on create: fn, dob, gen. Spec 2.1's fields and no others (is_age is only in the 2.2 answer). */
export type ProfileCreateBody = ProfileFields & Required<Pick<ProfileFields, "fn" | "dob" | "gen">>;
/**
 * Spec 4.5 leaves open how a field is cleared: the desk sends the empty string, as 2.3 allows for
 * middle_name ("may be empty").
 */
export type ProfileUpdateBody = Omit<ProfileFields, "bloodgroup"> & { bloodgroup?: ProfileFields["bloodgroup"] | "" };

/** Spec 2.3 / 4.7 body of PATCH /dr/v1/patient/{patient_id}; the pincode is an integer on the wire. */
export interface DirectoryPatientUpdate {
  dob?: string;
  designation?: "Mr." | "Ms." | "Mrs." | "Miss." | "Kumar." | "Shri." | "Smt." | "Dr." | "Master." | "Baby." | "Mohd." | "B/O";
  first_name?: string;
  middle_name?: string;
  last_name?: string;
  gender?: "M" | "F" | "O";
  address?: { line1?: string; line2?: string; city?: string; state?: string; country?: string; pincode?: number };
  partner_meta?: Record<string, unknown>;
}

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

export const DirectoryPatientUpdated = z.object({ patient_id: storableText() });
