import { z } from "zod";
import { Role } from "./staff";
import { storableText } from "./storable-text";

/** Settings → Staff sessions: who is signed in where, for an admin to sign someone out everywhere. */
export const StaffSessionsView = z.object({
  staff: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      email: z.string(),
      role: Role,
      active: z.boolean(),
      liveSessions: z.number().int().min(0),
      lastSeenAt: z.string().nullable(),
      /**
       * A doctor's platform doctor, whose appointments they may change: the one an admin linked on
       * their staff record, else the one directory doctor with their name; null when neither.
       */
      doctorLink: z.object({ doctorId: z.string(), by: z.enum(["record", "name"]) }).nullable(),
    }),
  ),
});
export type StaffSessionsView = z.infer<typeof StaffSessionsView>;

export const SessionsEnded = z.object({ ended: z.number().int().min(0) });
export type SessionsEnded = z.infer<typeof SessionsEnded>;
export const StaffIdParam = z.object({ staffId: z.string().uuid() });

/**
 * Settings → Staff: links a doctor's staff account to a doctor of the clinic directory (by its
 * platform id), or with null removes the link (the directory doctor of the same name then counts).
 */
export const DoctorLinkInput = z.strictObject({
  platformDoctorId: storableText().trim().min(1, "Choose a doctor from the clinic directory.").max(64, "At most 64 characters.").nullable(),
});
export type DoctorLinkInput = z.infer<typeof DoctorLinkInput>;
export const DoctorLinkSaved = z.object({ staffId: z.string(), platformDoctorId: z.string().nullable() });
export type DoctorLinkSaved = z.infer<typeof DoctorLinkSaved>;
