import { z } from "zod";

const b64url = z.string().regex(/^[A-Za-z0-9_-]*$/, "must be Base64URL without padding");

/** Encrypted request envelope, flattened JWE JSON serialization (spec 2.8). */
export const JweEnvelope = z.object({
  protected: b64url.min(1),
  iv: b64url.min(1),
  ciphertext: b64url,
  tag: b64url.min(1),
  kid: z.string().optional(),
});
export type JweEnvelope = z.infer<typeof JweEnvelope>;

/** Encrypted response body (spec 5.1 item 6): the protected header may be absent. */
export const JweResponseEnvelope = JweEnvelope.partial({ protected: true });
export type JweResponseEnvelope = z.infer<typeof JweResponseEnvelope>;

export const JWE_ALG = "dir";
export const JWE_ENC = "A128CBC-HS256";
export const ENCRYPTION_HEADER = "x-encryption";
