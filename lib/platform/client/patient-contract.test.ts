import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PatientRegistration, PatientUpdate, type PatientRegistrationInput } from "@/lib/schemas/patients";
import { pgliteTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { startPlatformHarness, TEST_CLIENT_ID, type PlatformHarness } from "@/lib/testing/platform-harness";
import { PlatformRejectedError } from "../../server/errors";
import { createPlatform, type Platform } from "./client";
import { assertPlatformAccepts } from "./patient-refusals";

/*
 * The desk's patient rules against the platform's. The sandbox keeps its own rules, written from the
 * spec (lib/platform/fake/patient-rules.ts); here every body the desk would send — what its form schema
 * and its pre-check (assertPlatformAccepts) accept — goes through the desk's own client to the sandbox,
 * which must take it. Loosen a desk rule past the platform's (a longer extras key, another blood group,
 * a mobile without its country code) and a variant below is accepted by the desk and refused here.
 */

let t: TestDatabase;
let h: PlatformHarness;
let platform: Platform;
const patients = () => platform.forStaff(h.staff).patients;
let serial = 0;

beforeAll(async () => {
  t = await pgliteTestDatabase();
  h = await startPlatformHarness(t.database);
  platform = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 5000 }, { database: t.database, idp: h.idp });
});
afterAll(async () => {
  await h?.close();
  await t?.dispose();
});

/** What the desk would send for this form input, or undefined when the desk itself refuses it. */
function deskRegistration(input: PatientRegistrationInput): PatientRegistration | undefined {
  const parsed = PatientRegistration.safeParse(input);
  if (!parsed.success) return undefined;
  try {
    assertPlatformAccepts(parsed.data, "create");
  } catch {
    return undefined;
  }
  return parsed.data;
}

/** Sends a registration as the desk does (profile, then directory) and answers the platform's refusal, if any. */
async function platformVerdict(r: PatientRegistration): Promise<string | undefined> {
  try {
    const oid = await patients().createProfile(r);
    await patients().updateDirectory(oid, r);
    return undefined;
  } catch (err) {
    if (err instanceof PlatformRejectedError) return `${err.status} ${err.detail ?? err.message}`;
    throw err;
  }
}

const base = { firstName: "Asha", gender: "F", dob: "1990-04-12" } as const;
const longKey = (n: number) => "k".repeat(n);

// Each at the edge of a desk rule: the desk accepts it, so the platform must.
const EDGES: [string, PatientRegistrationInput][] = [
  ["the three required fields only", base],
  ["every optional field", { ...base, designation: "Smt.", middleName: "Devi", lastName: "Verma", bloodGroup: "AB-", mobile: "+919812345678", email: "asha.verma@example.in", uhid: "UH/2026-001", abha: "asha.verma@abdm", address: { line1: "12 MG Road", line2: "Flat 3", city: "Pune", state: "Maharashtra", country: "India", pin: "411001" } }],
  ["an extras key of the longest length the desk allows", { ...base, extras: { [longKey(16)]: "x" } }],
  ["extras: a list of scalars, and a group one level deep holding a list", { ...base, extras: { tags: ["a", 1, true, null], referral: { clinic: "Bandra", codes: [1, 2] } } }],
  ["extras keys the platform ignores, with anything under them", { ...base, extras: { _raw: [[{ deep: { deeper: 1 } }]], ward: { _note: { a: { b: 1 } }, bed: 4 } } }],
  ["a foreign mobile of 15 digits", { ...base, mobile: "+447911123456789" }],
  ["the shortest mobile the desk allows", { ...base, mobile: "+1234567" }],
  ["the earliest date of birth the desk allows", { ...base, dob: "1890-01-01" }],
  ["a leap day", { ...base, dob: "2000-02-29" }],
  ["a date of birth worked out from an age", { ...base, dob: "1990-01-01", dobFromAge: true }],
  ["the longest names the desk allows", { ...base, firstName: "A".repeat(60), middleName: "B".repeat(60), lastName: "C".repeat(58) }],
  ...(["M", "O"] as const).map((gender): [string, PatientRegistrationInput] => [`gender ${gender}`, { ...base, gender }]),
  ...(["A+", "A-", "B+", "B-", "AB+", "AB-", "O+", "O-"] as const).map((bloodGroup): [string, PatientRegistrationInput] => [`blood group ${bloodGroup}`, { ...base, bloodGroup }]),
  ...(["Mr.", "Ms.", "Mrs.", "Miss.", "Kumar.", "Shri.", "Smt.", "Dr.", "Master.", "Baby.", "Mohd.", "B/O"] as const).map((designation): [string, PatientRegistrationInput] => [`salutation ${designation}`, { ...base, designation }]),
];

