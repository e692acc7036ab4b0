import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { cheapPasswordHash } from "@/lib/testing/cheap-password-hash";
import { bothDatabases, type TestDatabase } from "@/lib/testing/databases";
import { PEER_ADDRESS_HEADER, clientAddress } from "../request-info";
import { staff } from "../db/schema";
import { DEMO_STAFF, retireDemoStaff, seedDemoStaff } from "./demo-staff";
import { verifyPassword } from "./password";
import { checkSignIn, type SignInDeps } from "./sign-in";
import { pruneSignInThrottle } from "./rate-limit";
import { signInThrottle } from "../db/schema";
import { addStaff } from "./staff-repo";

// Verifying reads the cost from the stored hash: accounts made here store a cheap one, so the suite tests the throttle's arithmetic rather than timing scrypt.

const databases = await bothDatabases();

const THROTTLE = { freeAttempts: 5, quietSeconds: 900, maxDelaySeconds: 30, retentionDays: 30 };
const PASSWORD = "the owner's long password";

for (const { name, open, available } of databases) describe.skipIf(!available)(`sign-in throttling and demo doors on ${name}`, () => {
  let t: TestDatabase;
  let checks = 0;
  const counted = (password: string, stored: string) => ((checks += 1), verifyPassword(password, stored));
  let clock = Date.now();
  const deps = (over: Partial<SignInDeps> = {}): SignInDeps => ({
    db: t.database.db,
    demoAccounts: true,
    throttle: THROTTLE,
    verify: counted,
    now: () => new Date(clock),
    ...over,
  });
  const account = async (name: string) => {
    const email = `${name}-${Math.random().toString(36).slice(2, 8)}@clinic.test`;
    await addStaff(t.database.db, { email, name: "Staff Member", role: "receptionist", password: PASSWORD }, cheapPasswordHash);
    return email;
  };

  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => t?.dispose());

  it("a rotated X-Forwarded-For with no trusted proxies does not escape the delay", async () => {
    const email = await account("rotated");
    const results = [];
    for (let i = 0; i < 12; i++) {
      const ip = clientAddress({ [PEER_ADDRESS_HEADER]: "198.51.100.21", "x-forwarded-for": `203.0.113.${100 + i}` }, 0, true);
      results.push(await checkSignIn(deps(), { email, password: `guess-${i}`, ip }));
    }
    expect(results.slice(0, 5).map((r) => !r.ok && r.reason)).toEqual(Array(5).fill("invalid"));
    expect(results.slice(5).every((r) => !r.ok && r.reason === "throttled")).toBe(true);
  });

  it("40 parallel wrong guesses get at most the budget of password checks", async () => {
    const email = await account("parallel");
    checks = 0;
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => checkSignIn(deps(), { email, password: `parallel-${i}`, ip: "198.51.100.30" })),
    );
    expect(checks).toBe(THROTTLE.freeAttempts);
    expect(results.filter((r) => !r.ok && r.reason === "throttled")).toHaveLength(40 - THROTTLE.freeAttempts);
    const throttled = results.find((r) => !r.ok && r.reason === "throttled") as { retryAfterSeconds: number };
    expect(throttled.retryAfterSeconds).toBeLessThanOrEqual(THROTTLE.maxDelaySeconds);
  });

  it("the delay doubles, caps, and the right password is accepted once it has passed", async () => {
    const email = await account("capped");
    const ip = "198.51.100.40";
    const waits: number[] = [];
    for (let i = 0; i < 12; i++) {
      let r = await checkSignIn(deps(), { email, password: `wrong-${i}`, ip });
      while (!r.ok && r.reason === "throttled") {
        waits.push(r.retryAfterSeconds);
        clock += r.retryAfterSeconds * 1000;
        r = await checkSignIn(deps(), { email, password: `wrong-${i}`, ip });
      }
      expect(r).toMatchObject({ ok: false, reason: "invalid" });
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 30, 30]);
    const blocked = await checkSignIn(deps(), { email, password: PASSWORD, ip });
    expect(blocked).toMatchObject({ ok: false, reason: "throttled" });
    clock += (blocked as { retryAfterSeconds: number }).retryAfterSeconds * 1000;
    expect((await checkSignIn(deps(), { email, password: PASSWORD, ip })).ok).toBe(true);
    // Afterwards the pair starts afresh.
    expect(await checkSignIn(deps(), { email, password: "typo", ip })).toMatchObject({ reason: "invalid" });
  });

  it("failures against one account never delay another account from the same address", async () => {
    const victim = await account("victim");
    const colleague = await account("colleague");
    const clinic = "198.51.100.50";
    for (let i = 0; i < 20; i++) await checkSignIn(deps(), { email: victim, password: `x-${i}`, ip: clinic });
    expect(await checkSignIn(deps(), { email: victim, password: "again", ip: clinic })).toMatchObject({ reason: "throttled" });
    expect((await checkSignIn(deps(), { email: colleague, password: PASSWORD, ip: clinic })).ok).toBe(true);
  });

  it("the owner signs in while an attacker hammers the account from many addresses", async () => {
    const email = await account("owner");
    const clinic = "198.51.100.60";
    // The owner has signed in from the clinic before.
    expect((await checkSignIn(deps(), { email, password: PASSWORD, ip: clinic })).ok).toBe(true);
    checks = 0;
    const hammer = Array.from({ length: 30 }, (_, a) =>
      Promise.all(Array.from({ length: 8 }, (_, i) => checkSignIn(deps(), { email, password: `attack-${a}-${i}`, ip: `203.0.113.${a}` }))),
    );
    const [owner] = await Promise.all([checkSignIn(deps(), { email, password: PASSWORD, ip: clinic }), ...hammer]);
    expect(owner.ok).toBe(true);
    // The attacker's addresses together got the account's allowance, not 5 per address.
    expect(checks).toBeLessThanOrEqual(THROTTLE.freeAttempts * 4 + 1);
    const attacker = await checkSignIn(deps(), { email, password: "more", ip: "203.0.113.200" });
    expect(attacker).toMatchObject({ ok: false, reason: "throttled" });
    // An owner on a new address waits out the account's delay (capped), then gets in.
    const elsewhere = await checkSignIn(deps(), { email, password: PASSWORD, ip: "192.0.2.77" });
    expect(elsewhere).toMatchObject({ ok: false, reason: "throttled" });
    const wait = (elsewhere as { retryAfterSeconds: number }).retryAfterSeconds;
    expect(wait).toBeLessThanOrEqual(THROTTLE.maxDelaySeconds);
    clock += wait * 1000;
    expect((await checkSignIn(deps(), { email, password: PASSWORD, ip: "192.0.2.77" })).ok).toBe(true);
    // And right away again from the clinic.
    expect((await checkSignIn(deps(), { email, password: PASSWORD, ip: clinic })).ok).toBe(true);
  });

  it("demo staff cannot sign in outside sandbox mode, and a live start deactivates them", async () => {
    const db = t.database.db;
    await seedDemoStaff(db, cheapPasswordHash);
    const demo = DEMO_STAFF.find((s) => s.role === "admin")!;
    expect((await checkSignIn(deps(), { email: demo.email, password: demo.password, ip: "198.51.100.70" })).ok).toBe(true);
    checks = 0;
    expect(await checkSignIn(deps({ demoAccounts: false }), { email: demo.email, password: demo.password, ip: "198.51.100.70" })).toEqual({
      ok: false,
      reason: "demo-account",
    });
    expect(checks).toBe(0);
    expect((await retireDemoStaff(db)).sort()).toEqual(DEMO_STAFF.map((s) => s.email).sort());
    const rows = await db.select({ active: staff.active }).from(staff).where(eq(staff.email, demo.email));
    expect(rows).toEqual([{ active: false }]);
    // Even in sandbox mode, a deactivated row refuses; seeding again (sandbox start) brings them back.
    expect(await checkSignIn(deps(), { email: demo.email, password: demo.password, ip: "198.51.100.71" })).toMatchObject({ reason: "invalid" });
    expect(await retireDemoStaff(db)).toEqual([]);
    await seedDemoStaff(db, cheapPasswordHash);
    expect((await checkSignIn(deps(), { email: demo.email, password: demo.password, ip: "198.51.100.71" })).ok).toBe(true);
  });

  it("pruning forgets quiet failures soon and known addresses after the retention", async () => {
    const email = await account("pruned");
    const row = (ip: string) => t.database.db.select().from(signInThrottle).where(eq(signInThrottle.key, `pair:${email}|${ip}`));
    await checkSignIn(deps(), { email, password: "wrong", ip: "198.51.100.80" });
    expect((await checkSignIn(deps(), { email, password: PASSWORD, ip: "198.51.100.81" })).ok).toBe(true);
    await pruneSignInThrottle(t.database.db, THROTTLE, new Date(clock + 60_000));
    expect(await row("198.51.100.80")).toHaveLength(1);
    // Past the quiet period the failure says nothing any more; the address the owner signed in from is still known.
    await pruneSignInThrottle(t.database.db, THROTTLE, new Date(clock + (THROTTLE.quietSeconds + 1) * 1000));
    expect(await row("198.51.100.80")).toHaveLength(0);
    expect(await row("198.51.100.81")).toHaveLength(1);
    await pruneSignInThrottle(t.database.db, THROTTLE, new Date(clock + (THROTTLE.retentionDays + 1) * 86_400_000));
    expect(await row("198.51.100.81")).toHaveLength(0);
  });
});
