import { z } from "zod";
import { storableText } from "./storable-text";

/** The letters a pairing code uses: no 0/O, 1/I/L, 2/Z, 5/S or 8/B to misread across a waiting room. */
export const PAIRING_ALPHABET = "ACDEFGHJKMNPQRTUVWXY34679";
export const PAIRING_CODE_LENGTH = 6;
export const PAIRING_CODE = new RegExp(`^[${PAIRING_ALPHABET}]{${PAIRING_CODE_LENGTH}}$`);

const Id = z.string().trim().min(1).max(100).regex(/^[A-Za-z0-9._:-]+$/, "This id has characters an id never has.");

/** What the admin types in Settings → Displays: the code the TV shows, a name, the clinic and (optionally) doctors; rooms are Settings → Rooms'. */
export const ClaimDisplayInput = z.strictObject({
  code: storableText()
    .transform((v) => v.replace(/[\s-]/g, "").toUpperCase())
    .pipe(z.string().regex(PAIRING_CODE, `Enter the ${PAIRING_CODE_LENGTH}-character code the display shows.`)),
  name: storableText().trim().min(1, "Name the display, e.g. “Waiting hall TV”.").max(60, "Keep the name under 60 characters."),
  clinicId: Id,
  doctors: z
    .array(z.strictObject({ doctorId: Id }))
    .max(20, "A display shows at most 20 doctors.")
    .default([]),
});
export type ClaimDisplayInput = z.infer<typeof ClaimDisplayInput>;

/** `ttlSeconds`: how long the code is good for from now (the TV counts down on its own clock, whatever its date). */
export const PairingStart = z.strictObject({ code: z.string(), expiresAt: z.string(), ttlSeconds: z.number().int() });
export type PairingStart = z.infer<typeof PairingStart>;

export const PairingStatus = z.discriminatedUnion("status", [
  z.strictObject({ status: z.literal("waiting"), code: z.string(), expiresAt: z.string() }),
  z.strictObject({ status: z.literal("expired") }),
  z.strictObject({ status: z.literal("paired") }),
  z.strictObject({ status: z.literal("none") }),
]);
export type PairingStatus = z.infer<typeof PairingStatus>;

export const DisplayListItem = z.strictObject({
  id: z.string(),
  name: z.string(),
  clinicId: z.string(),
  clinicName: z.string(),
  doctors: z.array(z.strictObject({ doctorId: z.string(), doctorName: z.string(), room: z.string().nullable() })),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  connected: z.boolean(),
});
export type DisplayListItem = z.infer<typeof DisplayListItem>;
export const DisplayList = z.strictObject({ displays: z.array(DisplayListItem) });
export type DisplayList = z.infer<typeof DisplayList>;

/**
 * A token as a waiting room sees it: the token and the patient's initials, nothing else. Strict, so
 * a name, mobile or UHID added by mistake on the server fails the feed's test and its parse.
 */
export const DisplayToken = z.strictObject({ token: z.string(), initials: z.string().max(6) });
export type DisplayToken = z.infer<typeof DisplayToken>;

export const DisplayDoctorFeed = z.strictObject({
  /** The doctor's key on this display (not the platform id): index-based, stable for the display's configuration. */
  key: z.string(),
  doctorName: z.string(),
  room: z.string().nullable(),
  nowServing: DisplayToken.nullable(),
  /** When the token now serving was called (a recall calls it again): the display announces each new value once. */
  calledAt: z.string().nullable(),
  next: z.array(DisplayToken),
});
export type DisplayDoctorFeed = z.infer<typeof DisplayDoctorFeed>;

export const DisplayFeed = z.strictObject({
  displayName: z.string(),
  clinicName: z.string(),
  timeZone: z.string(),
  doctors: z.array(DisplayDoctorFeed),
  at: z.string(),
});
export type DisplayFeed = z.infer<typeof DisplayFeed>;

/** How many waiting tokens a display lists per doctor. */
export const DISPLAY_NEXT_COUNT = 4;
