import "server-only";
/**
 * The one place that seals secrets kept in the database (platform tokens, assistant-session
 * tokens, webhook signing keys): AES-256-GCM under a key derived per purpose, so a database
 * dump alone reveals nothing. Kept free of `server-only` so CLI scripts and tests can use it.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/** The key that seals now, and earlier keys that still open what they sealed (rotation). */
export interface SealingKeys {
  current: string;
  previous?: string[];
}

export interface Sealer {
  seal(plaintext: string): string;
  /** Opens a sealed value; throws when no known key opens it or it was tampered with. */
  open(sealed: string): string;
  /**
   * Opens what a row holds: rows written before sealing hold plain text. `reseal` says the value
   * is plain or sealed by a previous key, so the caller should write it back sealed.
   */
  openStored(stored: string): { plaintext: string; reseal: boolean };
}

const FORMAT = "v1";
const SEALED = /^v1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]*\.[A-Za-z0-9_-]{22}$/;

function derive(material: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", material, "clinic-front-desk", `${purpose}/v1`, 32));
}

export function sealer(keys: SealingKeys | string, purpose: string): Sealer {
  const all = typeof keys === "string" ? [keys] : [keys.current, ...(keys.previous ?? [])];
  if (!all[0]) throw new Error("a sealing key is required");
  const derived = all.filter(Boolean).map((k) => derive(k, purpose));
  const current = derived[0]!;

  function openWith(key: Buffer, iv: string, ct: string, tag: string): string {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ct, "base64url")), decipher.final()]).toString("utf8");
  }

  function openIndex(sealed: string): { plaintext: string; index: number } {
    const [version, iv, ct, tag] = sealed.split(".");
    if (version !== FORMAT || !iv || ct === undefined || !tag) throw new Error("sealed value has an unknown format");
    for (const [index, key] of derived.entries()) {
      try {
        return { plaintext: openWith(key, iv, ct, tag), index };
      } catch {
        // Not this key: try the previous ones.
      }
    }
    throw new Error("no configured sealing key opens this value (was DATA_SEALING_KEY changed without keeping the old one in DATA_SEALING_PREVIOUS_KEYS?)");
  }

  return {
    seal(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", current, iv);
      const ct = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return [FORMAT, iv.toString("base64url"), ct.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
    },
    open: (sealed) => openIndex(sealed).plaintext,
    openStored(stored) {
      if (!SEALED.test(stored)) return { plaintext: stored, reseal: true };
      const { plaintext, index } = openIndex(stored);
      return { plaintext, reseal: index > 0 };
    },
  };
}
