import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { bothDatabases, type TestDatabase } from "@/lib/testing/databases";
import { startPlatformHarness, TEST_CLIENT_ID, type PlatformHarness } from "@/lib/testing/platform-harness";
import { PatientRegistration } from "@/lib/schemas/patients";
import type { Database } from "../db/connect";
import { createPlatform } from "@/lib/platform/client";
import { patientRegistrations } from "../db/schema";
import type { RegistrationResult } from "@/lib/schemas/patients";
import { settled } from "@/lib/testing/settled-registration";

type Register = (...a: Parameters<typeof import("./register-patient").registerPatient>) => Promise<RegistrationResult>;

/** Each app instance loads its own copy of the module (its own in-process map of running keys). */
async function instanceCopy(): Promise<Register> {
  vi.resetModules();
  const { registerPatient } = await import("./register-patient");
  return async (...a) => settled(await registerPatient(...a));
}

const registration = (over: Record<string, unknown> = {}) =>
  PatientRegistration.parse({
    firstName: "Meera",
    lastName: "Iyer",
    gender: "F",
    dob: "1984-09-03",
    mobile: "+919876501234",
    uhid: `UH-${randomUUID().slice(0, 8)}`,
    address: { line1: "4 Temple Street", city: "Madurai", state: "Tamil Nadu", country: "India", pin: "625001" },
    ...over,
  });

const databases = await bothDatabases();

for (const { name, kind, open, available } of databases) describe.skipIf(!available)(`one registration key tried on two app instances at once (${name})`, () => {
  // A second app instance: another pool on PostgreSQL; PGlite serves one process, so the same database.
  const second = (t: TestDatabase) => (kind === "pglite" ? Promise.resolve(t.database) : t.openAnother());
  let t: TestDatabase;
  let h: PlatformHarness;
  let other: Database;
  beforeAll(async () => {
    t = await open();
    other = await second(t);
    h = await startPlatformHarness(t.database);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.dispose();
  });

  const instance = async (database: Database) => {
    const platform = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 5000 }, { database, idp: h.idp }).forStaff(h.staff);
    const register = await instanceCopy();
    return (key: string, r: PatientRegistration) => register({ db: database.db, patients: platform.patients, staffId: h.staff.id }, key, r);
  };

  it("creates one platform profile, and both instances answer with that patient", async () => {
    const [a, b] = [await instance(t.database), await instance(other)];
    const key = randomUUID();
    // No UHID: nothing on the platform would refuse a second profile of the same person.
    const r = registration({ uhid: undefined });
    // A slow platform keeps the first create open while the second instance arrives.
    await h.setFaults({ latencyMs: 100, pathPrefix: "/profiles" });
    await h.resetStats();
    try {
      const answers = await Promise.all([a(key, r), b(key, r), a(key, r), b(key, r)]);
      expect(new Set(answers.map((x) => x.id)).size).toBe(1);
      expect(answers.every((x) => x.directory === "done")).toBe(true);
      expect((await h.stats())["profiles.create"]).toBe(1);
      const rows = await t.database.db.select().from(patientRegistrations).where(eq(patientRegistrations.idempotencyKey, key));
      expect(rows.map((row) => row.patientId)).toEqual([answers[0]!.id]);
    } finally {
      await h.resetFaults();
    }
  });

  it("lets other details under the same key wait on the other instance and answer the first attempt's patient", async () => {
    const [a, b] = [await instance(t.database), await instance(other)];
    const key = randomUUID();
    await h.setFaults({ latencyMs: 100, pathPrefix: "/profiles" });
    await h.resetStats();
    try {
      const first = a(key, registration());
      const second = b(key, registration({ firstName: "Meenakshi" }));
      const [x, y] = await Promise.all([first, second]);
      expect(y.id).toBe(x.id);
      expect([x.earlierAttempt, y.earlierAttempt].filter(Boolean)).toHaveLength(1);
      expect((await h.stats())["profiles.create"]).toBe(1);
    } finally {
      await h.resetFaults();
    }
  });

  it("still runs different keys side by side", async () => {
    const [a, b] = [await instance(t.database), await instance(other)];
    await h.resetStats();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b)(randomUUID(), registration({ uhid: undefined, mobile: undefined }))));
    expect(new Set(answers.map((x) => x.id)).size).toBe(12);
    expect((await h.stats())["profiles.create"]).toBe(12);
  });
});
