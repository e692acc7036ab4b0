import "server-only";
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { Db } from "../db/connect";
import { webhookSigningKeys } from "../db/schema";

/** Keys are sealed with AES-256-GCM under a key derived from the app secret, so a database dump alone reveals nothing. */
function sealingKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync("sha256", appSecret, "clinic-front-desk", "webhook-signing-keys/v1", 32));
}

export function sealSecret(appSecret: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", sealingKey(appSecret), iv);
  const ct = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), ct.toString("base64url"), cipher.getAuthTag().toString("base64url")].join(".");
}

export function openSecret(appSecret: string, sealed: string): string {
  const [version, iv, ct, tag] = sealed.split(".");
  if (version !== "v1" || !iv || !ct || !tag) throw new Error("sealed signing key has an unknown format");
  const decipher = createDecipheriv("aes-256-gcm", sealingKey(appSecret), Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ct, "base64url")), decipher.final()]).toString("utf8");
}

/** 32 bytes from the OS's cryptographic source, prefixed so a leaked key is recognisable. */
export function generateSigningKey(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

export interface SigningKeyInfo {
  id: string;
  subscriptionId: string | null;
  hint: string;
  createdAt: Date;
  expiresAt: Date | null;
}

export function signingKeyStore(db: Db, appSecret: string) {
  let cache: { keys: string[]; until: number } | undefined;
  const CACHE_MS = 5_000;
  const EMPTY_CACHE_MS = 1_000;
  return {
    async add(secret: string, subscriptionId: string | null): Promise<SigningKeyInfo> {
      const [row] = await db
        .insert(webhookSigningKeys)
        .values({ ciphertext: sealSecret(appSecret, secret), hint: secret.slice(-4), subscriptionId })
        .returning();
      cache = undefined;
      return row!;
    },
    async linkToSubscription(id: string, subscriptionId: string) {
      await db.update(webhookSigningKeys).set({ subscriptionId }).where(eq(webhookSigningKeys.id, id));
    },
    /** The key keeps verifying for the overlap window, so deliveries already on their way still pass. */
    async retire(where: { id?: string; subscriptionId?: string }, overlapMs: number) {
      const expiresAt = new Date(Date.now() + overlapMs);
      const match = where.id ? eq(webhookSigningKeys.id, where.id) : eq(webhookSigningKeys.subscriptionId, where.subscriptionId ?? "");
      await db.update(webhookSigningKeys).set({ expiresAt }).where(and(match, isNull(webhookSigningKeys.expiresAt)));
      cache = undefined;
    },
    async remove(id: string) {
      await db.delete(webhookSigningKeys).where(eq(webhookSigningKeys.id, id));
      cache = undefined;
    },
    async list(): Promise<SigningKeyInfo[]> {
      return db
        .select({
          id: webhookSigningKeys.id,
          subscriptionId: webhookSigningKeys.subscriptionId,
          hint: webhookSigningKeys.hint,
          createdAt: webhookSigningKeys.createdAt,
          expiresAt: webhookSigningKeys.expiresAt,
        })
        .from(webhookSigningKeys)
        .orderBy(webhookSigningKeys.createdAt);
    },
    /** Secrets that verify right now; cached briefly because every delivery needs them. */
    async verifying(): Promise<string[]> {
      if (cache && cache.until > Date.now()) return cache.keys;
      const rows = await db
        .select({ ciphertext: webhookSigningKeys.ciphertext })
        .from(webhookSigningKeys)
        .where(or(isNull(webhookSigningKeys.expiresAt), gt(webhookSigningKeys.expiresAt, new Date())));
      const keys = rows.map((r) => openSecret(appSecret, r.ciphertext));
      // "No key" is kept only briefly: a key added on another instance must start verifying soon.
      cache = { keys, until: Date.now() + (keys.length ? CACHE_MS : EMPTY_CACHE_MS) };
      return keys;
    },
  };
}
export type SigningKeyStore = ReturnType<typeof signingKeyStore>;
