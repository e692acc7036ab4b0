import { z } from "zod";
import { storableText } from "./storable-text";
import { DEFAULT_CLINIC_TIME_ZONE } from "./clinic-zone";

export const DirectoryKind = z.enum(["doctor", "clinic"]);
export type DirectoryKind = z.infer<typeof DirectoryKind>;

function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-IN", { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

export { DEFAULT_CLINIC_TIME_ZONE };

/** One doctor or clinic as the platform knows it; entered by admins on Settings → Clinics. */
export const DirectoryEntryInput = z
  .object({
    kind: DirectoryKind,
    platformId: storableText()
      .trim()
      .min(1, "Enter the platform id.")
      .max(64, "At most 64 characters.")
      .regex(/^[A-Za-z0-9._:-]+$/, "Only letters, digits and . _ : - are allowed."),
    displayName: storableText().trim().min(2, "Enter a name of at least 2 characters.").max(120, "At most 120 characters."),
    timeZone: storableText()
      .trim()
      .max(64)
      .optional()
      .transform((v) => (v ? v : undefined))
      .refine((v) => v === undefined || isTimeZone(v), "Not a known time zone (e.g. Asia/Kolkata)."),
  })
  .transform((v) => ({ ...v, timeZone: v.kind === "clinic" ? (v.timeZone ?? DEFAULT_CLINIC_TIME_ZONE) : null }));
export type DirectoryEntryInput = z.input<typeof DirectoryEntryInput>;

export const DirectoryEntry = z.object({
  kind: DirectoryKind,
  platformId: z.string(),
  displayName: z.string(),
  timeZone: z.string().nullable(),
});
export type DirectoryEntry = z.infer<typeof DirectoryEntry>;

export const ClinicDirectory = z.object({
  doctors: z.array(DirectoryEntry),
  clinics: z.array(DirectoryEntry),
  /** Doctor id → the clinics where that doctor has a schedule; a doctor not listed is not known yet. */
  schedules: z.record(z.string(), z.array(z.string())).optional(),
  /** The signed-in doctor's own directory entry, when there is one. */
  ownDoctorId: z.string().nullable().optional(),
});
export type ClinicDirectory = z.infer<typeof ClinicDirectory>;

export const DirectoryEntryKey = z.strictObject({ kind: DirectoryKind, platformId: storableText().trim().min(1, "Required.").max(64) });
