import { describe, expect, it } from "vitest";
import { DrErrorBody, ProfilesErrorBody } from "../wire/auth";
import { EmrUserProfile } from "../wire/patients";
import { call, CLIENT_ID, sandboxForTests, start, testConfig } from "./test-support";

const harness = sandboxForTests({ signIn: true });

const profileHeaders = () => ({ authorization: `Bearer ${harness.token}`, "client-id": CLIENT_ID });
const create = (body: unknown, headers = profileHeaders()) => call(harness.sandbox.url, "POST", "/profiles/v1/patient/", { body, headers });
const read = (oid: string) => call(harness.sandbox.url, "GET", `/profiles/v1/emr-user/${oid}`, { headers: profileHeaders() });
const update = (oid: string, body: unknown) => call(harness.sandbox.url, "PATCH", `/profiles/v1/patient/${oid}`, { body, headers: profileHeaders() });
const basic = { fn: "Asha", ln: "Verma", dob: "1990-04-12", gen: "F" };

const expectProfilesError = (r: { status: number; json: unknown }, status: number, pattern: RegExp) => {
  expect(r.status).toBe(status);
  const body = ProfilesErrorBody.parse(r.json);
  const message = "error" in body ? body.error.message : body.message;
  expect(message).toMatch(pattern);
};

describe("profile create and read (spec 4.4, 4.6)", () => {
  it("creates a profile, stores names, salutation and e-mail in lowercase, and reads back every 2.2 field", async () => {
    const before = Date.now();
    const r = await create({ ...basic, mn: "Kumari", fln: "Asha Kumari Verma", s: "Mrs.", email: "Asha.Verma@Example.IN", bloodgroup: "B+", mobile: "+919812345678", username: "UH-001", abha: "asha.verma@abdm", extras: { ward: "B", _secret: 1, visits: [1, 2], kin: { name: "Ravi", _x: 2 } } });
    expect(r.status).toBe(200);
    expect(r.json.oid).toMatch(/^[0-9a-f]{32}$/);
    const got = await read(r.json.oid);
    expect(got.status).toBe(200);
    const p = EmrUserProfile.parse(got.json);
    expect(p).toMatchObject({ fn: "asha", mn: "kumari", ln: "verma", fln: "asha kumari verma", s: "mrs.", email: "asha.verma@example.in", bg: "B+", gen: "F", dob: "1990-04-12", is_age: false, bid: CLIENT_ID, ps: "active", username: "UH-001" });
    expect(p.extras).toEqual({ ward: "B", visits: [1, 2], kin: { name: "Ravi" } });
    expect(p.c_ate).toBeGreaterThanOrEqual(before);
    expect(p.u_ate).toBe(p.c_ate);
    expect(got.json).not.toHaveProperty("bloodgroup");
  });

  it("refuses a create body with a field beyond spec 2.1 (is_age is only in the 2.2 answer)", async () => {
    const r = await create({ ...basic, is_age: true });
    expect(r.status).toBe(400);
    expectProfilesError(r, 400, /is_age/);
  });

  it("clears a field sent empty on update", async () => {
    const { oid } = (await create({ ...basic, mn: "kumari", email: "a@example.in" })).json;
    const r = await update(oid, { mn: "", email: "" });
    expect(r.status).toBe(200);
    const got = (await read(oid)).json;
    expect(got).not.toHaveProperty("mn");
    expect(got).not.toHaveProperty("email");
  });

  it.each([
    [{ ln: "x", dob: "1990-01-01", gen: "M" }, /fn/],
    [{ fn: "A", gen: "M" }, /dob/],
    [{ fn: "A", dob: "1990-01-01" }, /gen/],
    [{ ...basic, gen: "X" }, /^gen: is required, one of M, F, O$/],
    [{ ...basic, bloodgroup: "C+" }, /bloodgroup/],
    [{ ...basic, email: "not-an-email" }, /email/],
    [{ ...basic, dob: "1990-02-30" }, /^dob: must be a date \(YYYY-MM-DD\)$/],
    [{ ...basic, mobile: "9812345678" }, /^mobile: must start with \+ and the country code/],
    [{ ...basic, extras: { list: [[1]] } }, /^extras\.list\.0: nested lists are not allowed$/],
    [{ ...basic, extras: { list: [{ a: 1 }] } }, /^extras\.list\.0: dictionaries inside lists are not allowed$/],
    [{ ...basic, extras: { a: { b: { c: 1 } } } }, /^extras\.a\.b: only one level of nesting is allowed inside dictionaries$/],
    [{ ...basic, extras: { abcdefghijklmnopq: 1 } }, /^extras\.abcdefghijklmnopq: key must not exceed 16 characters$/],
  ])("refuses %j with a 400 in the profiles shape", async (body, message) => {
    expectProfilesError(await create(body), 400, message);
  });

  it("answers in its own words, never in the desk's message keys", async () => {
    const r = await create({ ln: "x", dob: "1990-01-01", gen: "M" });
    expectProfilesError(r, 400, /^fn: is required$/);
    expect(JSON.stringify(r.json)).not.toMatch(/patients\.errors/);
  });

  it("takes what the spec does not forbid: a birth date in the future, long names, a blank extras key", async () => {
    for (const body of [{ ...basic, dob: "2999-01-01" }, { ...basic, fn: "a".repeat(300) }, { ...basic, extras: { " ": 1 } }]) expect((await create(body)).status, JSON.stringify(body)).toBe(200);
  });

  it("needs the client-id header and a bearer token", async () => {
    const noClient = await create(basic, { authorization: `Bearer ${harness.token}` } as ReturnType<typeof profileHeaders>);
    expect(noClient.status).toBe(401);
    expect(noClient.json.error.code).toBe("invalid_client");
    const noToken = await call(harness.sandbox.url, "POST", "/profiles/v1/patient/", { body: basic, headers: { "client-id": CLIENT_ID } });
    expect(noToken.status).toBe(401);
  });

  it("refuses a username already used in the workspace with 409, whatever its case", async () => {
    expect((await create({ ...basic, username: "UH-DUP" })).status).toBe(200);
    expectProfilesError(await create({ ...basic, username: "uh-dup" }), 409, /already used/);
  });

  it("answers 404 profile_not_found for an unknown oid", async () => {
    const r = await read("0123456789abcdef0123456789abcdef");
    expect(r.status).toBe(404);
    expect(r.json).toEqual({ message: "Not found", code: "profile_not_found" });
  });
});

