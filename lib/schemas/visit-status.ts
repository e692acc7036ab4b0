import { z } from "zod";

/**
 * What the patient's status page shows (public, from the QR on the slip): the token, the token being
 * served, how many are ahead and about how long — never a name, mobile or UHID.
 */
export const VisitStatus = z.discriminatedUnion("state", [
  z.object({
    state: z.enum(["waiting", "called", "not_arrived"]),
    token: z.string().nullable(),
    /** The token the doctor is seeing now (or called last), or null before the first call. */
    nowServing: z.string().nullable(),
    ahead: z.number().int().min(0),
    /** About how many minutes until this token is called, from the day's average consultation. */
    waitMinutes: z.number().int().min(0),
    averageMinutes: z.number().int().min(1),
    /** The link stops working then (the end of the clinic day). */
    expiresAt: z.string(),
  }),
  z.object({ state: z.literal("done"), token: z.string().nullable() }),
  z.object({ state: z.literal("closed"), token: z.string().nullable() }),
  z.object({ state: z.literal("expired") }),
]);
export type VisitStatus = z.infer<typeof VisitStatus>;

/** The link's secret as it appears in the address: 128 random-looking bits, base64url. */
export const StatusToken = z.string().regex(/^[A-Za-z0-9_-]{22}$/);
