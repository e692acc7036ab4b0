import { and, count, eq, gt, inArray, lt } from "drizzle-orm";
import type { Db } from "../db/connect";
import { signInAttempts } from "../db/schema";

export interface SignInLimits {
  maxAttempts: number;
  windowSeconds: number;
}

export function attemptKeys(email: string, ip: string | undefined): string[] {
  const keys = [`account:${email.trim().toLowerCase()}`];
  if (ip) keys.push(`ip:${ip}`);
  return keys;
}

/** True when any of the keys (account, address) has used up its failed attempts in the window. */
export async function isSignInBlocked(db: Db, keys: string[], limits: SignInLimits, now = new Date()): Promise<boolean> {
  const since = new Date(now.getTime() - limits.windowSeconds * 1000);
  const rows = await db
    .select({ key: signInAttempts.key, failures: count() })
    .from(signInAttempts)
    .where(and(inArray(signInAttempts.key, keys), gt(signInAttempts.attemptedAt, since), eq(signInAttempts.succeeded, false)))
    .groupBy(signInAttempts.key);
  // An address is shared by a whole clinic, so it gets more room than one account.
  return rows.some((r) => r.failures >= (r.key.startsWith("ip:") ? limits.maxAttempts * 4 : limits.maxAttempts));
}

export async function recordSignInAttempt(db: Db, keys: string[], succeeded: boolean, now = new Date()): Promise<void> {
  if (succeeded) {
    // A successful sign-in clears the account's failures; the address keeps its history.
    await db.delete(signInAttempts).where(and(eq(signInAttempts.key, keys[0]!), eq(signInAttempts.succeeded, false)));
    return;
  }
  await db.insert(signInAttempts).values(keys.map((key) => ({ key, succeeded, attemptedAt: now })));
}

export async function pruneSignInAttempts(db: Db, olderThan: Date): Promise<void> {
  await db.delete(signInAttempts).where(lt(signInAttempts.attemptedAt, olderThan));
}
