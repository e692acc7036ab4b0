import "server-only";
/**
 * Checks a staff sign-in: demo doors shut unless the sandbox is the platform, a turn claimed from the throttle
 * before the password is checked, and a decoy check for unknown e-mails so timing reveals nothing.
 * The password verifier is injectable so tests can count the expensive checks.
 */
import type { Db } from "../db/connect";
import { isDemoAddress } from "./demo-staff";
import { decoyHash, verifyPassword } from "./password";
import { admitAttempt, recordSuccess, throttleKeys, type ThrottleSettings } from "./rate-limit";
import { findStaffByEmail, type StaffRow } from "./staff-repo";
import * as clock from "@/lib/clock";

export interface SignInDeps {
  db: Db;
  /** The demo staff may sign in: the sandbox platform's demo capability is present (lib/server/platform-demo.ts). */
  demoAccounts: boolean;
  throttle: ThrottleSettings;
  verify?: (password: string, stored: string) => Promise<boolean>;
  now?: () => Date;
}

export type SignInOutcome =
  | { ok: true; staff: StaffRow }
  | { ok: false; reason: "invalid" | "demo-account" }
  | { ok: false; reason: "throttled"; retryAfterSeconds: number };

export async function checkSignIn(deps: SignInDeps, attempt: { email: string; password: string; ip: string | undefined }): Promise<SignInOutcome> {
  const now = deps.now?.() ?? clock.nowDate();
  if (!deps.demoAccounts && isDemoAddress(attempt.email)) return { ok: false, reason: "demo-account" };
  const keys = throttleKeys(attempt.email, attempt.ip);
  const admission = await admitAttempt(deps.db, keys, deps.throttle, now);
  if (!admission.admitted) return { ok: false, reason: "throttled", retryAfterSeconds: admission.retryAfterSeconds };
  const staff = await findStaffByEmail(deps.db, attempt.email);
  const verify = deps.verify ?? verifyPassword;
  const ok = await verify(attempt.password, staff?.passwordHash ?? (await decoyHash()));
  if (!staff || !staff.active || !ok) return { ok: false, reason: "invalid" };
  await recordSuccess(deps.db, keys, admission, now);
  return { ok: true, staff };
}