describe("what the desk sends, the platform (the sandbox, by its own rules) accepts", () => {
  it.each(EDGES)("%s", async (_name, input) => {
    const r = deskRegistration(input);
    expect(r, "the desk accepts this variant (else it tests nothing)").toBeDefined();
    expect(await platformVerdict(r!)).toBeUndefined();
  });

  it("for any registration the desk accepts, among values on both sides of the platform's rules", async () => {
    const maybe = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined, freq: 2 });
    /** Mostly values the desk takes, sometimes one it refuses (on either side of the platform's rule). */
    const pick = <T>(valid: T[], invalid: T[]) => fc.oneof({ arbitrary: fc.constantFrom(...valid), weight: 6 }, { arbitrary: fc.constantFrom(...invalid), weight: 1 });
    const key = fc.oneof({ arbitrary: fc.constantFrom("ward", "bed", "_skip", longKey(15), longKey(16)), weight: 6 }, { arbitrary: fc.constantFrom(longKey(17), longKey(20), ""), weight: 1 }, { arbitrary: fc.string({ minLength: 1, maxLength: 18 }), weight: 1 });
    const scalar = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.boolean(), fc.constant(null));
    const inner = fc.oneof(
      { arbitrary: scalar, weight: 4 },
      { arbitrary: fc.array(scalar, { maxLength: 3 }), weight: 2 },
      { arbitrary: fc.array(fc.array(scalar, { maxLength: 2 }), { minLength: 1, maxLength: 2 }), weight: 1 },
      { arbitrary: fc.dictionary(key, scalar, { minKeys: 1, maxKeys: 2 }), weight: 1 },
    );
    const value = fc.oneof(
      { arbitrary: scalar, weight: 4 },
      { arbitrary: fc.array(scalar, { maxLength: 3 }), weight: 2 },
      { arbitrary: fc.array(fc.dictionary(key, scalar, { minKeys: 1, maxKeys: 1 }), { minLength: 1, maxLength: 2 }), weight: 1 },
      { arbitrary: fc.dictionary(key, inner, { maxKeys: 3 }), weight: 3 },
    );
    const input = fc.record(
      {
        firstName: pick(["Asha", "Ravi Kumar", "D'Souza", "Asha-Rani"], ["A".repeat(61), "  ", "Asha1"]),
        middleName: maybe(pick(["", "Devi", "B".repeat(60)], ["B1"])),
        lastName: maybe(pick(["", "Verma", "O'Brien"], ["V@rma"])),
        gender: pick(["M", "F", "O"], ["X", "m", ""]),
        dob: pick(["1990-04-12", "1890-01-01", "2000-02-29"], ["1889-12-31", "1990-02-30", "12/04/1990", "1990-4-12", "2100-01-01"]),
        dobFromAge: maybe(fc.boolean()),
        designation: maybe(pick(["Mr.", "Smt.", "B/O", "Master."], ["Mx.", "mr.", "Dr"])),
        bloodGroup: maybe(pick(["A+", "O-", "AB+"], ["A1+", "a+", "Unknown"])),
        mobile: maybe(pick(["+919812345678", "+447911123456", "+1234567", "+447911123456789"], ["+123456", "9812345678", "+91 98123 45678", "+919812345", "+4479111234567890"])),
        email: maybe(pick(["asha@example.in", "ASHA@Example.IN"], ["asha@", "asha@example", "a b@example.in"])),
        uhid: maybe(pick(["UH-1", "uh/2026.7"], ["-UH1", "UH 1"])),
        abha: maybe(pick(["asha.verma@abdm", "asha@sbx"], ["as@abdm", "asha.verma"])),
        address: maybe(fc.record({ city: maybe(pick(["Pune", ""], ["x".repeat(61)])), pin: maybe(pick<string | number>(["411001", 400001], ["011001", "41100"])) }, { requiredKeys: [] })),
        extras: maybe(fc.dictionary(key, value, { maxKeys: 3 })),
      },
      { requiredKeys: ["firstName", "gender", "dob"] },
    );
    const seen = { sent: 0, refusedByDesk: 0 };
    await fc.assert(
      fc.asyncProperty(input, async (generated) => {
        // A UHID is unique per workspace on the platform: each run gets its own.
        const withUniqueUhid = generated.uhid ? { ...generated, uhid: `${generated.uhid}-${++serial}` } : generated;
        const r = deskRegistration(withUniqueUhid as PatientRegistrationInput);
        if (!r) {
          seen.refusedByDesk++;
          return;
        }
        seen.sent++;
        expect(await platformVerdict(r), JSON.stringify(generated)).toBeUndefined();
      }),
      { numRuns: 120, seed: 3410 },
    );
    // Both sides of the rules were exercised.
    expect(seen.sent).toBeGreaterThan(10);
    expect(seen.refusedByDesk).toBeGreaterThan(10);
  });

  it("and the same for an edit: the changed fields the desk accepts, the platform takes", async () => {
    const r = deskRegistration(base)!;
    const oid = await patients().createProfile(r);
    for (const changes of [{ extras: { [longKey(16)]: 1 } }, { mobile: "+447911123456" }, { bloodGroup: "B-" }, { designation: "Master.", firstName: "Ravi" }, { address: { pin: "400001" } }, { dob: "1890-01-01", dobFromAge: true }]) {
      const parsed = PatientUpdate.parse({ changes });
      assertPlatformAccepts(parsed.changes, "update");
      await expect(patients().updateProfile(oid, parsed.changes), JSON.stringify(changes)).resolves.toBeUndefined();
      await expect(patients().updateDirectory(oid, parsed.changes), JSON.stringify(changes)).resolves.toBeUndefined();
    }
  });
});
