import "server-only";
import type { AppEnv } from "@/lib/env";
import type { Db } from "../db/connect";
import { pruneSignInThrottle } from "./rate-limit";
import { pruneStaffSessions } from "./staff-sessions";
import { log } from "../log";

const EVERY_MS = 60 * 60 * 1000;

/** Hourly, and once at start: sign-in throttle rows past their retention and ended sessions are removed. */
export function startAuthHousekeeping(db: Db, config: Pick<AppEnv, "sessions" | "signInThrottle">): void {
  const run = () =>
    Promise.all([pruneSignInThrottle(db, config.signInThrottle), pruneStaffSessions(db, config.sessions)]).catch((err) =>
      log().warn({ reason: (err as Error).message }, "sign-in housekeeping failed"),
    );
  void run();
  setInterval(run, EVERY_MS).unref();
}
