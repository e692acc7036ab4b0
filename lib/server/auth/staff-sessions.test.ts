import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { encode } from "next-auth/jwt";
import { bothDatabases, type TestDatabase } from "@/lib/testing/databases";
import { staff, staffSessions } from "../db/schema";
import { addStaff } from "./staff-repo";
import { endStaffSessions, pruneStaffSessions, resolveSessionCookie, startSession } from "./staff-sessions";
import { cheapPasswordHash } from "@/lib/testing/cheap-password-hash";

const databases = await bothDatabases();

const SECRET = "session-test-secret-0123456789abcdefghijklmnop";
const SETTINGS = { maxHours: 10, idleMinutes: 60 };
// Past the 2 s cache, as another instance would see it.
const CACHE_PASSED = 2_100;

for (const { name, open, available } of databases) describe.skipIf(!available)(`staff sessions on ${name}`, () => {
  let t: TestDatabase;
  let at = Date.now();
  const later = (ms: number) => new Date((at += ms));

  async function signedIn(role: "receptionist" | "doctor" | "admin" = "receptionist") {
    const email = `session-${Math.random().toString(36).slice(2, 8)}@clinic.test`;
    const { id } = await addStaff(t.database.db, { email, name: "Asha Verma", role, password: "a long enough password" }, cheapPasswordHash);
    const sid = await startSession(t.database.db, id!, "198.51.100.9", new Date(at));
    const cookie = await encode({ token: { sub: id, sid, email, name: "Asha Verma", role }, secret: SECRET, maxAge: SETTINGS.maxHours * 3600 });
    const resolve = (when = later(CACHE_PASSED)) => resolveSessionCookie(t.database.db, cookie, SECRET, SETTINGS, when);
    return { id: id!, sid, cookie, resolve };
  }

  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => t?.dispose());

  it("a signed-in cookie resolves; after sign-out the same cookie does not, at once", async () => {
    const s = await signedIn();
    expect(await s.resolve()).toMatchObject({ id: s.id, role: "receptionist" });
    // Same instance: no waiting for the cache.
    expect(await endStaffSessions(t.database.db, s.id)).toBe(1);
    expect(await s.resolve(new Date(at))).toBeNull();
    expect(await s.resolve()).toBeNull();
  });

  it("a cookie decoded once is not taken under another secret (the decoded claims are kept per secret)", async () => {
    const s = await signedIn();
    expect(await s.resolve()).not.toBeNull();
    expect(await resolveSessionCookie(t.database.db, s.cookie, "another-secret-0123456789abcdefghijklmnopq", SETTINGS, later(CACHE_PASSED))).toBeNull();
    expect(await s.resolve()).not.toBeNull();
  });

  it("sign-out ends every session of that staff member, and another instance sees it within seconds", async () => {
    const s = await signedIn();
    const secondSid = await startSession(t.database.db, s.id, "198.51.100.10", new Date(at));
    const second = await encode({ token: { sub: s.id, sid: secondSid }, secret: SECRET });
    expect(await s.resolve()).not.toBeNull();
    // Another instance ends them (straight in the shared database): this instance's cache lets it live at most 2 s.
    await t.database.db.delete(staffSessions).where(eq(staffSessions.staffId, s.id));
    expect(await s.resolve()).toBeNull();
    expect(await resolveSessionCookie(t.database.db, second, SECRET, SETTINGS, later(CACHE_PASSED))).toBeNull();
  });

  it("a fresh read (the sign-in page's) sees a sign-out on another instance at once, where the cached one may lag up to 2 s", async () => {
    const s = await signedIn();
    const now = later(CACHE_PASSED);
    expect(await s.resolve(now)).not.toBeNull();
    await t.database.db.delete(staffSessions).where(eq(staffSessions.staffId, s.id));
    expect(await s.resolve(now)).not.toBeNull();
    expect(await resolveSessionCookie(t.database.db, s.cookie, SECRET, SETTINGS, now, "fresh")).toBeNull();
    // And what it read is what the next cached read answers.
    expect(await s.resolve(now)).toBeNull();
  });

  it("deactivation, a role change or a new password ends the sessions", async () => {
    for (const change of [{ active: false }, { role: "admin" as const }, { passwordHash: await cheapPasswordHash("a different password") }]) {
      const s = await signedIn();
      expect(await s.resolve()).not.toBeNull();
      await t.database.db.update(staff).set(change).where(eq(staff.id, s.id));
      expect(await s.resolve()).toBeNull();
      if ("active" in change) {
        // Reactivating does not bring the old cookie back.
        await t.database.db.update(staff).set({ active: true }).where(eq(staff.id, s.id));
        expect(await s.resolve()).toBeNull();
      }
    }
  });

  it("an unchanged name does not end sessions", async () => {
    const s = await signedIn();
    await t.database.db.update(staff).set({ name: "Asha V." }).where(eq(staff.id, s.id));
    expect(await s.resolve()).toMatchObject({ name: "Asha V." });
  });

  it("idle longer than the idle timeout ends the session; use keeps it alive until the shift's end", async () => {
    const idle = await signedIn();
    expect(await idle.resolve(later(SETTINGS.idleMinutes * 60_000 + 1_000))).toBeNull();

    const busy = await signedIn();
    const start = at;
    while (at - start < SETTINGS.maxHours * 3_600_000 - 50 * 60_000) expect(await busy.resolve(later(50 * 60_000))).not.toBeNull();
    expect(await busy.resolve(new Date(start + SETTINGS.maxHours * 3_600_000 + 1_000))).toBeNull();
  });

  it("a cookie without a session id (from before this release) or for another staff member is refused", async () => {
    const s = await signedIn();
    const old = await encode({ token: { sub: s.id }, secret: SECRET });
    expect(await resolveSessionCookie(t.database.db, old, SECRET, SETTINGS, later(CACHE_PASSED))).toBeNull();
    const other = await signedIn();
    const swapped = await encode({ token: { sub: other.id, sid: s.sid }, secret: SECRET });
    expect(await resolveSessionCookie(t.database.db, swapped, SECRET, SETTINGS, later(CACHE_PASSED))).toBeNull();
    expect(await resolveSessionCookie(t.database.db, "not-a-cookie", SECRET, SETTINGS, later(CACHE_PASSED))).toBeNull();
  });

  it("pruning removes ended sessions and keeps live ones", async () => {
    const live = await signedIn();
    await pruneStaffSessions(t.database.db, SETTINGS, new Date(at));
    expect(await t.database.db.select().from(staffSessions).where(eq(staffSessions.id, live.sid))).toHaveLength(1);
    await pruneStaffSessions(t.database.db, SETTINGS, new Date(at + SETTINGS.idleMinutes * 60_000 + 1_000));
    expect(await t.database.db.select().from(staffSessions).where(eq(staffSessions.id, live.sid))).toHaveLength(0);
  });
});
