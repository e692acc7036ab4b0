import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { pgliteTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { startPlatformHarness, TEST_CLIENT_ID, type PlatformHarness } from "@/lib/testing/platform-harness";
import { PatientRegistration } from "@/lib/schemas/patients";
import { createPlatform, type StaffPlatform } from "@/lib/platform/client";
import { patientRegistrations } from "../db/schema";
import { ValidationError } from "../errors";
import { registerPatient as registerOrConfirm } from "./register-patient";
import { settled } from "@/lib/testing/settled-registration";

const registerPatient = async (...a: Parameters<typeof registerOrConfirm>) => settled(await registerOrConfirm(...a));
import { readPatient } from "./patient-profile";
import { searchPatients } from "./patient-index";

const key = () => randomUUID();
const asha = (over: Record<string, unknown> = {}) =>
  PatientRegistration.parse({
    designation: "Mrs.",
    firstName: "Asha",
    middleName: "",
    lastName: "Verma",
    gender: "F",
    dob: "1990-04-12",
    mobile: "+919812345678",
    email: "Asha@Example.in",
    uhid: `UH-${randomUUID().slice(0, 8)}`,
    address: { line1: "12 MG Road", city: "Pune", state: "Maharashtra", country: "India", pin: "411001" },
    extras: { ward: "B", _internal: "x" },
    ...over,
  });

describe("registering a patient through the platform (profile, then directory)", () => {
  let t: TestDatabase;
  let h: PlatformHarness;
  let platform: StaffPlatform;
  let deps: Parameters<typeof registerPatient>[0];

  beforeAll(async () => {
    t = await pgliteTestDatabase();
    h = await startPlatformHarness(t.database);
    platform = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 3000 }, { database: t.database, idp: h.idp }).forStaff(h.staff);
    deps = { db: t.database.db, patients: platform.patients, staffId: h.staff.id };
  }, 120_000); // a sandbox and an identity provider start slowly on a busy machine
  afterAll(async () => {
    await h?.close();
    await t?.dispose();
  });
  beforeEach(async () => {
    await h.resetFaults();
    await h.resetStats();
  });

  it("numbers a patient registered without a UHID in the clinic's format, keeps it on a retry, and refuses a typed UHID someone holds", async () => {
    const numbered = { ...deps, uhid: { format: "{clinic}-{yyyy}-{n:6}", clinicCode: "REG", timeZone: "Asia/Kolkata" } };
    const k = key();
    const first = await registerPatient(numbered, k, asha({ uhid: undefined, mobile: "+919812300001" }));
    expect(first.uhid).toMatch(/^REG-\d{4}-000001$/);
    const profile = await readPatient({ db: deps.db, patients: platform.patients }, first.id);
    expect(profile.uhid).toBe(first.uhid);
    const again = await registerPatient(numbered, k, asha({ uhid: undefined, mobile: "+919812300001" }));
    expect(again).toMatchObject({ id: first.id, uhid: first.uhid });
    const second = await registerPatient(numbered, key(), asha({ uhid: undefined, firstName: "Bina", mobile: "+919812300002" }));
    expect(second.uhid).toMatch(/^REG-\d{4}-000002$/);
    const creates = (await h.stats())["profiles.create"];
    const refused = await registerPatient(numbered, key(), asha({ uhid: first.uhid!.toLowerCase(), firstName: "Chitra" })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).extra.errors).toHaveProperty("uhid");
    expect((await h.stats())["profiles.create"]).toBe(creates);
    // A clinic that brings its own numbers still types them.
    const own = await registerPatient(numbered, key(), asha({ uhid: "OWN-4711", firstName: "Devi", mobile: "+919812300004" }));
    expect(own.uhid).toBe("OWN-4711");
  });

  it("creates the profile and the directory entry, then reads it back in proper case with the directory data", async () => {
    const r = asha();
    const result = await registerPatient(deps, key(), r);
    expect(result.directory).toBe("done");
    const stats = await h.stats();
    expect(stats["profiles.create"]).toBe(1);
    expect(stats["directory.updatePatient"]).toBe(1);
    const profile = await readPatient({ db: deps.db, patients: platform.patients }, result.id);
    expect(profile).toMatchObject({
      id: result.id,
      salutation: "Mrs.",
      displayName: "Mrs. Asha Verma",
      firstName: "Asha",
      lastName: "Verma",
      email: "asha@example.in",
      uhid: r.uhid,
      dobFromAge: false,
      extras: { ward: "B" },
      directory: { designation: "Mrs.", address: { line1: "12 MG Road", city: "Pune", state: "Maharashtra", country: "India", pin: 411001 } },
    });
    expect((await searchPatients(deps.db, "asha verma", 5)).map((p) => p.id)).toContain(result.id);
  });

  it("never creates two patients for one key, even for a double click", async () => {
    const k = key();
    const r = asha();
    const [a, b] = await Promise.all([registerPatient(deps, k, r), registerPatient(deps, k, r)]);
    const c = await registerPatient(deps, k, r);
    expect(new Set([a.id, b.id, c.id]).size).toBe(1);
    expect((await h.stats())["profiles.create"]).toBe(1);
  });

  it("answers a key that already registered a patient with that attempt's outcome, never a second patient", async () => {
    const k = key();
    const first = await registerPatient(deps, k, asha());
    await h.resetStats();
    const again = await registerPatient(deps, k, asha({ firstName: "Other" }));
    expect(again).toEqual({ id: first.id, directory: "done", earlierAttempt: true });
    expect((await h.stats())["profiles.create"] ?? 0).toBe(0);
  });

  it("takes corrected details under a key whose attempt created nothing (platform down) as a fresh attempt", async () => {
    const k = key();
    await h.setFaults({ errorRate: 1, pathPrefix: "/profiles/" });
    await expect(registerPatient(deps, k, asha({ firstName: "Ashaa" }))).rejects.toMatchObject({ status: 502 });
    await h.resetFaults();
    const corrected = asha();
    const result = await registerPatient(deps, k, corrected);
    expect(result.directory).toBe("done");
    expect(result.earlierAttempt).toBeUndefined();
    expect((await readPatient({ db: deps.db, patients: platform.patients }, result.id)).firstName).toBe("Asha");
    // The same key and details again: the same patient, not another.
    expect((await registerPatient(deps, k, corrected)).id).toBe(result.id);
  });

  it("lets an attempt with other details under a busy key wait for the first, then answers its outcome", async () => {
    const k = key();
    const [a, b] = await Promise.all([registerPatient(deps, k, asha()), registerPatient(deps, k, asha({ firstName: "Other" }))]);
    expect(b).toMatchObject({ id: a.id, earlierAttempt: true });
  });

  it("reports a failed directory step, and a retry with the same key does only that step", async () => {
    const k = key();
    const r = asha();
    await h.setFaults({ errorRate: 1, pathPrefix: "/dr/" });
    const first = await registerPatient(deps, k, r);
    expect(first.directory).toBe("failed");
    expect(first.directoryError).toMatch(/not answering/);
    await h.resetFaults();
    await h.resetStats();
    const retry = await registerPatient(deps, k, r);
    expect(retry).toEqual({ id: first.id, directory: "done", uhid: r.uhid });
    const stats = await h.stats();
    expect(stats["profiles.create"] ?? 0).toBe(0);
    expect(stats["directory.updatePatient"]).toBe(1);
    const [row] = await t.database.db.select().from(patientRegistrations).where(eq(patientRegistrations.idempotencyKey, k));
    expect(row?.directoryDoneAt).toBeInstanceOf(Date);
  });

  it("puts the platform's duplicate-UHID refusal on the UHID field", async () => {
    const r = asha();
    await registerPatient(deps, key(), r);
    const err = await registerPatient(deps, key(), asha({ uhid: r.uhid!.toLowerCase() })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).extra.errors).toEqual({ uhid: "patients.errors.uhid.taken" });
  });

  it("marks a date of birth derived from an age", async () => {
    const result = await registerPatient(deps, key(), asha({ dobFromAge: true, uhid: undefined }));
    expect((await readPatient({ db: deps.db, patients: platform.patients }, result.id)).dobFromAge).toBe(true);
  });

  it("answers 404 for an unknown patient", async () => {
    await expect(readPatient({ db: deps.db, patients: platform.patients }, "ffffffffffffffffffffffffffffffff")).rejects.toMatchObject({ status: 404 });
    await expect(readPatient({ db: deps.db, patients: platform.patients }, "../etc")).rejects.toMatchObject({ status: 404 });
  });
});