describe("profile update (spec 4.5)", () => {
  it("changes only the fields sent, in lowercase, and moves u_ate on", async () => {
    const { oid } = (await create({ ...basic, username: "UH-UPD" })).json;
    const before = EmrUserProfile.parse((await read(oid)).json);
    const r = await call(harness.sandbox.url, "PATCH", `/profiles/v1/patient/${oid}`, { body: { ln: "SHARMA", email: "A@B.IN" }, headers: profileHeaders() });
    expect(r.status).toBe(200);
    expect(typeof r.json.message).toBe("string");
    const after = EmrUserProfile.parse((await read(oid)).json);
    expect(after).toMatchObject({ fn: "asha", ln: "sharma", email: "a@b.in", username: "UH-UPD", dob: "1990-04-12" });
    expect(after.u_ate).toBeGreaterThan(before.u_ate);
  });

  it("refuses an empty change, a bad field, a taken username and an unknown oid", async () => {
    const { oid } = (await create({ ...basic, username: "UH-A1" })).json;
    await create({ ...basic, username: "UH-B1" });
    const patch = (id: string, body: unknown) => call(harness.sandbox.url, "PATCH", `/profiles/v1/patient/${id}`, { body, headers: profileHeaders() });
    expectProfilesError(await patch(oid, {}), 400, /at least one field/);
    expectProfilesError(await patch(oid, { mobile: "98123" }), 400, /mobile/);
    expectProfilesError(await patch(oid, { username: "UH-B1" }), 409, /already used/);
    expect((await patch(oid, { username: "UH-A1" })).status).toBe(200);
    const missing = await patch("ffffffffffffffffffffffffffffffff", { fn: "x" });
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe("profile_not_found");
  });
});

describe("directory update (spec 4.7)", () => {
  const patch = (id: string, partnerId: string | null, body: unknown, auth: string | null = harness.token) =>
    call(harness.sandbox.url, "PATCH", `/dr/v1/patient/${id}${partnerId === null ? "" : `?partner_id=${partnerId}`}`, { body, headers: auth ? { auth } : {} });
  const entry = { designation: "Mrs.", first_name: "Asha", middle_name: "", last_name: "Verma", gender: "F", dob: "1990-04-12", address: { line1: "12 MG Road", city: "Pune", state: "Maharashtra", country: "India", pincode: 411001 }, partner_meta: { uhid: "UH-DIR" } };

  it("updates by platform id, and by partner-side id (username) when partner_id=1", async () => {
    const { oid } = (await create({ ...basic, username: "UH-DIR" })).json;
    const byOid = await patch(oid, "0", entry);
    expect(byOid.status).toBe(200);
    expect(byOid.json).toEqual({ patient_id: oid });
    const byUsername = await patch("UH-DIR", "1", { last_name: "Sharma" });
    expect(byUsername.json).toEqual({ patient_id: oid });
  });

  it("refuses bad designations, a non-integer pincode, a missing partner_id or auth, and unknown patients, in the dr shape", async () => {
    const { oid } = (await create(basic)).json;
    const cases: [Awaited<ReturnType<typeof patch>>, number, RegExp][] = [
      [await patch(oid, "0", { designation: "Sir" }), 400, /designation/],
      [await patch(oid, "0", { address: { pincode: "411001" } }), 400, /pincode/],
      [await patch(oid, "0", { address: { pincode: 411001.5 } }), 400, /pincode/],
      [await patch(oid, null, { first_name: "A" }), 400, /partner_id/],
      [await patch("nobody", "1", { first_name: "A" }), 404, /partner id/],
      [await patch("ffffffffffffffffffffffffffffffff", "0", { first_name: "A" }), 404, /No patient/],
    ];
    for (const [r, status, message] of cases) {
      expect(r.status).toBe(status);
      const body = DrErrorBody.parse(r.json);
      expect(body.status_code).toBe(status);
      expect(body.error.message).toMatch(message);
    }
    expect((await patch(oid, "0", { first_name: "A" }, null)).status).toBe(401);
  });
});

describe("persistence", () => {
  it("keeps profiles across a restart", async () => {
    const { oid } = (await create({ ...basic, fn: "Persist" })).json;
    await harness.sandbox.close();
    harness.sandbox = await start(testConfig(harness.idp, harness.dataDir));
    expect((await read(oid)).json.fn).toBe("persist");
  });
});
