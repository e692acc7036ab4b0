import "server-only";
/**
 * Progressive sign-in delay, without lockout. Each (account, address) pair and each account has
 * a row; an attempt first claims a turn with one atomic UPSERT (counted as a failure until the
 * password proves right), so parallel guesses cannot get more password checks than the budget.
 * The delay doubles from 1 s up to a cap and only ever postpones attempts: the owner's right
 * password is accepted as soon as the delay has passed.
 */
import { subDays, subSeconds } from "date-fns";
import { and, eq, isNull, lt, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/connect";
import { signInThrottle } from "../db/schema";
import * as clock from "@/lib/clock";

export interface ThrottleSettings {
  /** Attempts per (account, address) before delays start; an account as a whole gets 4× as many. */
  freeAttempts: number;
  /** After this long without attempts, a key's count starts again from zero. */
  quietSeconds: number;
  maxDelaySeconds: number;
  /** Rows untouched this long are pruned; a success within it marks the address as known to the account. */
  retentionDays: number;
}

export const ACCOUNT_ALLOWANCE_FACTOR = 4;

const normalise = (email: string) => email.trim().toLowerCase();

export function throttleKeys(email: string, ip: string | undefined) {
  const account = normalise(email);
  return { account: `account:${account}`, pair: `pair:${account}|${ip ?? "unknown"}`, addressKnown: ip !== undefined };
}

/** The wait after `counted` attempts: none within the free ones, then 1 s, 2 s, 4 s … up to the cap. */
export function delaySeconds(counted: number, free: number, maxDelaySeconds: number): number {
  return counted < free ? 0 : Math.min(maxDelaySeconds, 2 ** (counted - free));
}

type Claim = { admitted: true; lastSuccessAt: Date | null } | { admitted: false; retryAfterSeconds: number };

const stamp = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/** Takes one turn on a key if its delay has passed: one statement, so concurrent claims serialise on the row. */
async function claim(db: Db, key: string, free: number, s: ThrottleSettings, now: Date): Promise<Claim> {
  const at = stamp(now);
  const quietSince = stamp(new Date(now.getTime() - s.quietSeconds * 1000));
  const counted = sql`(case when ${signInThrottle.updatedAt} < ${quietSince} then 0 else ${signInThrottle.failures} end) + 1`;
  const nextAt = (n: SQL) =>
    sql`${at} + make_interval(secs => case when ${n} < ${free}::int then 0 else least(${s.maxDelaySeconds}::float8, power(2, ${n} - ${free}::int)) end)`;
  const [row] = await db
    .insert(signInThrottle)
    .values({ key, failures: 1, nextAttemptAt: new Date(now.getTime() + delaySeconds(1, free, s.maxDelaySeconds) * 1000), updatedAt: now })
    .onConflictDoUpdate({
      target: signInThrottle.key,
      set: { failures: counted, nextAttemptAt: nextAt(counted), updatedAt: now },
      setWhere: sql`${signInThrottle.nextAttemptAt} <= ${at}`,
    })
    .returning({ lastSuccessAt: signInThrottle.lastSuccessAt });
  if (row) return { admitted: true, lastSuccessAt: row.lastSuccessAt };
  const [held] = await db.select({ next: signInThrottle.nextAttemptAt }).from(signInThrottle).where(eq(signInThrottle.key, key));
  const waitMs = (held?.next.getTime() ?? now.getTime()) - now.getTime();
  return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

export type Admission = { admitted: true; accountClaimed: boolean } | { admitted: false; retryAfterSeconds: number };

/**
 * Admits one password check or says how long to wait. The pair is always throttled; the account
 * as a whole too (against many addresses), except from an address this account recently signed
 * in from, so an attacker elsewhere cannot keep the owner out.
 */
export async function admitAttempt(db: Db, keys: ReturnType<typeof throttleKeys>, s: ThrottleSettings, now = clock.nowDate()): Promise<Admission> {
  const pair = await claim(db, keys.pair, s.freeAttempts, s, now);
  if (!pair.admitted) return pair;
  const knownSince = subDays(now, s.retentionDays);
  if (keys.addressKnown && pair.lastSuccessAt && pair.lastSuccessAt > knownSince) return { admitted: true, accountClaimed: false };
  const account = await claim(db, keys.account, s.freeAttempts * ACCOUNT_ALLOWANCE_FACTOR, s, now);
  if (!account.admitted) return account;
  return { admitted: true, accountClaimed: true };
}

/** The right password: the pair starts afresh and its address becomes known; the account's own count gives back this attempt. */
export async function recordSuccess(db: Db, keys: ReturnType<typeof throttleKeys>, admission: { accountClaimed: boolean }, now = clock.nowDate()) {
  await db
    .update(signInThrottle)
    .set({ failures: 0, nextAttemptAt: now, lastSuccessAt: now, updatedAt: now })
    .where(eq(signInThrottle.key, keys.pair));
  if (admission.accountClaimed) {
    await db
      .update(signInThrottle)
      .set({ failures: sql`greatest(${signInThrottle.failures} - 1, 0)` })
      .where(eq(signInThrottle.key, keys.account));
  }
}

/**
 * A row past its quiet period with no success on it says nothing any more (its count would start
 * from zero), so guesses at made-up e-mails do not pile up; known addresses are kept for the retention.
 */
export async function pruneSignInThrottle(db: Db, s: Pick<ThrottleSettings, "retentionDays" | "quietSeconds">, now = clock.nowDate()): Promise<void> {
  const forgotten = subDays(now, s.retentionDays);
  const quiet = subSeconds(now, s.quietSeconds);
  await db
    .delete(signInThrottle)
    .where(
      and(
        lt(signInThrottle.nextAttemptAt, now),
        or(lt(signInThrottle.updatedAt, forgotten), and(isNull(signInThrottle.lastSuccessAt), lt(signInThrottle.updatedAt, quiet))),
      ),
    );
}
