import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteTestDatabase, postgresAvailable, postgresTestDatabase, SKIP_POSTGRES_MESSAGE, type TestDatabase } from "@/lib/testing/databases";
import { recordAudit } from "../audit";
import { addStaff } from "../auth/staff-repo";
import { auditLog, patientIndex } from "../db/schema";
import { nameSearchKeys } from "./name-keys";
import { patientAuditEntries, staffWithPatientAudit } from "./patient-audit";
import { directoryOf, findDuplicates, patientByUhid, RECENT_WINDOW, rememberDirectory, rememberPatient, searchPatients, summariesByIds, type IndexedPatient } from "./patient-index";

const pgUp = await postgresAvailable();
if (!pgUp) console.warn(SKIP_POSTGRES_MESSAGE);

const backends: [string, () => Promise<TestDatabase>, boolean][] = [
  ["PGlite (embedded default)", pgliteTestDatabase, true],
  ["PostgreSQL (DATABASE_URL)", postgresTestDatabase, pgUp],
];

const patient = (id: string, over: Partial<IndexedPatient> = {}): IndexedPatient => ({
  id,
  salutation: null,
  firstName: "Asha",
  middleName: null,
  lastName: "Verma",
  gender: "F",
  dob: "1990-04-12",
  mobile: null,
  uhid: null,
  ...over,
});
const noDup = { firstName: "", lastName: "", mobile: "", dob: "", uhid: "" };

describe.each(backends)("patient index on %s", (_name, open, available) => {
  let t: TestDatabase;
  beforeAll(async () => {
    if (!available) return;
    t = await open();
    const db = t.database.db;
    await rememberPatient(db, patient("aaaa000000000001", { salutation: "Mrs.", mobile: "+919812345678", uhid: "UH-100" }));
    await rememberPatient(db, patient("aaaa000000000002", { firstName: "Rakesh", lastName: "Sharma", gender: "M", dob: "1975-01-02", mobile: "+919900011122", uhid: "CL/2024/7" }));
    await rememberPatient(db, patient("aaaa000000000003", { firstName: "Ashok", lastName: "Kumar", gender: "M", dob: "1962-09-30", mobile: "+447700900123" }));
  }, 120_000); // creating a PostgreSQL database is slow on a busy machine
  afterAll(async () => t?.dispose());

  it.skipIf(!available)("finds by name prefix, with one typo, by mobile (with or without +91), UHID and id", async () => {
    const db = t.database.db;
    const names = async (q: string) => (await searchPatients(db, q, 10)).map((p) => p.name);
    expect(await names("ash")).toEqual(["Ashok Kumar", "Mrs. Asha Verma"]);
    expect(await names("asha ver")).toEqual(["Mrs. Asha Verma"]);
    expect(await names("rakseh")).toEqual(["Rakesh Sharma"]);
    expect(await names("sharmaa")).toEqual(["Rakesh Sharma"]);
    expect(await names("9812")).toEqual(["Mrs. Asha Verma"]);
    expect(await names("+91 98123 45678")).toEqual(["Mrs. Asha Verma"]);
    expect(await names("7700900")).toEqual(["Ashok Kumar"]);
    expect(await names("cl/2024")).toEqual(["Rakesh Sharma"]);
    expect(await names("aaaa000000000002")).toEqual(["Rakesh Sharma"]);
    expect(await names("zzzz")).toEqual([]);
    expect(await names("50%")).toEqual([]);
  });

  it.skipIf(!available)("lists the most recently seen first, and seeing a patient again moves them up", async () => {
    const db = t.database.db;
    expect((await searchPatients(db, "", 10)).map((p) => p.id)).toEqual(["aaaa000000000003", "aaaa000000000002", "aaaa000000000001"]);
    await rememberPatient(db, patient("aaaa000000000001", { salutation: "Mrs.", mobile: "+919812345678", uhid: "UH-100" }));
    expect((await searchPatients(db, "", 2)).map((p) => p.id)).toEqual(["aaaa000000000001", "aaaa000000000003"]);
  });

  it.skipIf(!available)("gives summaries by ids for the live feed, leaving unknown ids out", async () => {
    const map = await summariesByIds(t.database.db, ["aaaa000000000002", "unknown", "aaaa000000000002"]);
    expect([...map.keys()]).toEqual(["aaaa000000000002"]);
    expect(map.get("aaaa000000000002")).toEqual({ id: "aaaa000000000002", name: "Rakesh Sharma", gender: "M", dob: "1975-01-02", mobile: "+919900011122", uhid: "CL/2024/7" });
  });

  it.skipIf(!available)("finds a UHID in any case, and keeps directory data merged", async () => {
    const db = t.database.db;
    expect((await patientByUhid(db, "uh-100"))?.id).toBe("aaaa000000000001");
    expect(await patientByUhid(db, "UH-999")).toBeNull();
    await rememberDirectory(db, "aaaa000000000001", { designation: "Mrs.", address: { city: "Pune", pin: 411001 } });
    await rememberDirectory(db, "aaaa000000000001", { address: { line1: "12 MG Road" } });
    expect(await directoryOf(db, "aaaa000000000001")).toEqual({ designation: "Mrs.", address: { city: "Pune", pin: 411001, line1: "12 MG Road" } });
  });

  it.skipIf(!available)("warns of likely duplicates by mobile, UHID, or a similar name with the same date of birth", async () => {
    const db = t.database.db;
    const dup = async (q: Partial<typeof noDup>) => (await findDuplicates(db, { ...noDup, ...q })).map((m) => [m.id, m.reasons]);
    expect(await dup({ mobile: "+919812345678" })).toEqual([["aaaa000000000001", ["mobile"]]]);
    expect(await dup({ uhid: "uh-100" })).toEqual([["aaaa000000000001", ["uhid"]]]);
    expect(await dup({ firstName: "Aasha", lastName: "Verma" })).toEqual([["aaaa000000000001", ["name"]]]);
    expect(await dup({ firstName: "Asha", dob: "1990-04-12" })).toEqual([["aaaa000000000001", ["name", "dob"]]]);
    expect(await dup({ firstName: "Asha", dob: "1991-04-12" })).toEqual([]);
    // A first name alone is too common to warn about.
    expect(await dup({ firstName: "Asha" })).toEqual([]);
  });

  it.skipIf(!available)("lists patient audit entries by patient and staff member, with the role at the time", async () => {
    const db = t.database.db;
    const { id: staffId } = await addStaff(db, { email: `audit-${Date.now()}@clinic.in`, name: "Nisha Rao", role: "receptionist", password: "a long enough password" });
    if (!staffId) throw new Error("staff not added");
    await recordAudit(db, { staffId, action: "patients.read", resource: "patient", resourceId: "aaaa000000000001", outcome: "ok", detail: { role: "receptionist" } });
    await recordAudit(db, { staffId, action: "patients.update", resource: "patient", resourceId: "aaaa000000000002", outcome: "failed", detail: { role: "receptionist" } });
    await recordAudit(db, { staffId, action: "GET", resource: "drugs", outcome: "denied" });
    const forPatient = await patientAuditEntries(db, { patientId: "aaaa000000000001" });
    expect(forPatient.map((e) => [e.action, e.staffName, e.role, e.outcome])).toEqual([["patients.read", "Nisha Rao", "receptionist", "ok"]]);
    const byStaff = await patientAuditEntries(db, { staffId });
    expect(byStaff.map((e) => e.action)).toEqual(["patients.update", "patients.read"]);
    expect((await staffWithPatientAudit(db)).map((s) => s.name)).toContain("Nisha Rao");
  });

  it.skipIf(!available)("keeps audit rows append-only: updates and deletes are refused by the database", async () => {
    const db = t.database.db;
    await recordAudit(db, { action: "patients.read", resource: "patient", resourceId: "x", outcome: "ok" });
    await expect(db.update(auditLog).set({ outcome: "denied" })).rejects.toThrow();
    await expect(db.delete(auditLog)).rejects.toThrow();
    expect((await db.select().from(auditLog)).length).toBeGreaterThan(0);
  });
});

