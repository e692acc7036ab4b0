import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { bothDatabases, type TestDatabase } from "@/lib/testing/databases";
import { holdRequests, type HeldRequests } from "@/lib/testing/held-requests";
import { startPlatformHarness, TEST_CLIENT_ID, type PlatformHarness } from "@/lib/testing/platform-harness";
import { PatientRegistration } from "@/lib/schemas/patients";
import { createPlatform, type Platform } from "@/lib/platform/client";
import { patientIndex, patientRegistrations } from "../db/schema";
import { registerPatient, registrationHash } from "./register-patient";
import { reconcileRegistrations } from "./registration-reconciler";
import { deskPartnerRef } from "./partner-ref";

/**
 * The desk gives up after DESK_TIMEOUT_MS; the platform's create is held (lib/testing/held-requests)
 * until the test lets it land, after the desk has given up, yet the platform still creates the patient.
 * Only the attempts that are meant to time out go through the hurried client; retries and look-ups
 * use an unhurried one, so a loaded machine cannot time out a call that should succeed. Which comes
 * first, the retry or the late create, is set by the test, not by a race against a fixed delay.
 */
const DESK_TIMEOUT_MS = 300;
const CREATE = { method: "POST", pathPrefix: "/profiles/v1/patient" };

/** A surname of letters only, unique to one test, so the platform's profiles of that patient can be counted. */
const surname = () => `Joshi${Array.from(randomUUID().replaceAll("-", "").slice(0, 8), (c) => String.fromCharCode(97 + (parseInt(c, 16) % 26))).join("")}`;
const meena = (over: Record<string, unknown> = {}) =>
  PatientRegistration.parse({ firstName: "Meena", lastName: surname(), gender: "F", dob: "1979-11-03", mobile: "+919822001122", ...over });

const databases = await bothDatabases();

