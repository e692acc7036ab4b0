import "server-only";
import { lt, sql } from "drizzle-orm";
import type { Db } from "./db/connect";
import { publicRateLimits } from "./db/schema";
import * as clock from "@/lib/clock";

export interface RateLimit {
  /** Requests allowed per key and window. */
  limit: number;
  windowSeconds: number;
}

export type RateAdmission = { admitted: true } | { admitted: false; retryAfterSeconds: number };

/** The start of the fixed window `now` falls in. */
export const rateWindowStart = (rate: RateLimit, now: number): Date => new Date(Math.floor(now / (rate.windowSeconds * 1000)) * rate.windowSeconds * 1000);

/**
 * A fixed-window count per key (a client address on a public page), in the database so every app
 * instance shares it: one upsert, so parallel requests cannot slip past the limit. (The sign-in
 * throttle is a per-account delay that grows with failures; a page that polls needs a plain rate.)
 */
export async function admitPublicRequest(db: Db, key: string, rate: RateLimit, now = clock.now()): Promise<RateAdmission> {
  const windowMs = rate.windowSeconds * 1000;
  const start = rateWindowStart(rate, now);
  const [row] = await db
    .insert(publicRateLimits)
    .values({ key, windowStart: start, hits: 1 })
    .onConflictDoUpdate({ target: [publicRateLimits.key, publicRateLimits.windowStart], set: { hits: sql`${publicRateLimits.hits} + 1` } })
    .returning({ hits: publicRateLimits.hits });
  // Windows long past are cleared now and then by whichever request opens a new one.
  if (row!.hits === 1 && Math.random() < 0.05) await db.delete(publicRateLimits).where(lt(publicRateLimits.windowStart, new Date(now - 86_400_000))).catch(() => {});
  if (row!.hits <= rate.limit) return { admitted: true };
  return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil((start.getTime() + windowMs - now) / 1000)) };
}
