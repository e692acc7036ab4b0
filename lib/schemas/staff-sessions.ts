import { z } from "zod";
import { Role } from "./staff";

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
    }),
  ),
});
export type StaffSessionsView = z.infer<typeof StaffSessionsView>;

export const SessionsEnded = z.object({ ended: z.number().int().min(0) });
export const StaffIdParam = z.object({ staffId: z.string().uuid() });