describe.each(backends)("patient search beyond the recent window on %s", (_name, open, available) => {
  let t: TestDatabase;
  const total = RECENT_WINDOW + 100;
  const idOf = (i: number) => i.toString(16).padStart(16, "0");
  beforeAll(async () => {
    if (!available) return;
    t = await open();
    // Patient i was seen i minutes ago: every 50th is a Vikram, one is a misspelt Vikrma, the
    // oldest others are the only Zoyas.
    const now = Date.now();
    const rows = Array.from({ length: total }, (_, i) => {
      const [firstName, lastName] = i % 50 === 0 ? ["Vikram", "Rao"] : i === 1 ? ["Vikrma", "Rao"] : i >= RECENT_WINDOW + 50 ? ["Zoya", "Khan"] : ["Meena", "Iyer"];
      return { id: idOf(i), firstName, lastName, searchKeys: nameSearchKeys(firstName, lastName), lastSeenAt: new Date(now - i * 60_000) };
    });
    for (let i = 0; i < rows.length; i += 500) await t.database.db.insert(patientIndex).values(rows.slice(i, i + 500));
  }, 120_000);
  afterAll(async () => t?.dispose());

  it.skipIf(!available)("gives the most recent matches whether they are among the recently seen or older", async () => {
    const db = t.database.db;
    const ids = async (q: string, limit: number) => (await searchPatients(db, q, limit)).map((p) => p.id);
    // Ten Vikrams among the recent patients: the newest ten, newest first; with that many exact
    // matches the more recent near miss (Vikrma, 1 minute ago) is left out.
    expect(await ids("vikram", 10)).toEqual(Array.from({ length: 10 }, (_, k) => idOf(k * 50)));
    // Only old patients are Zoyas: found all the same, newest first.
    expect(await ids("zoya kh", 3)).toEqual([idOf(RECENT_WINDOW + 51), idOf(RECENT_WINDOW + 52), idOf(RECENT_WINDOW + 53)]);
    // More Vikrams asked for than the window holds: the older ones follow, and the near miss is
    // back in its place by recency.
    const vikrams = Array.from({ length: Math.ceil(total / 50) }, (_, k) => idOf(k * 50));
    expect(await ids("vikram", 100)).toEqual([vikrams[0], idOf(1), ...vikrams.slice(1)]);
    // The misspelt spelling typed: one exact match, so the near misses (every Vikram) join in.
    expect(await ids("vikrma", 3)).toEqual([idOf(0), idOf(1), idOf(50)]);
  });
});
