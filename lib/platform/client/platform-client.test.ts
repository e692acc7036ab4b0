import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { pgliteTestDatabase, postgresAvailable, postgresTestDatabase, SKIP_POSTGRES_MESSAGE, type TestDatabase } from "@/lib/testing/databases";
import { startPlatformHarness, TEST_CLIENT_ID, TEST_ENCRYPTION, type PlatformHarness } from "@/lib/testing/platform-harness";
import { createPlatform, type Platform } from "./client";
import { platformTokens } from "../../server/db/schema";
import { PlatformCredentialsError, PlatformTimeoutError, PlatformUnavailableError } from "../../server/errors";

const query = (q: string) => ({ q, exact: false, limit: 10 });
const ACCESS_TOKEN_LIFETIME_MS = 1800_000;

/** A clock the tests move past the access token's lifetime, as a long shift would. */
function testClock() {
  let skew = 0;
  return { now: () => Date.now() + skew, passAccessTokenLifetime: () => void (skew += ACCESS_TOKEN_LIFETIME_MS + 60_000) };
}

describe("platform client against the sandbox platform", () => {
  let t: TestDatabase;
  let h: PlatformHarness;
  let platform: Platform;
  const clock = testClock();

  beforeAll(async () => {
    t = await pgliteTestDatabase();
    h = await startPlatformHarness(t.database);
    platform = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 3000, now: clock.now }, { database: t.database, idp: h.idp });
  });
  afterAll(async () => {
    await h?.close();
    await t?.dispose();
  });
  beforeEach(async () => {
    await h.resetFaults();
    await h.resetStats();
  });

  it("signs in with an id_token from our identity provider and keeps the tokens on the server", async () => {
    const access = await platform.tokens.signIn(h.staff);
    const [row] = await t.database.db.select().from(platformTokens).where(eq(platformTokens.staffId, h.staff.id));
    expect(access.split(".")).toHaveLength(3);
    // Sealed at rest: the row holds neither the token nor any part of it.
    expect(row?.accessToken).toMatch(/^v1\./);
    for (const part of access.split(".")) expect(row!.accessToken).not.toContain(part);
    expect(row!.accessExpiresAt.getTime() - Date.now()).toBeGreaterThan(1700_000);
    expect(row!.refreshToken.length).toBeGreaterThan(10);
    expect((await h.stats())["oidc.verify"]).toBe(1);
  });

  it("finds paracetamol first as a list row, and reshapes every field of its monograph", async () => {
    const drugs = platform.forStaff(h.staff).drugs;
    const result = await drugs.findGenericDrugs(query("paracetamol"));
    const first = result.results[0]!;
    expect(first.name.toLowerCase()).toBe("paracetamol");
    expect(first.isCompound).toBe(false);
    expect(first.category.length).toBeGreaterThan(3);
    expect(first).not.toHaveProperty("indications");
    expect(result.info.total).toBeGreaterThanOrEqual(1);
    const { entry } = (await drugs.findDrugEntry({ name: first.name, page: first.pageNumber, reference: first.isReference }))!;
    for (const field of ["category", "indications", "dose", "contraindications", "adverseEffects", "availability", "storage"] as const) {
      expect(entry[field].length, field).toBeGreaterThan(3);
    }
  });

  it("makes exactly one refresh call for 100 concurrent requests on an expired token", async () => {
    await platform.forStaff(h.staff).drugs.findGenericDrugs(query("amoxicillin"));
    await h.resetStats();
    clock.passAccessTokenLifetime();
    const drugs = platform.forStaff(h.staff).drugs;
    const results = await Promise.all(Array.from({ length: 100 }, () => drugs.findGenericDrugs(query("amoxicillin"))));
    expect(results.every((r) => r.results.length > 0)).toBe(true);
    const stats = await h.stats();
    expect(stats["oidc.refresh"]).toBe(1);
    expect(stats["oidc.verify"] ?? 0).toBe(0);
    expect(stats["drugs.search"]).toBe(100);
  });

  it("renews once on a 401 in the middle of a session and retries the request", async () => {
    await platform.forStaff(h.staff).drugs.findGenericDrugs(query("ibuprofen"));
    await h.expireAccessTokens();
    await h.resetStats();
    const drugs = platform.forStaff(h.staff).drugs;
    const results = await Promise.all(Array.from({ length: 10 }, () => drugs.findGenericDrugs(query("ibuprofen"))));
    expect(results[0]!.results[0]!.name.toLowerCase()).toBe("ibuprofen");
    const stats = await h.stats();
    expect(stats["oidc.refresh"]).toBe(1);
    expect(stats["drugs.search"]).toBeGreaterThanOrEqual(11);
    // The renewed token replaced the refused one in memory too: no second renewal.
    await drugs.findGenericDrugs(query("ibuprofen"));
    expect((await h.stats())["oidc.refresh"]).toBe(1);
  });

  it("serves a fresh token from memory, without a database read per platform call", async () => {
    const drugs = platform.forStaff(h.staff).drugs;
    await drugs.findGenericDrugs(query("aspirin"));
    const [stored] = await t.database.db.select().from(platformTokens).where(eq(platformTokens.staffId, h.staff.id));
    await t.database.db.update(platformTokens).set({ accessToken: "not-a-token" }).where(eq(platformTokens.staffId, h.staff.id));
    await h.resetStats();
    await drugs.findGenericDrugs(query("aspirin"));
    const stats = await h.stats();
    expect(stats["drugs.search"]).toBe(1);
    expect((stats["oidc.refresh"] ?? 0) + (stats["oidc.verify"] ?? 0)).toBe(0);
    await t.database.db.update(platformTokens).set({ accessToken: stored!.accessToken }).where(eq(platformTokens.staffId, h.staff.id));
  });

  it("falls back to a fresh verify when the refresh token is refused", async () => {
    await t.database.db
      .update(platformTokens)
      .set({ refreshToken: "revoked-or-unknown" })
      .where(eq(platformTokens.staffId, h.staff.id));
    clock.passAccessTokenLifetime();
    const result = await platform.forStaff(h.staff).drugs.findGenericDrugs(query("metformin"));
    expect(result.results[0]!.name.toLowerCase()).toBe("metformin");
    const stats = await h.stats();
    expect(stats["oidc.refresh"]).toBe(1);
    expect(stats["oidc.verify"]).toBe(1);
  });

  it("gives up with a credentials error when the platform keeps answering 401, after one renewal", async () => {
    await h.setFaults({ unauthorizedRate: 1, pathPrefix: "/svc-mcp" });
    await expect(platform.forStaff(h.staff).drugs.findGenericDrugs(query("paracetamol"))).rejects.toBeInstanceOf(PlatformCredentialsError);
    const stats = await h.stats();
    expect((stats["oidc.refresh"] ?? 0) + (stats["oidc.verify"] ?? 0)).toBe(1);
  });

  it("maps platform 5xx to 502 Platform unavailable", async () => {
    await h.setFaults({ errorRate: 1, pathPrefix: "/svc-mcp" });
    const err = await platform.forStaff(h.staff).drugs.findGenericDrugs(query("paracetamol")).catch((e) => e);
    expect(err).toBeInstanceOf(PlatformUnavailableError);
    expect(err.status).toBe(502);
  });

  it("times out a slow platform with 504 instead of hanging", async () => {
    const quick = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 150 }, { database: t.database, idp: h.idp });
    await h.setFaults({ latencyMs: 1500, pathPrefix: "/svc-mcp" });
    const err = await quick.forStaff(h.staff).drugs.findGenericDrugs(query("paracetamol")).catch((e) => e);
    // The desk's 150 ms limit ended the call, not the platform's late answer (which would have been a success).
    expect(err).toBeInstanceOf(PlatformTimeoutError);
    expect(err).toMatchObject({ status: 504, limitMs: 150 });
  });

  it("times out a platform that never answers", async () => {
    const quick = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 150 }, { database: t.database, idp: h.idp });
    await h.setFaults({ hangRate: 1, pathPrefix: "/svc-mcp" });
    await expect(quick.forStaff(h.staff).drugs.findGenericDrugs(query("paracetamol"))).rejects.toBeInstanceOf(PlatformTimeoutError);
  });

  it("stops a call at once when its caller goes away, without calling it a timeout", async () => {
    const quick = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 5000 }, { database: t.database, idp: h.idp });
    await h.setFaults({ hangRate: 1, pathPrefix: "/svc-mcp" });
    const gone = new AbortController();
    const call = quick.forStaff(h.staff).drugs.findGenericDrugs(query("paracetamol"), gone.signal).catch((e) => e);
    setTimeout(() => gone.abort(), 100);
    const err = await call;
    expect(err).not.toBeInstanceOf(PlatformTimeoutError);
    // Neither the 5 s limit nor a failure ended it: the caller did.
    expect(err).not.toBeInstanceOf(PlatformUnavailableError);
    // Already gone before the call: nothing is sent.
    const before = (await h.stats())["drugs.search"] ?? 0;
    await expect(quick.forStaff(h.staff).drugs.findGenericDrugs(query("paracetamol"), AbortSignal.abort())).rejects.not.toBeInstanceOf(PlatformTimeoutError);
    expect((await h.stats())["drugs.search"] ?? 0).toBe(before);
  });

  it("answers 502 when nothing listens at the platform address", async () => {
    const nowhere = createPlatform({ baseUrl: "http://127.0.0.1:9", clientId: TEST_CLIENT_ID, timeoutMs: 1000 }, { database: t.database, idp: h.idp });
    await expect(nowhere.forStaff(h.staff).drugs.findGenericDrugs(query("paracetamol"))).rejects.toBeInstanceOf(PlatformUnavailableError);
  });

  describe("with payload encryption", () => {
    const seen: { requestHeaders: Headers; requestBody?: string; responseBody: string }[] = [];
    const recordingFetch: typeof fetch = async (input, init) => {
      const res = await h.fetch(input, init);
      seen.push({ requestHeaders: new Headers(init?.headers), requestBody: init?.body as string | undefined, responseBody: await res.clone().text() });
      return res;
    };
    afterEach(() => void (seen.length = 0));

    it("encrypts requests (token exchange included) and decrypts answers", async () => {
      const encrypted = createPlatform(
        { ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 3000, encryption: TEST_ENCRYPTION, fetch: recordingFetch },
        { database: t.database, idp: h.idp },
      );
      await encrypted.tokens.signIn(h.staff);
      const result = await encrypted.forStaff(h.staff).drugs.findGenericDrugs(query("azithromycin"));
      expect(result.results[0]!.name.toLowerCase()).toBe("azithromycin");
      expect(seen.length).toBeGreaterThanOrEqual(2);
      for (const call of seen) {
        expect(call.requestHeaders.get("x-encryption")).toBe("JWE");
        expect(JSON.parse(call.responseBody)).toHaveProperty("ciphertext");
      }
      const verifyCall = seen[0]!;
      expect(JSON.parse(verifyCall.requestBody!)).toMatchObject({ kid: TEST_ENCRYPTION.kid, protected: expect.any(String), tag: expect.any(String) });
      expect(verifyCall.requestBody).not.toContain("id_token");
    });

    it("says clearly when the platform's answer cannot be decrypted", async () => {
      const wrongKey = createPlatform(
        { ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 3000, encryption: { kid: TEST_ENCRYPTION.kid, key: "not-the-same-key" } },
        { database: t.database, idp: h.idp },
      );
      const err = await wrongKey.forStaff(h.staff).drugs.findGenericDrugs(query("azithromycin")).catch((e) => e);
      expect(err).toBeInstanceOf(PlatformUnavailableError);
      expect(String(err.detail)).toMatch(/decrypt/);
    });
  });
});

