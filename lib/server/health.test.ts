/**
 * /api/health against a real sandbox platform with its fault injection: degraded, with the reason,
 * when the platform errors, hangs past the probe timeout, or refuses our credentials; and the
 * probe is cached so polling health cannot hammer the platform.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { pgliteTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { startPlatformHarness, TEST_CLIENT_ID, type PlatformHarness } from "@/lib/testing/platform-harness";
import { installWiringForFile } from "@/lib/testing/process-wiring";
import { createPlatform, type Platform } from "@/lib/platform/client";
import { checkHealth, resetHealthProbe } from "./health";
import { log } from "./log";

const wiring = {
  t: undefined as TestDatabase | undefined,
  platform: undefined as Platform | undefined,
  baseUrl: "",
  clientId: "",
  allowUnsigned: false,
  databaseDown: undefined as Error | undefined,
  logged: [] as { fields: unknown; message: string }[],
};
installWiringForFile(
  {
    env: () => ({ platform: { baseUrl: wiring.baseUrl, clientId: wiring.clientId, emulator: true }, webhooks: { allowUnsigned: wiring.allowUnsigned }, logLevel: "warn" }),
    database: () => {
      if (wiring.databaseDown) throw wiring.databaseDown;
      return wiring.t!.database;
    },
    services: () => ({ platform: wiring.platform }),
  },
  "health.test.ts",
);
// What health writes to the app's log, caught instead of written.
beforeEach(() => {
  vi.spyOn(log(), "error").mockImplementation(((fields: unknown, message: string) => void wiring.logged.push({ fields, message })) as never);
  vi.spyOn(log(), "warn").mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

/** The probe's timeout for a hanging platform: PROBE_TIMEOUT_MS (2 s) in production, shorter here so the test does not wait it out. */
const PROBE_TIMEOUT_MS = 200;

describe("health", () => {
  let h: PlatformHarness;

  beforeAll(async () => {
    wiring.t = await pgliteTestDatabase();
    // Over a real port: before anyone has signed in, the probe asks the platform with the global fetch, not through the client.
    h = await startPlatformHarness(wiring.t.database, { overHttp: true });
    wiring.baseUrl = h.sandboxUrl;
    wiring.clientId = TEST_CLIENT_ID;
    wiring.platform = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 10_000 }, { database: wiring.t.database, idp: h.idp });
  });
  afterAll(async () => {
    await h?.close();
    await wiring.t?.dispose();
  });
  beforeEach(async () => {
    await h.resetFaults();
    await h.resetStats();
    resetHealthProbe();
  });

  it("names the unsafe unsigned-intake opt-in as a warning without calling the app degraded", async () => {
    wiring.allowUnsigned = true;
    try {
      const health = await checkHealth();
      expect(health.status).toBe("ok");
      expect(health.warnings?.map((w) => w.code)).toEqual(["webhook_unsigned_allowed"]);
    } finally {
      wiring.allowUnsigned = false;
    }
    expect((await checkHealth()).warnings).toBeUndefined();
  });

  it("a database that does not answer: 503's degraded state, and why in the log (not in the public answer), once per interval", async () => {
    wiring.databaseDown = new Error("connect ECONNREFUSED 127.0.0.1:5999");
    wiring.logged.length = 0;
    try {
      const health = await checkHealth();
      expect(health).toMatchObject({ status: "degraded", db: { ok: false }, reasons: ["The database is not answering."] });
      expect(JSON.stringify(health)).not.toContain("ECONNREFUSED");
      await checkHealth();
      expect(wiring.logged).toEqual([{ fields: { reason: "connect ECONNREFUSED 127.0.0.1:5999" }, message: "the database is not answering" }]);
    } finally {
      wiring.databaseDown = undefined;
    }
    expect((await checkHealth()).db.ok).toBe(true);
  });

  it("before anyone has signed in: ok, platform reachable, credentials unchecked", async () => {
    const health = await checkHealth();
    expect(health).toMatchObject({ status: "ok", platform: { mode: "sandbox", reachable: true, credentials: "unchecked" }, db: { ok: true }, reasons: [] });
  });

  it("before anyone has signed in, a PLATFORM_CLIENT_ID the platform does not know: degraded, naming the variable", async () => {
    wiring.clientId = "not-the-clinics-client";
    try {
      const health = await checkHealth();
      expect(health).toMatchObject({ status: "degraded", platform: { reachable: true, credentials: "refused" } });
      expect(health.reasons).toEqual(['The platform does not know the clinic\'s client "not-the-clinics-client": check PLATFORM_CLIENT_ID.']);
    } finally {
      wiring.clientId = TEST_CLIENT_ID;
      resetHealthProbe();
    }
  });

  it("when the platform errors before anyone signed in: degraded with the HTTP status", async () => {
    await h.setFaults({ errorRate: 1 });
    const health = await checkHealth();
    expect(health.status).toBe("degraded");
    expect(health.reasons).toEqual([expect.stringContaining("HTTP 503")]);
  });

  describe("with a staff member's platform session", () => {
    beforeAll(async () => {
      await h.resetFaults();
      await wiring.platform!.tokens.signIn(h.staff);
    });

    it("ok when the platform takes our credentials", async () => {
      const health = await checkHealth();
      expect(health).toMatchObject({ status: "ok", platform: { reachable: true, credentials: "accepted" }, reasons: [] });
      // The probe uses the clinic's own credentials: the profile API, which also checks the client-id header.
      expect((await h.stats())["profiles.get"]).toBe(1);
    });

    it("degraded when the platform refuses our credentials", async () => {
      await h.setFaults({ unauthorizedRate: 1 });
      const health = await checkHealth();
      expect(health).toMatchObject({ status: "degraded", platform: { reachable: true, credentials: "refused" } });
      expect(health.reasons).toEqual([expect.stringMatching(/^The platform refused the clinic's credentials \(.+\): check PLATFORM_CLIENT_ID\.$/)]);
    });

    it("degraded when the platform answers with errors", async () => {
      await h.setFaults({ errorRate: 1 });
      const health = await checkHealth();
      expect(health.status).toBe("degraded");
      expect(health.reasons[0]).toMatch(/^The platform answered with an error/);
    });

    it("degraded within the probe timeout when the platform hangs", async () => {
      await h.setFaults({ hangRate: 1 });
      const started = Date.now();
      const health = await checkHealth({ probeTimeoutMs: PROBE_TIMEOUT_MS });
      expect(health).toMatchObject({ status: "degraded", platform: { reachable: false } });
      expect(health.reasons).toEqual([`The platform did not answer within ${PROBE_TIMEOUT_MS / 1000} s.`]);
      // A lower bound only: a timer never fires early, but a loaded machine may run it late.
      expect(Date.now() - started).toBeGreaterThanOrEqual(PROBE_TIMEOUT_MS - 50);
    });

    it("asks the platform once however often health is polled within the cache window", async () => {
      const answers = await Promise.all(Array.from({ length: 20 }, () => checkHealth()));
      for (let i = 0; i < 5; i++) answers.push(await checkHealth());
      expect(new Set(answers.map((a) => a.platform.checkedAt)).size).toBe(1);
      expect((await h.stats())["profiles.get"]).toBe(1);
    });
  });
});
