/**
 * The webhook signature formats: the platform notes' one, shared by the sandbox (signs) and the
 * app's receiver (verifies): `t=<unix seconds>,v1=<hex HMAC-SHA256(key, "<t>.<raw body>")>`.
 * Node-only (node:crypto); never import it from browser code.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export function signatureHex(key: string, timestamp: number, rawBody: Buffer | string): string {
  const hmac = createHmac("sha256", key);
  hmac.update(`${timestamp}.`);
  hmac.update(rawBody);
  return hmac.digest("hex");
}

export function signatureHeader(keys: string[], timestamp: number, rawBody: Buffer | string): string {
  return [`t=${timestamp}`, ...keys.map((k) => `v1=${signatureHex(k, timestamp, rawBody)}`)].join(",");
}

export interface ParsedSignature {
  timestamp: number;
  signatures: string[];
}

/** Reads `t=…,v1=…[,v1=…]`; undefined when the header is not in that form. Unknown schemes are ignored. */
export function parseSignatureHeader(header: string): ParsedSignature | undefined {
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq <= 0) return undefined;
    const name = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (name === "t") {
      if (!/^\d{1,12}$/.test(value) || timestamp !== undefined) return undefined;
      timestamp = Number(value);
    } else if (name === "v1") {
      if (/^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
    }
  }
  if (timestamp === undefined || signatures.length === 0) return undefined;
  return { timestamp, signatures };
}

/** Constant-time: every key is compared against every signature, whatever matches first. */
export function matchingKeyIndex(keys: string[], parsed: ParsedSignature, rawBody: Buffer | string): number {
  let found = -1;
  for (let i = 0; i < keys.length; i++) {
    const expected = Buffer.from(signatureHex(keys[i]!, parsed.timestamp, rawBody), "hex");
    for (const sig of parsed.signatures) {
      if (timingSafeEqual(expected, Buffer.from(sig, "hex")) && found < 0) found = i;
    }
  }
  return found;
}

/**
 * Standard Webhooks (standardwebhooks.com, as Svix signs): headers `webhook-id`, `webhook-timestamp`
 * (unix seconds) and `webhook-signature: v1,<base64 HMAC-SHA256(secret, "<id>.<timestamp>.<body>")>`
 * (several space-separated during a rotation). The secret is `whsec_` + base64 of its bytes.
 */
export function standardSecretBytes(key: string): Buffer {
  return key.startsWith("whsec_") ? Buffer.from(key.slice("whsec_".length), "base64") : Buffer.from(key, "utf8");
}

export function standardSignature(key: string, id: string, timestamp: number, rawBody: Buffer | string): string {
  const hmac = createHmac("sha256", standardSecretBytes(key));
  hmac.update(`${id}.${timestamp}.`);
  hmac.update(rawBody);
  return hmac.digest("base64");
}

export function standardSignatureHeader(keys: string[], id: string, timestamp: number, rawBody: Buffer | string): string {
  return keys.map((k) => `v1,${standardSignature(k, id, timestamp, rawBody)}`).join(" ");
}

/** The v1 signatures of a `webhook-signature` header (other versions ignored); undefined when there is none. */
export function parseStandardSignatures(header: string): string[] | undefined {
  const signatures: string[] = [];
  for (const part of header.trim().split(/\s+/)) {
    const comma = part.indexOf(",");
    if (comma <= 0) return undefined;
    const value = part.slice(comma + 1);
    if (part.slice(0, comma) === "v1" && /^[A-Za-z0-9+/]{43}=$/.test(value)) signatures.push(value);
  }
  return signatures.length ? signatures : undefined;
}

/** Constant-time, like matchingKeyIndex: every key against every signature. */
export function matchingStandardKeyIndex(keys: string[], id: string, timestamp: number, signatures: string[], rawBody: Buffer | string): number {
  let found = -1;
  for (let i = 0; i < keys.length; i++) {
    const expected = Buffer.from(standardSignature(keys[i]!, id, timestamp, rawBody), "base64");
    for (const sig of signatures) {
      if (timingSafeEqual(expected, Buffer.from(sig, "base64")) && found < 0) found = i;
    }
  }
  return found;
}