// The PGlite and the PostgreSQL half each have their own database and platform, and mostly wait for
// the platform's delays: they run side by side (concurrent), each one's tests one after another (sequential).
for (const { name, open: openDb, available } of databases) describe.skipIf(!available)(`a registration whose platform answer is lost: never a second profile, never an orphan (${name})`, { concurrent: true }, () => {
  let t: TestDatabase;
  let h: PlatformHarness;
  let platform: Platform;
  let deps: Parameters<typeof registerPatient>[0];
  /** The same desk, but giving up on the platform after DESK_TIMEOUT_MS; its creates are held until released. */
  let hurried: Parameters<typeof registerPatient>[0];
  let late: HeldRequests;

  const profiles = async () =>
    ((await (await h.fetch(`${h.sandboxUrl}/__sandbox/patients`)).json()) as { patients: { oid: string; username: string | null; ln: string | null }[] }).patients;
  const profilesNamed = async (lastName: string) => (await profiles()).filter((p) => p.ln === lastName.toLowerCase());
  const rowOf = async (key: string) => (await t.database.db.select().from(patientRegistrations).where(eq(patientRegistrations.idempotencyKey, key)))[0];

  beforeAll(async () => {
    t = await openDb();
    h = await startPlatformHarness(t.database);
    platform = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 10_000 }, { database: t.database, idp: h.idp });
    deps = { db: t.database.db, patients: platform.forStaff(h.staff).patients, staffId: h.staff.id };
    late = holdRequests(h.connection.fetch!, CREATE);
    const hurriedPlatform = createPlatform({ ...h.connection, fetch: late.fetch, clientId: TEST_CLIENT_ID, timeoutMs: DESK_TIMEOUT_MS }, { database: t.database, idp: h.idp });
    hurried = { ...deps, patients: hurriedPlatform.forStaff(h.staff).patients };
    // Signed in beforehand (the tokens are kept in the database both clients share): only the create may run into the hurried limit.
    await platform.tokens.signIn(h.staff);
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await t?.dispose();
  });
  beforeEach(async () => {
    await late.release();
    await h.resetFaults();
    await h.resetStats();
  });

  it.sequential.each([
    ["without a UHID (the desk's own id)", {}],
    ["with the clinic's UHID", { uhid: `UH-${randomUUID().slice(0, 8)}` }],
  ])("answers 'being confirmed' when the platform answers after the desk's timeout, and the retry with the same key records its one profile (%s)", async (_name, over) => {
    const r = meena(over);
    const key = randomUUID();
    const first = await registerPatient(hurried, key, r);
    expect(first).toMatchObject({ state: "confirming" });
    expect(late.held).toBe(1);
    // The platform answers after the desk's timeout: it still creates the patient.
    expect((await late.release()).map((res) => res.status)).toEqual([200]);
    expect(await profilesNamed(r.lastName!)).toHaveLength(1);

    const retry = await registerPatient(deps, key, r);
    expect(retry).toMatchObject({ directory: "done" });
    const [only] = await profilesNamed(r.lastName!);
    expect(retry).toMatchObject({ id: only!.oid });
    expect(only!.username).toBe(r.uhid ?? deskPartnerRef(key));
    expect(await profilesNamed(r.lastName!)).toHaveLength(1);
    expect(await rowOf(key)).toMatchObject({ patientId: only!.oid, outcomeUnknownSince: null });
    expect(await t.database.db.select().from(patientIndex).where(eq(patientIndex.id, only!.oid))).toHaveLength(1);
    // Staff see no made-up UHID for a patient registered without one.
    expect((await deps.patients.getProfile(only!.oid)).uhid).toBe(r.uhid ?? null);
  });

  it.sequential("a retry sent while the late create is still on its way makes no second profile either", async () => {
    const r = meena();
    const key = randomUUID();
    expect(await registerPatient(hurried, key, r)).toMatchObject({ state: "confirming" });
    // Before the platform has created it: the look-up finds nothing and the desk creates again, under the same id.
    expect(late.held).toBe(1);
    const retry = await registerPatient(deps, key, r);
    expect(retry).toMatchObject({ directory: "done" });
    // Only now does the late create land: after the retry's (else this test would prove nothing).
    expect(late.held).toBe(1);
    await late.release();
    const held = await profilesNamed(r.lastName!);
    expect(held).toHaveLength(1);
    expect(retry).toMatchObject({ id: held[0]!.oid });
  });

  it.sequential("while the platform cannot be asked, the answer stays 'being confirmed' and nothing is created", async () => {
    const r = meena();
    const key = randomUUID();
    expect(await registerPatient(hurried, key, r)).toMatchObject({ state: "confirming" });
    await h.resetStats();
    await h.setFaults({ errorRate: 1, pathPrefix: "/" });
    expect(await registerPatient(deps, key, r)).toMatchObject({ state: "confirming" });
    expect((await h.stats())["profiles.create"] ?? 0).toBe(0);
    await h.resetFaults();
    await late.release();
    expect(await registerPatient(deps, key, r)).toMatchObject({ id: (await profilesNamed(r.lastName!))[0]!.oid });
    expect(await profilesNamed(r.lastName!)).toHaveLength(1);
  });

  it.sequential("a process that died between recording the intent and the platform's answer is settled by the reconciler", async () => {
    // The crash: the intent was recorded and the create reached the platform, but the desk never heard back.
    const r = meena({ uhid: `UH-${randomUUID().slice(0, 8)}` });
    const key = randomUUID();
    const since = new Date(Date.now() - 120_000);
    await t.database.db.insert(patientRegistrations).values({ idempotencyKey: key, staffId: h.staff.id, requestHash: registrationHash(r), details: r, partnerRef: r.uhid, outcomeUnknownSince: since });
    const created = await deps.patients.createProfile(r);
    // A second crashed intent whose create never reached the platform: the reconciler finishes the registration.
    const lost = meena();
    const lostKey = randomUUID();
    await t.database.db
      .insert(patientRegistrations)
      .values({ idempotencyKey: lostKey, staffId: h.staff.id, requestHash: registrationHash(lost), details: lost, partnerRef: deskPartnerRef(lostKey), outcomeUnknownSince: since });
    await h.resetStats();

    const run = await reconcileRegistrations(t.database.db, (member) => platform.forStaff(member).patients);
    expect(run.resolved).toBeGreaterThanOrEqual(2);
    expect(await rowOf(key)).toMatchObject({ patientId: created, outcomeUnknownSince: null });
    expect((await rowOf(key))?.directoryDoneAt).toBeInstanceOf(Date);
    expect(await profilesNamed(r.lastName!)).toHaveLength(1);
    const made = await profilesNamed(lost.lastName!);
    expect(made).toHaveLength(1);
    expect(await rowOf(lostKey)).toMatchObject({ patientId: made[0]!.oid, outcomeUnknownSince: null });
    expect(await t.database.db.select().from(patientIndex).where(eq(patientIndex.id, created))).toHaveLength(1);
    expect((await h.stats())["profiles.create"]).toBe(1);
    // The form asking again with its key gets the settled patient, not an "earlier attempt" warning.
    expect(await registerPatient(deps, lostKey, lost)).toEqual({ id: made[0]!.oid, directory: "done", ...(lost.uhid ? { uhid: lost.uhid } : {}) });

    // Run again (another instance, or the next tick): nothing left to do, nothing created.
    await h.resetStats();
    expect(await reconcileRegistrations(t.database.db, (member) => platform.forStaff(member).patients)).toMatchObject({ looked: 0 });
    expect((await h.stats())["profiles.create"] ?? 0).toBe(0);
  });

  it.sequential("two reconcilers running at once settle each stuck intent once", async () => {
    const rows = Array.from({ length: 4 }, () => ({ r: meena(), key: randomUUID() }));
    for (const { r, key } of rows)
      await t.database.db
        .insert(patientRegistrations)
        .values({ idempotencyKey: key, staffId: h.staff.id, requestHash: registrationHash(r), details: r, partnerRef: deskPartnerRef(key), outcomeUnknownSince: new Date(Date.now() - 120_000) });
    await h.resetStats();
    const patientsFor = (member: Parameters<Platform["forStaff"]>[0]) => platform.forStaff(member).patients;
    await Promise.all([reconcileRegistrations(t.database.db, patientsFor), reconcileRegistrations(t.database.db, patientsFor)]);
    for (const { r, key } of rows) {
      expect(await profilesNamed(r.lastName!)).toHaveLength(1);
      expect((await rowOf(key))?.patientId).toBeTruthy();
    }
    expect((await h.stats())["profiles.create"]).toBe(4);
  });
});