describe("platform client over a real connection (the production transport: undici's keep-alive agent)", () => {
  let t: TestDatabase;
  let h: PlatformHarness;
  let platform: Platform;
  const clock = testClock();

  beforeAll(async () => {
    t = await pgliteTestDatabase();
    h = await startPlatformHarness(t.database, { overHttp: true });
    platform = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 3000, now: clock.now }, { database: t.database, idp: h.idp });
  });
  afterAll(async () => {
    await h?.close();
    await t?.dispose();
  });
  beforeEach(async () => {
    await h.resetFaults();
    await h.resetStats();
  });

  it("signs in, and 50 concurrent calls on an expired token make one refresh over the pooled connections", async () => {
    expect(h.connection.fetch).toBeUndefined();
    await platform.tokens.signIn(h.staff);
    await platform.forStaff(h.staff).drugs.findGenericDrugs(query("amoxicillin"));
    clock.passAccessTokenLifetime();
    await h.resetStats();
    const results = await Promise.all(Array.from({ length: 50 }, () => platform.forStaff(h.staff).drugs.findGenericDrugs(query("amoxicillin"))));
    expect(results.every((r) => r.results[0]!.name.toLowerCase() === "amoxicillin")).toBe(true);
    expect(await h.stats()).toMatchObject({ "oidc.refresh": 1, "drugs.search": 50 });
  });

  it("times out a slow platform and one that never answers, and stops at once when the caller goes away", async () => {
    const quick = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 150 }, { database: t.database, idp: h.idp }).forStaff(h.staff);
    await h.setFaults({ latencyMs: 1500, pathPrefix: "/svc-mcp" });
    await expect(quick.drugs.findGenericDrugs(query("paracetamol"))).rejects.toMatchObject({ status: 504, limitMs: 150 });
    await h.setFaults({ latencyMs: 0, hangRate: 1, pathPrefix: "/svc-mcp" });
    await expect(quick.drugs.findGenericDrugs(query("paracetamol"))).rejects.toBeInstanceOf(PlatformTimeoutError);
    const patient = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 5000 }, { database: t.database, idp: h.idp }).forStaff(h.staff);
    const gone = new AbortController();
    const call = patient.drugs.findGenericDrugs(query("paracetamol"), gone.signal).catch((e) => e);
    setTimeout(() => gone.abort(), 100);
    const err = await call;
    expect(err).not.toBeInstanceOf(PlatformTimeoutError);
    expect(err).not.toBeInstanceOf(PlatformUnavailableError);
  });

  it("encrypts both ways, and says so when the answer cannot be decrypted", async () => {
    const encrypted = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 3000, encryption: TEST_ENCRYPTION }, { database: t.database, idp: h.idp });
    expect((await encrypted.forStaff(h.staff).drugs.findGenericDrugs(query("azithromycin"))).results[0]!.name.toLowerCase()).toBe("azithromycin");
    const wrongKey = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 3000, encryption: { kid: TEST_ENCRYPTION.kid, key: "not-the-same-key" } }, { database: t.database, idp: h.idp });
    const err = await wrongKey.forStaff(h.staff).drugs.findGenericDrugs(query("azithromycin")).catch((e) => e);
    expect(err).toBeInstanceOf(PlatformUnavailableError);
    expect(String(err.detail)).toMatch(/decrypt/);
  });
});

