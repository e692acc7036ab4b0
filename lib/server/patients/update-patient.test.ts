import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { pgliteTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { startPlatformHarness, TEST_CLIENT_ID, type PlatformHarness } from "@/lib/testing/platform-harness";
import { PatientRegistration, PatientUpdate } from "@/lib/schemas/patients";
import { createPlatform, type StaffPlatform } from "@/lib/platform/client";
import { PlatformTimeoutError, ValidationError } from "../errors";
import { registerPatient } from "./register-patient";
import { settled } from "@/lib/testing/settled-registration";
import { updatePatient } from "./update-patient";
import { directoryOf, findDuplicates, searchPatients } from "./patient-index";

describe("editing a patient", () => {
  let t: TestDatabase;
  let h: PlatformHarness;
  let platform: StaffPlatform;
  let deps: { db: TestDatabase["database"]["db"]; patients: StaffPlatform["patients"] };

  const register = async (over: Record<string, unknown> = {}) => {
    const r = PatientRegistration.parse({ firstName: "Meena", lastName: "Iyer", gender: "F", dob: "1985-06-01", uhid: `UH-${randomUUID().slice(0, 8)}`, ...over });
    const { id } = settled(await registerPatient({ ...deps, staffId: h.staff.id }, randomUUID(), r));
    return { id, r };
  };
  const update = (id: string, body: unknown) => updatePatient(deps, id, PatientUpdate.parse(body));

  beforeAll(async () => {
    t = await pgliteTestDatabase();
    h = await startPlatformHarness(t.database);
    platform = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 3000 }, { database: t.database, idp: h.idp }).forStaff(h.staff);
    deps = { db: t.database.db, patients: platform.patients };
  }, 120_000); // a sandbox and an identity provider start slowly on a busy machine
  afterAll(async () => {
    await h?.close();
    await t?.dispose();
  });
  beforeEach(() => h.resetStats());

  it("changes the last name on the profile and in the directory, and the search index follows", async () => {
    const { id } = await register();
    const before = await platform.patients.getProfile(id);
    await h.resetStats();
    const { profile, changed } = await update(id, { changes: { lastName: "Krishnan" }, expectedUpdatedAt: before.updatedAt });
    expect(changed).toEqual(["lastName"]);
    expect(profile.displayName).toBe("Meena Krishnan");
    expect(profile.updatedAt).toBeGreaterThan(before.updatedAt);
    const stats = await h.stats();
    expect(stats["profiles.update"]).toBe(1);
    expect(stats["directory.updatePatient"]).toBe(1);
    expect((await searchPatients(deps.db, "meena krishnan", 5)).map((p) => p.id)).toContain(id);
  });

  it("a change the platform accepted but cannot read back at once is answered as saved, and the desk index follows", async () => {
    const { id } = await register();
    let reads = 0;
    const flaky = {
      ...platform.patients,
      getProfile: (pid: string, signal?: AbortSignal) => (++reads > 1 ? Promise.reject(new PlatformTimeoutError(3000)) : platform.patients.getProfile(pid, signal)),
    };
    const { profile, changed } = await updatePatient({ db: deps.db, patients: flaky }, id, PatientUpdate.parse({ changes: { lastName: "Raman", address: { city: "Chennai" } } }));
    expect(changed).toEqual(["lastName", "address"]);
    expect(profile).toMatchObject({ id, lastName: "Raman", displayName: "Meena Raman", directory: { address: { city: "Chennai" } } });
    expect((await platform.patients.getProfile(id)).lastName).toBe("Raman");
    expect((await searchPatients(deps.db, "meena raman", 5)).map((p) => p.id)).toContain(id);
    expect(await directoryOf(deps.db, id)).toMatchObject({ address: { city: "Chennai" } });
  });

  it("clears optional fields emptied on edit, on the platform and in the desk's directory copy", async () => {
    const { id } = await register({ middleName: "Devi", email: "meena@example.in", bloodGroup: "B+", address: { line1: "12 MG Road", line2: "Flat 4", city: "Pune" } });
    const before = await platform.patients.getProfile(id);
    expect(before).toMatchObject({ middleName: "Devi", email: "meena@example.in", bloodGroup: "B+" });
    // What the edit form sends when the user empties the fields: "" (or null) is no longer "Nothing was changed".
    const body = { changes: { middleName: "", email: "", bloodGroup: null, address: { line1: "12 MG Road", line2: "", city: "Pune", state: "", country: "India", pin: "" } }, expectedUpdatedAt: before.updatedAt };
    expect(PatientUpdate.safeParse(body).success).toBe(true);
    const { profile, changed } = await update(id, body);
    expect([...changed].sort()).toEqual(["address", "bloodGroup", "email", "middleName"]);
    expect(profile).toMatchObject({ middleName: null, email: null, bloodGroup: null, displayName: "Meena Iyer" });
    expect(await platform.patients.getProfile(id)).toMatchObject({ middleName: null, email: null, bloodGroup: null });
    const directory = await directoryOf(deps.db, id);
    expect(directory?.address).toEqual({ line1: "12 MG Road", city: "Pune", country: "India" });
  });

  it("keeps 'worked out from an age' in the profile's extras (spec 2.1 has no is_age), through an edit of the extras", async () => {
    const { id } = await register({ dobFromAge: true, extras: { ward: "B" } });
    expect(await platform.patients.getProfile(id)).toMatchObject({ dobFromAge: true, extras: { ward: "B" } });
    await update(id, { changes: { extras: { ward: "C" } } });
    expect(await platform.patients.getProfile(id)).toMatchObject({ dobFromAge: true, extras: { ward: "C" } });
    await update(id, { changes: { dob: "1985-06-01", dobFromAge: false } });
    expect(await platform.patients.getProfile(id)).toMatchObject({ dobFromAge: false, extras: { ward: "C" } });
  });

  it("sends the ABHA address in the platform's abha field and keeps the ABHA number in extras, through edits of the extras, the number and a clearing", async () => {
    const { id } = await register({ abha: "Meena.Iyer@ABDM", abhaNumber: "91 2345 6789 0123", extras: { ward: "B" } });
    expect(await platform.patients.getProfile(id)).toMatchObject({ abha: "meena.iyer@abdm", abhaNumber: "91-2345-6789-0123", extras: { ward: "B" } });
    expect(await findDuplicates(deps.db, { firstName: "", lastName: "", mobile: "", dob: "", uhid: "", abhaNumber: "91234567890123" })).toMatchObject([{ id, reasons: ["abha"] }]);
    await update(id, { changes: { extras: { ward: "C" } } });
    expect(await platform.patients.getProfile(id)).toMatchObject({ abhaNumber: "91-2345-6789-0123", extras: { ward: "C" } });
    await update(id, { changes: { abhaNumber: "91-2345-6789-0999" } });
    expect(await platform.patients.getProfile(id)).toMatchObject({ abhaNumber: "91-2345-6789-0999", extras: { ward: "C" } });
    await update(id, { changes: { abhaNumber: "", abha: "" } });
    expect(await platform.patients.getProfile(id)).toMatchObject({ abha: null, abhaNumber: null, extras: { ward: "C" } });
    expect(await findDuplicates(deps.db, { firstName: "", lastName: "", mobile: "", dob: "", uhid: "", abhaNumber: "91-2345-6789-0999" })).toEqual([]);
    // Badly shaped values are refused field by field before anything is sent.
    expect(PatientUpdate.safeParse({ changes: { abhaNumber: "12-34", abha: "meena@gmail" } }).error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["changes.abha", "patients.errors.abha.domain"],
      ["changes.abhaNumber", "patients.errors.abhaNumber.format"],
    ]);
  });

  it("sends nothing for an unchanged UHID, and only the profile for a blood group", async () => {
    const { id, r } = await register();
    await h.resetStats();
    const { changed } = await update(id, { changes: { uhid: r.uhid } });
    expect(changed).toEqual([]);
    expect((await h.stats())["profiles.update"] ?? 0).toBe(0);
    await update(id, { changes: { bloodGroup: "O+" } });
    const stats = await h.stats();
    expect(stats["profiles.update"]).toBe(1);
    expect(stats["directory.updatePatient"] ?? 0).toBe(0);
  });

  it("stores a changed address with the directory data", async () => {
    const { id } = await register();
    await update(id, { changes: { address: { line1: "4 Park Street", city: "Kolkata", pin: "700016" } } });
    expect(await directoryOf(deps.db, id)).toMatchObject({ address: { line1: "4 Park Street", city: "Kolkata", pin: 700016 } });
  });

  it("refuses to overwrite a profile that changed after the form was opened, unless told to", async () => {
    const { id } = await register();
    const opened = await platform.patients.getProfile(id);
    await update(id, { changes: { email: "meena@example.in" } });
    await expect(update(id, { changes: { email: "other@example.in" }, expectedUpdatedAt: opened.updatedAt })).rejects.toMatchObject({ status: 409 });
    const { profile } = await update(id, { changes: { email: "other@example.in" }, expectedUpdatedAt: opened.updatedAt, overwrite: true });
    expect(profile.email).toBe("other@example.in");
  });

  it("puts a UHID taken by another patient on the UHID field", async () => {
    const a = await register();
    const b = await register();
    const err = await update(b.id, { changes: { uhid: a.r.uhid } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as ValidationError).extra.errors).toEqual({ uhid: "patients.errors.uhid.taken" });
  });
});
