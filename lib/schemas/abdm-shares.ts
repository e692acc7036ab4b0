import { z } from "zod";

/** One patient who shared their ABHA profile at a counter today, as the receptionists' list shows it. */
export const CounterShare = z.object({
  id: z.string(),
  counter: z.string(),
  tokenNumber: z.string(),
  name: z.string(),
  gender: z.string(),
  yearOfBirth: z.number().int(),
  abhaAddress: z.string(),
  abhaNumber: z.string().nullable(),
  mobile: z.string().nullable(),
  sharedAt: z.string(),
  expiresAt: z.string(),
  /** The desk's patient with this ABHA (number first, then address), or null: register first. */
  patientId: z.string().nullable(),
  /** The OPD token once issued. */
  visitToken: z.string().nullable(),
  /** The profile as an ABHA card's QR payload, handed to the registration form's ABHA prefill. */
  cardPayload: z.string(),
});
export type CounterShare = z.infer<typeof CounterShare>;
export const CounterShares = z.object({ shares: z.array(CounterShare) });
export type CounterShares = z.infer<typeof CounterShares>;

export const ShareVisitRequest = z.strictObject({
  doctorId: z.string().trim().min(1, "Choose a doctor.").max(100).regex(/^[A-Za-z0-9._:-]+$/, "This id has characters an id never has."),
});

/**
 * A new share, announced on the clinic's queue stream (event `counter-share`) to the staff who may read
 * that clinic's queue: the row the list shows, so the desk puts it on screen without a refetch. `share`
 * is null when the row would not fit one message (PostgreSQL's NOTIFY limit): the desk then refetches.
 */
export const CounterShareMessage = z.object({ clinicId: z.string(), day: z.string(), share: CounterShare.nullable() });
export type CounterShareMessage = z.infer<typeof CounterShareMessage>;
