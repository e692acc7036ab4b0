import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, or } from "drizzle-orm";
import type { Db } from "../db/connect";
import { webhookSigningKeys } from "../db/schema";
import { sealer, type SealingKeys } from "../crypto/seal";
import * as clock from "@/lib/clock";

/** Keys are sealed by the shared helper (AES-256-GCM, key derived per purpose), so a database dump alone reveals nothing. */
const PURPOSE = "webhook-signing-keys";

export function sealSecret(keys: SealingKeys | string, plaintext: string): string {
  return sealer(keys, PURPOSE).seal(plaintext);
}

export function openSecret(keys: SealingKeys | string, sealed: string): string {
  return sealer(keys, PURPOSE).open(sealed);
}

/**
 * 32 bytes from the OS's cryptographic source, prefixed so a leaked key is recognisable. Standard
 * Webhooks reads the part after `whsec_` as (standard) base64 of the secret's bytes.
 */
export function generateSigningKey(scheme: "platform" | "standard" = "platform"): string {
  return `whsec_${randomBytes(32).toString(scheme === "standard" ? "base64" : "base64url")}`;
}

export interface SigningKeyInfo {
  id: string;
  subscriptionId: string | null;
  hint: string;
  createdAt: Date;
  expiresAt: Date | null;
}

export function signingKeyStore(db: Db, keys: SealingKeys | string) {
  const seal = sealer(keys, PURPOSE);
  let cache: { keys: string[]; until: number } | undefined;
  const CACHE_MS = 5_000;
  const EMPTY_CACHE_MS = 1_000;
  return {
    async add(secret: string, subscriptionId: string | null): Promise<SigningKeyInfo> {
      const [row] = await db
        .insert(webhookSigningKeys)
        .values({ ciphertext: seal.seal(secret), hint: secret.slice(-4), subscriptionId })
        .returning();
      cache = undefined;
      return row!;
    },
    async linkToSubscription(id: string, subscriptionId: string) {
      await db.update(webhookSigningKeys).set({ subscriptionId }).where(eq(webhookSigningKeys.id, id));
    },
    /** The key keeps verifying for the overlap window, so deliveries already on their way still pass. */
    async retire(where: { id?: string; subscriptionId?: string }, overlapMs: number) {
      const expiresAt = new Date(clock.now() + overlapMs);
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
      if (cache && cache.until > clock.now()) return cache.keys;
      const rows = await db
        .select({ ciphertext: webhookSigningKeys.ciphertext })
        .from(webhookSigningKeys)
        .where(or(isNull(webhookSigningKeys.expiresAt), gt(webhookSigningKeys.expiresAt, clock.nowDate())));
      const keys = rows.map((r) => seal.open(r.ciphertext));
      // "No key" is kept only briefly: a key added on another instance must start verifying soon.
      cache = { keys, until: clock.now() + (keys.length ? CACHE_MS : EMPTY_CACHE_MS) };
      return keys;
    },
  };
}
export type SigningKeyStore = ReturnType<typeof signingKeyStore>;
