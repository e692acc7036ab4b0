// Without zod (./patient-fields.ts re-exports them with its rules): the ABHA scan, in the patient
// pages' first download, reads names with them.

export const GENDERS = ["M", "F", "O"] as const;
export type Gender = (typeof GENDERS)[number];
export const BLOOD_GROUPS = ["A+", "A-", "B+", "B-", "AB+", "AB-", "O+", "O-"] as const;
export type BloodGroup = (typeof BLOOD_GROUPS)[number];
/** Spec 2.3 designation enum, as the directory spells it. */
export const DESIGNATIONS = ["Mr.", "Ms.", "Mrs.", "Miss.", "Kumar.", "Shri.", "Smt.", "Dr.", "Master.", "Baby.", "Mohd.", "B/O"] as const;
export type Designation = (typeof DESIGNATIONS)[number];
