import { z } from "zod";

/**
 * A patient as pickers, lists and the live feed show them: the app's own shape, never the
 * platform's field names. `id` is the platform's profile oid.
 */
export const PatientSummary = z.object({
  id: z.string().min(1),
  /** Display name with salutation, e.g. "Mrs. Asha Verma". */
  name: z.string(),
  gender: z.enum(["M", "F", "O"]).nullable(),
  /** YYYY-MM-DD */
  dob: z.string().nullable(),
  /** E.164, e.g. +919812345678 */
  mobile: z.string().nullable(),
  uhid: z.string().nullable(),
});
export type PatientSummary = z.infer<typeof PatientSummary>;

export const PatientSearchResult = z.object({ patients: z.array(PatientSummary) });
export type PatientSearchResult = z.infer<typeof PatientSearchResult>;