const pgUp = await postgresAvailable();
if (!pgUp) console.warn(SKIP_POSTGRES_MESSAGE);

describe.skipIf(!pgUp)("token renewal across two app instances on PostgreSQL", () => {
  let t: TestDatabase;
  let h: PlatformHarness;
  beforeAll(async () => {
    t = await postgresTestDatabase();
    h = await startPlatformHarness(t.database);
  });
  afterAll(async () => {
    await h?.close();
    await t?.dispose();
  });

  it("lets only one instance refresh an expired token", async () => {
    const second = await t.openAnother();
    const clock = testClock();
    const settings = { ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 3000, now: clock.now };
    const a = createPlatform(settings, { database: t.database, idp: h.idp });
    const b = createPlatform(settings, { database: second, idp: h.idp });
    await a.tokens.signIn(h.staff);
    // Both instances have used the token, so both hold it in memory when it runs out.
    await Promise.all([a, b].map((p) => p.forStaff(h.staff).drugs.findGenericDrugs(query("aspirin"))));
    clock.passAccessTokenLifetime();
    await h.resetStats();
    const calls = [a, b].flatMap((p) => Array.from({ length: 25 }, () => p.forStaff(h.staff).drugs.findGenericDrugs(query("aspirin"))));
    const results = await Promise.all(calls);
    expect(results.every((r) => r.results.length > 0)).toBe(true);
    expect((await h.stats())["oidc.refresh"]).toBe(1);
  });
});
