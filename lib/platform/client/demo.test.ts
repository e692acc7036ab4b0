import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pgliteTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { startPlatformHarness, TEST_CLIENT_ID, type PlatformHarness } from "@/lib/testing/platform-harness";
import { createPlatform } from "./client";
import { demoCapability, platformMode } from "./demo";

describe("the sandbox's demo-only calls are a capability of the client", () => {
  let t: TestDatabase;
  let h: PlatformHarness;
  beforeAll(async () => {
    t = await pgliteTestDatabase();
    h = await startPlatformHarness(t.database);
  });
  afterAll(async () => {
    await h?.close();
    await t?.dispose();
  });
  const platform = (emulator: boolean) => createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 3000, emulator }, { database: t.database, idp: h.idp });

  it("does not exist against a real platform, for the app or for a staff member", () => {
    const real = platform(false);
    expect(real.demo).toBeUndefined();
    expect(real.forStaff(h.staff).demo).toBeUndefined();
  });

  it("reads the demo practice and raises an event when the sandbox is the platform", async () => {
    const sandbox = platform(true);
    expect(sandbox.forStaff(h.staff).demo).toBe(sandbox.demo);
    const practice = await sandbox.demo!.practice();
    expect(practice?.doctors.map((d) => d.id)).toContain("dr-meera-iyer");
    expect(practice?.clinics.length).toBeGreaterThan(0);
    const sent = await sandbox.demo!.emitEvent("appointment.tele.dr_joined");
    expect(sent.eventId).toEqual(expect.any(String));
  });

  it("is decided once: the configuration's capability is the client's platform.demo, and names the mode", () => {
    const emulated = { baseUrl: h.sandboxUrl, clientId: TEST_CLIENT_ID, timeoutMs: 3000, emulator: true };
    const real = { ...emulated, emulator: false };
    expect(demoCapability(emulated)).toBeDefined();
    expect(demoCapability(emulated)).toBe(demoCapability(emulated));
    expect(createPlatform(emulated, { database: t.database, idp: h.idp }).demo).toBe(demoCapability(emulated));
    expect(demoCapability(real)).toBeUndefined();
    expect(demoCapability({ baseUrl: h.sandboxUrl })).toBeUndefined();
    expect([platformMode(emulated), platformMode(real)]).toEqual(["sandbox", "live"]);
  });
});
