/**
 * Server-side record of each signed-in browser, checked on every request where the staff row is
 * re-read: deleting rows ends sessions on every instance at once. Kept free of `server-only` so
 * `npm run staff:signout` and tests can use it.
 */
import { and, eq, inArray, lt, or, sql } from "drizzle-orm";
import { decode } from "next-auth/jwt";
import { Role } from "@/lib/schemas/staff";
import type { Db } from "../db/connect";
import { staff, staffSessions } from "../db/schema";
import { processSingleton } from "../process-singleton";
import * as clock from "@/lib/clock";

/** `sessionId` is the session row: what an open stream watches to end with the session. */
export type StaffSession = { id: string; name: string; email: string; role: Role; sessionId: string };

export interface SessionSettings {
  maxHours: number;
  idleMinutes: number;
}

/** Last-seen is written at most this often per session, not on every request. */
const TOUCH_EVERY_MS = 60_000;
// A deactivation or sign-out elsewhere takes effect within this long, without a database read on every request.
const CACHE_MS = 2_000;

type Cached = { at: number; staff: StaffSession | null; staffId: string };
const cache = () => processSingleton("__clinicSessionCache", () => new Map<string, Cached>());

export async function startSession(db: Db, staffId: string, ip: string | undefined, now = clock.nowDate()): Promise<string> {
  const [row] = await db.insert(staffSessions).values({ staffId, ip: ip ?? null, signedInAt: now, lastSeenAt: now }).returning({ id: staffSessions.id });
  return row!.id;
}

/** Ends every session of a staff member (sign-out, sign out everywhere); answers how many there were. */
export async function endStaffSessions(db: Db, staffId: string): Promise<number> {
  const rows = await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId)).returning({ id: staffSessions.id });
  for (const [sid, hit] of cache()) if (hit.staffId === staffId) cache().delete(sid);
  return rows.length;
}

/**
 * "cached": at most CACHE_MS old, for ordinary requests. "fresh": from the database now, where a
 * stale "still signed in" would send someone back into a session that has just ended elsewhere
 * (the sign-in page, which forwards a signed-in visitor to where they came from).
 */
export type SessionRead = "cached" | "fresh";

/**
 * The staff member a session cookie belongs to, or null when the session has ended: signed out,
 * past its lifetime, idle too long, or the account deactivated or changed.
 */
export async function resolveSession(
  db: Db,
  claims: { sub?: string; sid?: unknown } | null,
  settings: SessionSettings,
  now = clock.nowDate(),
  read: SessionRead = "cached",
): Promise<StaffSession | null> {
  if (!claims?.sub || typeof claims.sid !== "string") return null;
  const sid = claims.sid;
  const hit = cache().get(sid);
  if (read === "cached" && hit && now.getTime() - hit.at < CACHE_MS && hit.staffId === claims.sub) return hit.staff;

  const [row] = await db
    .select({ staff, signedInAt: staffSessions.signedInAt, lastSeenAt: staffSessions.lastSeenAt })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(and(eq(staffSessions.id, sid), eq(staffSessions.staffId, claims.sub)))
    .limit(1);
  let result: StaffSession | null = null;
  if (row) {
    const role = Role.safeParse(row.staff.role);
    const expired =
      now.getTime() - row.signedInAt.getTime() > settings.maxHours * 3_600_000 ||
      now.getTime() - row.lastSeenAt.getTime() > settings.idleMinutes * 60_000;
    if (expired) await db.delete(staffSessions).where(eq(staffSessions.id, sid));
    else if (row.staff.active && role.success) {
      result = { id: row.staff.id, name: row.staff.name, email: row.staff.email, role: role.data, sessionId: sid };
      if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
        await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, sid));
      }
    }
  }
  if (cache().size > 2000) cache().clear();
  cache().set(sid, { at: now.getTime(), staff: result, staffId: claims.sub });
  return result;
}

type Claims = Awaited<ReturnType<typeof decode>>;
// Decoding derives the key (HKDF) and decrypts the JWE: ~0.4 ms of CPU on every request. A cookie's
// claims never change, so they are kept a short while; whether its session still holds is asked
// of resolveSession every time (sign-out, deactivation and expiry are not cached here).
const DECODED_MS = 60_000;
const decoded = () => processSingleton("__clinicDecodedCookies", () => new Map<string, { until: number; claims: Claims; secret: string }>());

/** Decodes a next-auth session cookie (it checks signature, encryption and expiry) and resolves it. */
export async function resolveSessionCookie(db: Db, token: string, secret: string, settings: SessionSettings, now = clock.nowDate(), read: SessionRead = "cached") {
  const at = now.getTime();
  let hit = decoded().get(token);
  // Another secret (rotation, a test) must decode the cookie afresh.
  if (!hit || hit.until <= at || hit.secret !== secret) {
    const claims = await decode({ token, secret }).catch(() => null);
    const exp = typeof claims?.exp === "number" ? claims.exp * 1000 : at;
    hit = { claims, secret, until: Math.min(at + DECODED_MS, exp) };
    if (decoded().size > 2000) decoded().clear();
    if (claims) decoded().set(token, hit);
  }
  return resolveSession(db, hit.claims, settings, now, read);
}

/**
 * Which of these sessions still hold, read from the database now (no cache): the row is there, its
 * staff member active, and neither lifetime nor idle time is past. One query for every stream an
 * instance has open, however many.
 */
export async function heldSessionIds(db: Db, sids: string[], settings: SessionSettings, now = new Date()): Promise<Set<string>> {
  if (sids.length === 0) return new Set();
  const idleSince = new Date(now.getTime() - settings.idleMinutes * 60_000);
  const startedSince = new Date(now.getTime() - settings.maxHours * 3_600_000);
  const rows = await db
    .select({ id: staffSessions.id, role: staff.role, active: staff.active, signedInAt: staffSessions.signedInAt, lastSeenAt: staffSessions.lastSeenAt })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(inArray(staffSessions.id, sids));
  return new Set(
    rows
      .filter((r) => r.active && Role.safeParse(r.role).success && r.signedInAt.getTime() >= startedSince.getTime() && r.lastSeenAt.getTime() >= idleSince.getTime())
      .map((r) => r.id),
  );
}

/** Removes ended sessions (past lifetime or idle), so the table holds only live ones. */
export async function pruneStaffSessions(db: Db, settings: SessionSettings, now = clock.nowDate()): Promise<void> {
  const idleBefore = new Date(now.getTime() - settings.idleMinutes * 60_000);
  const startedBefore = new Date(now.getTime() - settings.maxHours * 3_600_000);
  await db.delete(staffSessions).where(or(lt(staffSessions.lastSeenAt, idleBefore), lt(staffSessions.signedInAt, startedBefore)));
}

export async function liveSessionCount(db: Db, staffId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(staffSessions).where(eq(staffSessions.staffId, staffId));
  return row?.n ?? 0;
}
