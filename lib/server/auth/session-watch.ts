import "server-only";
import { env } from "@/lib/env";
import { db } from "../db";
import { log as appLog } from "../log";
import { processSingleton } from "../process-singleton";
import { heldSessionIds } from "./staff-sessions";

/** How often an instance asks the database whether the sessions of its open streams still hold. */
export const SESSION_CHECK_MS = 1_000;

export interface SessionWatch {
  /** Calls `ended` once the session row is gone (sign-out anywhere, deactivation, role change, expiry); answers the unwatch. */
  watch(sessionId: string, ended: () => void): () => void;
  watched(): number;
  /** One check now (tests, and after a sign-out on this instance). */
  check(): Promise<void>;
}

/**
 * The sessions behind this instance's open streams, checked against the database every second in
 * one query: another instance's sign-out or an admin's deactivation reaches here through the
 * session rows, never through this process's memory. Nothing runs while no stream is open.
 */
export function createSessionWatch(opts: { held: (sids: string[]) => Promise<Set<string>>; everyMs?: number; log?: (msg: string, err: unknown) => void }): SessionWatch {
  const everyMs = opts.everyMs ?? SESSION_CHECK_MS;
  const log = opts.log ?? ((msg: string, err: unknown) => appLog().warn({ err }, msg));
  const bySession = new Map<string, Set<() => void>>();
  let timer: ReturnType<typeof setInterval> | undefined;
  let running: Promise<void> | undefined;

  async function sweep() {
    const sids = [...bySession.keys()];
    if (sids.length === 0) return;
    let held: Set<string>;
    try {
      held = await opts.held(sids);
    } catch (err) {
      // The database is unreachable: the streams stay, and the next check decides.
      return log("could not check the sessions of open streams", err);
    }
    for (const sid of sids) {
      if (held.has(sid)) continue;
      const ends = bySession.get(sid);
      bySession.delete(sid);
      for (const end of ends ?? []) end();
    }
    if (bySession.size === 0) stop();
  }
  const check = () => (running ??= sweep().finally(() => (running = undefined)));
  function stop() {
    clearInterval(timer);
    timer = undefined;
  }

  return {
    watch(sessionId, ended) {
      const ends = bySession.get(sessionId) ?? new Set();
      bySession.set(sessionId, ends);
      let once = false;
      const end = () => {
        if (once) return;
        once = true;
        ended();
      };
      ends.add(end);
      if (!timer) {
        timer = setInterval(() => void check(), everyMs);
        timer.unref?.();
      }
      return () => {
        ends.delete(end);
        if (ends.size === 0 && bySession.get(sessionId) === ends) bySession.delete(sessionId);
        if (bySession.size === 0) stop();
      };
    },
    watched: () => [...bySession.values()].reduce((n, s) => n + s.size, 0),
    check,
  };
}

/** This instance's watch over the sessions of its open live-feed and queue streams. */
export function sessionWatch(): SessionWatch {
  return processSingleton("__clinicSessionWatch", () => createSessionWatch({ held: async (sids) => heldSessionIds(await db(), sids, env().sessions) }));
}
