import { z } from "zod";

/**
 * ABDM's "Scan & Share" as it travels on the wire, shaped after ABDM's published HIP integration
 * documents (the gateway's profile-share callback and its `on-share` answer; the v3 HIE-CM header
 * names). Shared by the desk (lib/server/abdm) and the emulator (lib/abdm/fake); no desk code here.
 *
 * Real-shaped: paths, header names, body field names, the bearer JWT from the gateway's session
 * API, the 30-minute token validity the desk promises. Emulated: the key set, the issuer and the
 * audience the sandbox signs with (see lib/abdm/README.md).
 */

/**
 * The gateway calls the facility (HIP) here, relative to the bridge's registered callback URL, when a
 * patient scans the facility's QR at a counter (ABDM's "Share HIP patient", POST /api/v3/hip/patient/share).
 */
export const SHARE_CALLBACK_PATH = "/api/v3/hip/patient/share";
/** Where the patient's ABHA (PHR) app sends the share, at the gateway; the gateway then calls SHARE_CALLBACK_PATH. Not called by the desk. */
export const ABDM_SHARE_PATH = "/api/hiecm/patient-share/v3/share";
/** The facility's acknowledgement, sent back to the gateway. */
export const ON_SHARE_PATH = "/api/hiecm/patient-share/v3/on-share";
/** The gateway's session API: client id and secret → a bearer access token. */
export const SESSIONS_PATH = "/api/hiecm/gateway/v3/sessions";

/** The gateway's public keys (a JWKS), against which its bearer tokens are checked. */
export const CERTS_PATH = "/api/hiecm/gateway/v3/certs";

/** What the sandbox's emulated gateway signs as and calls this facility (not ABDM's values). */
export const SANDBOX_GATEWAY = { issuer: "https://sandbox.abdm.invalid/gateway", cmId: "sbx", hipId: "IN-SANDBOX-HIP" } as const;

/** The headers ABDM's v3 APIs carry on every call, in both directions. */
export const ABDM_HEADERS = {
  requestId: "request-id",
  timestamp: "timestamp",
  cmId: "x-cm-id",
  hipId: "x-hip-id",
  authorization: "authorization",
} as const;

/** How long a share's token stays valid at the counter. */
export const SHARE_VALIDITY_MINUTES = 30;
/** A callback older than this (by its TIMESTAMP header and body timestamp) is refused as stale. */
export const SHARE_MAX_AGE_MS = 5 * 60_000;

const text = (max: number) => z.string().trim().min(1).max(max);
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const clean = (max: number) =>
  text(max).refine((s) => !/[\u0000-\u001f\u007f<>`{}\\]/u.test(s) && !LONE_SURROGATE.test(s), { message: "contains characters that are not allowed" });

export const ShareIdentifier = z.object({ type: text(40), value: clean(120) });

/** A field ABDM documents as optional may come as null (observed in the gateway's calls): read as absent. */
const maybe = <T extends z.ZodType>(t: T) => z.preprocess((v) => (v === null || v === "" ? undefined : v), t.optional());
/** ABDM sends day, month and year of birth as strings ("11"); older samples as numbers. */
const numeric = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const SharePatient = z.object({
  abhaNumber: maybe(clean(20)),
  abhaAddress: clean(80),
  name: clean(120),
  // ABDM's genders are M, F, O, D (undisclosed), T (transgender) and U; the desk's record knows M, F, O and U.
  gender: z
    .enum(["M", "F", "O", "D", "T", "U"])
    .transform((g): "M" | "F" | "O" | "U" => (g === "T" ? "O" : g === "D" ? "U" : g)),
  dayOfBirth: maybe(numeric(1, 31)),
  monthOfBirth: maybe(numeric(1, 12)),
  yearOfBirth: numeric(1900, 2200),
  phoneNumber: maybe(clean(20)),
  address: maybe(z.object({ line: maybe(clean(200)), district: maybe(clean(80)), state: maybe(clean(80)), pincode: maybe(clean(10)) })),
});
export type SharePatient = z.infer<typeof SharePatient>;

export const ShareRequest = z.object({
  intent: z.literal("PROFILE_SHARE"),
  // latitude and longitude are numbers in ABDM's v3 document ("^[0-9-.]+$" when sent as text); the desk does not use them.
  metaData: z.object({
    hipId: clean(64),
    context: clean(250),
    hprId: maybe(clean(64)),
    latitude: maybe(z.union([z.number().finite(), z.string().regex(/^[0-9.-]{1,20}$/)])),
    longitude: maybe(z.union([z.number().finite(), z.string().regex(/^[0-9.-]{1,20}$/)])),
  }),
  profile: z.object({ patient: SharePatient }),
});
export type ShareRequest = z.infer<typeof ShareRequest>;

export const OnShareRequest = z.object({
  acknowledgement: z.object({
    status: z.enum(["SUCCESS", "FAILURE"]),
    abhaAddress: z.string(),
    // expiry: seconds, a number in ABDM's v3 document (one older sample sends "1800" as text).
    profile: z.object({ context: z.string(), tokenNumber: z.string(), expiry: z.coerce.number().int().positive() }).optional(),
  }),
  error: z.object({ code: z.string(), message: z.string() }).nullable().optional(),
  response: z.object({ requestId: z.string() }),
});
export type OnShareRequest = z.infer<typeof OnShareRequest>;

/** What the desk checks of the gateway's bearer JWT. */
export interface GatewayTokenRules {
  issuer: string;
  /** ABDM's gateway tokens carry the client roles; the desk needs the gateway's own. */
  audience?: string;
}

export const SessionRequest = z.object({ clientId: z.string().min(1), clientSecret: z.string().min(1), grantType: z.literal("client_credentials") });
export const SessionAnswer = z.object({ accessToken: z.string().min(1), expiresIn: z.number().int().positive(), tokenType: z.string().optional() });
