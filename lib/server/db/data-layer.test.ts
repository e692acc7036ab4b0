import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { bothDatabases, type TestDatabase } from "@/lib/testing/databases";
import { addStaff, findStaffByEmail } from "../auth/staff-repo";
import { verifyPassword } from "../auth/password";
import { admitAttempt, recordSuccess, throttleKeys } from "../auth/rate-limit";
import { recordAudit } from "../audit";
import { seedDemoStaff, DEMO_STAFF } from "../auth/demo-staff";
import { identityProvider } from "../auth/identity-provider";
import { auditLog, staff } from "./schema";
import { decodeProtectedHeader, jwtVerify, createLocalJWKSet } from "jose";
import { cheapPasswordHash } from "@/lib/testing/cheap-password-hash";

const databases = await bothDatabases();

for (const { name, open, available } of databases) describe.skipIf(!available)(`data layer on ${name}`, () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => t?.dispose());

  it("adds staff with a scrypt hash and refuses a duplicate e-mail", async () => {
    const db = t.database.db;
    const first = await addStaff(db, { email: "Meera@Clinic.in ", name: "Meera Iyer", role: "doctor", password: "correct horse battery" });
    expect(first.created).toBe(true);
    // The refused duplicate's hash is never stored: it need not cost a production scrypt.
    const again = await addStaff(db, { email: "meera@clinic.in", name: "Other", role: "admin", password: "another long password" }, cheapPasswordHash);
    expect(again.created).toBe(false);
    const row = await findStaffByEmail(db, "MEERA@clinic.in");
    expect(row?.name).toBe("Meera Iyer");
    expect(row?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword("correct horse battery", row!.passwordHash)).toBe(true);
    expect(await verifyPassword("correct horse batterx", row!.passwordHash)).toBe(false);
  });

  it("seeds one demo account per role, once", async () => {
    const db = t.database.db;
    // The subject is one account per role, once; the production hash is the case above's.
    await seedDemoStaff(db, cheapPasswordHash);
    await seedDemoStaff(db, cheapPasswordHash);
    const rows = await db.select().from(staff);
    for (const demo of DEMO_STAFF) {
      expect(rows.filter((r) => r.email === demo.email)).toHaveLength(1);
    }
    expect(new Set(rows.filter((r) => r.email.endsWith("@demo.clinic")).map((r) => r.role))).toEqual(new Set(["receptionist", "doctor", "admin"]));
  });

  it("delays sign-in after the free attempts per account and address, and a success clears them", async () => {
    const db = t.database.db;
    const settings = { freeAttempts: 3, quietSeconds: 60, maxDelaySeconds: 30, retentionDays: 30 };
    const now = new Date();
    const keys = throttleKeys("rate@clinic.in", "10.0.0.9");
    for (let i = 0; i < 3; i++) expect((await admitAttempt(db, keys, settings, now)).admitted).toBe(true);
    expect(await admitAttempt(db, keys, settings, now)).toEqual({ admitted: false, retryAfterSeconds: 1 });
    // Another account from the same address is not delayed.
    expect((await admitAttempt(db, throttleKeys("other@clinic.in", "10.0.0.9"), settings, now)).admitted).toBe(true);
    // Once the delay has passed the next attempt is admitted, and a success starts the pair afresh.
    const later = new Date(now.getTime() + 1_000);
    const admission = await admitAttempt(db, keys, settings, later);
    expect(admission.admitted).toBe(true);
    await recordSuccess(db, keys, admission as { accountClaimed: boolean }, later);
    for (let i = 0; i < 3; i++) expect((await admitAttempt(db, keys, settings, later)).admitted).toBe(true);
  });

  it("writes audit entries", async () => {
    const db = t.database.db;
    await recordAudit(db, { action: "read", resource: "patient", resourceId: "p-1", outcome: "ok", ip: "127.0.0.1", detail: { via: "test" } });
    const rows = await db.select().from(auditLog).where(eq(auditLog.resourceId, "p-1"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: "read", resource: "patient", outcome: "ok", detail: { via: "test" } });
  });

  it("keeps one persisted signing key and signs verifiable id_tokens", async () => {
    const idp = identityProvider(t.database.db, "https://desk.example.in");
    const token = await idp.mintIdToken({ id: "00000000-0000-4000-8000-000000000001", email: "a@b.in", name: "A", role: "doctor" }, "client-1");
    const jwks = await idp.jwks();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).not.toHaveProperty("d");
    expect(decodeProtectedHeader(token).kid).toBe(jwks.keys[0]!.kid);
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), { issuer: "https://desk.example.in", audience: "client-1" });
    expect(payload.sub).toBe("00000000-0000-4000-8000-000000000001");
    // A second provider on the same database reuses the key instead of making another.
    const again = identityProvider(t.database.db, "https://desk.example.in");
    await again.mintIdToken({ id: "x", email: "x@y.in", name: "X", role: "admin" }, "client-1");
    expect((await again.jwks()).keys.map((k) => k.kid)).toEqual(jwks.keys.map((k) => k.kid));
  });
});
