import { z } from "zod";
import { isRealDay } from "./days";

/**
 * The platform's own rules for patient bodies, written from the spec (2.1, 2.3, 8) and the platform
 * notes, with the platform's own English messages. Nothing here comes from the desk: when the desk's
 * form rules drift from these, the desk's contract test (lib/platform/client/patient-contract.test.ts)
 * sends a body the desk accepts and this emulator refuses it.
 *
 * Where the spec is silent (name lengths, a birth date in the future, the mobile's digits after the
 * country code) the emulator accepts, as a platform that documents no such rule would.
 */

export const GENDERS = ["M", "F", "O"] as const;
export const BLOOD_GROUPS = ["A+", "A-", "B+", "B-", "AB+", "AB-", "O+", "O-"] as const;
/** Spec 2.3, the directory's designations. */
export const DESIGNATIONS = ["Mr.", "Ms.", "Mrs.", "Miss.", "Kumar.", "Shri.", "Smt.", "Dr.", "Master.", "Baby.", "Mohd.", "B/O"] as const;
/** Spec 8: the longest key in `extras`. */
export const EXTRAS_MAX_KEY_LENGTH = 16;

const text = () => z.string({ error: "must be a string" });
const date = () => text().refine(isRealDay, "must be a date (YYYY-MM-DD)");
const oneOf = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: `must be one of ${values.join(", ")}` });
/** "with country code": a + then the digits. */
const mobile = text().regex(/^\+\d{7,15}$/, "must start with + and the country code, then digits only");
const email = text().regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, "must be an e-mail address");

const isDict = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const ignored = (key: string) => key.startsWith("_");
/**
 * Spec 8 counts a key in characters: a key is a name, so one made of control characters (NUL, tab…)
 * or of half a surrogate pair is no name at all, and the platform refuses it rather than store a
 * key no reader can show (the spec is silent; refusing is the platform's choice here).
 */
const wellFormedKey = (key: string) => !/[\p{Cc}\p{Cs}]/u.test(key);

/** The five rules of spec 2.1 on `extras`; keys starting with an underscore are ignored, at both levels. */
export function extrasProblems(extras: Record<string, unknown>): { path: (string | number)[]; message: string }[] {
  const out: { path: (string | number)[]; message: string }[] = [];
  const key = (k: string, path: (string | number)[]) => {
    if (k === "") out.push({ path, message: "key must not be empty" });
    else if (!wellFormedKey(k)) out.push({ path, message: "key must not contain control characters or unpaired surrogates" });
    if (k.length > EXTRAS_MAX_KEY_LENGTH) out.push({ path, message: `key must not exceed ${EXTRAS_MAX_KEY_LENGTH} characters` });
  };
  const list = (items: unknown[], path: (string | number)[]) =>
    items.forEach((item, i) => {
      if (Array.isArray(item)) out.push({ path: [...path, i], message: "nested lists are not allowed" });
      else if (isDict(item)) out.push({ path: [...path, i], message: "dictionaries inside lists are not allowed" });
    });
  for (const [k, v] of Object.entries(extras)) {
    if (ignored(k)) continue;
    key(k, [k]);
    if (Array.isArray(v)) list(v, [k]);
    else if (isDict(v))
      for (const [inner, w] of Object.entries(v)) {
        if (ignored(inner)) continue;
        key(inner, [k, inner]);
        if (isDict(w)) out.push({ path: [k, inner], message: "only one level of nesting is allowed inside dictionaries" });
        else if (Array.isArray(w)) list(w, [k, inner]);
      }
  }
  return out;
}

function withoutIgnored(extras: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(extras)
      .filter(([k]) => !ignored(k))
      .map(([k, v]) => [k, isDict(v) ? Object.fromEntries(Object.entries(v).filter(([inner]) => !ignored(inner))) : v]),
  );
}

const Extras = z
  .record(z.string(), z.unknown(), { error: "must be an object" })
  .superRefine((value, ctx) => {
    for (const p of extrasProblems(value)) ctx.addIssue({ code: "custom", path: p.path, message: p.message });
  })
  .transform(withoutIgnored);

const profileFields = {
  fn: text().min(1, "is required"),
  mn: text(),
  ln: text(),
  fln: text(),
  s: text(),
  dob: date(),
  gen: oneOf(GENDERS),
  bloodgroup: oneOf(BLOOD_GROUPS),
  mobile,
  email,
  username: text().min(1, "must not be empty"),
  abha: text(),
  extras: Extras,
};

/** Spec 2.1: fn, dob and gen are required on create, and nothing beyond its table (is_age is only in the 2.2 answer). */
export const ProfileCreateRules = z.strictObject({
  ...z.object(profileFields).partial().shape,
  fn: z.string({ error: "is required" }).min(1, "is required"),
  dob: z.string({ error: "is required" }).refine(isRealDay, "must be a date (YYYY-MM-DD)"),
  gen: z.enum(GENDERS, { error: `is required, one of ${GENDERS.join(", ")}` }),
});
/** How a field is cleared is not in the spec: an empty string for an optional field is read as "no value". */
const emptyOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(""), schema]);
export const ProfileUpdateRules = z
  .strictObject({ ...profileFields, bloodgroup: emptyOr(oneOf(BLOOD_GROUPS)), mobile: emptyOr(mobile), email: emptyOr(email), abha: emptyOr(text()) })
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), "send at least one field to change");
export type ProfileFields = z.output<typeof ProfileUpdateRules>;

/** Spec 2.3: the address's pincode is an integer, its other keys strings. */
const DirectoryAddress = z.object({
  line1: text(),
  line2: text(),
  city: text(),
  state: text(),
  country: text(),
  pincode: z.number({ error: "must be an integer" }).int("must be an integer"),
}).partial();

/** Spec 2.3 / 4.7: the directory update body. */
export const DirectoryUpdateRules = z
  .object({
    dob: date(),
    designation: oneOf(DESIGNATIONS),
    first_name: text(),
    middle_name: text(),
    last_name: text(),
    gender: oneOf(GENDERS),
    address: DirectoryAddress,
    partner_meta: z.record(z.string(), z.unknown(), { error: "must be an object" }),
  })
  .partial();
export type DirectoryFields = z.output<typeof DirectoryUpdateRules>;
