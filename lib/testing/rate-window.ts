import type { Db } from "@/lib/server/db/connect";
import { publicRateLimits } from "@/lib/server/db/schema";
import { rateWindowStart, type RateLimit } from "@/lib/server/public-rate-limit";

/**
 * Counts `hits` requests against `key` in the window `now` falls in, as if they had been answered:
 * a test reaches a per-minute limit of 120 without making 120 requests, then makes the last few itself.
 */
export async function useUpWindow(db: Db, key: string, rate: RateLimit, hits: number, now: number): Promise<void> {
  await db
    .insert(publicRateLimits)
    .values({ key, windowStart: rateWindowStart(rate, now), hits })
    .onConflictDoUpdate({ target: [publicRateLimits.key, publicRateLimits.windowStart], set: { hits } });
}
