/**
 * The webhook signature format of the platform notes, shared by the sandbox (signs) and the
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
