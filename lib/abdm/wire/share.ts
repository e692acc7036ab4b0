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

/** The gateway calls the facility (HIP) here when a patient scans the facility's QR at a counter. */
export const SHARE_CALLBACK_PATH = "/api/v3/hip/patient/share";
/** ABDM's v3 HIE-CM path the callback mirrors (the desk's route keeps our /api prefix). */
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

export const SharePatient = z.object({
  abhaNumber: clean(20).optional(),
  abhaAddress: clean(80),
  name: clean(120),
  gender: z.enum(["M", "F", "O", "U"]),
  dayOfBirth: z.coerce.number().int().min(1).max(31).optional(),
  monthOfBirth: z.coerce.number().int().min(1).max(12).optional(),
  yearOfBirth: z.coerce.number().int().min(1900).max(2100),
  phoneNumber: clean(20).optional(),
  address: z.object({ line: clean(200).optional(), district: clean(80).optional(), state: clean(80).optional(), pincode: clean(10).optional() }).partial().optional(),
});
export type SharePatient = z.infer<typeof SharePatient>;

export const ShareRequest = z.object({
  intent: z.literal("PROFILE_SHARE"),
  metaData: z.object({ hipId: clean(64), context: clean(64), hprId: clean(64).optional(), latitude: z.string().max(20).optional(), longitude: z.string().max(20).optional() }),
  profile: z.object({ patient: SharePatient }),
});
export type ShareRequest = z.infer<typeof ShareRequest>;

export const OnShareRequest = z.object({
  acknowledgement: z.object({
    status: z.enum(["SUCCESS", "FAILURE"]),
    abhaAddress: z.string(),
    profile: z.object({ context: z.string(), tokenNumber: z.string(), expiry: z.string() }).optional(),
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
