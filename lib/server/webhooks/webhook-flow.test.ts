import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DELIVERY_ID_HEADER } from "@/lib/platform/wire/webhook-names";
import { pgliteTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { startPlatformHarness, TEST_CLIENT_ID, type PlatformHarness } from "@/lib/testing/platform-harness";
import { webhookInbox } from "../db/schema";
import { createPlatform, type StaffPlatform } from "@/lib/platform/client";
import { receivePlatformEvent } from "./receiver";
import { registerSubscription, removeSubscription, rotateSubscriptionKey, webhookSettingsView } from "./settings";
import { signingKeyStore, type SigningKeyStore } from "./signing-keys";

/** The app's receiver on a real port, with a switch that answers too late (the platform times out). */
async function startAppReceiver(t: TestDatabase, keys: SigningKeyStore) {
  let slowNext = 0;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", async () => {
      const headers = new Headers(Object.entries(req.headers).map(([k, v]): [string, string] => [k, String(v)]));
      const result = await receivePlatformEvent(headers, Buffer.concat(chunks), { signatureHeader: "Svc-Webhook-Signature", deliveryIdHeader: DELIVERY_ID_HEADER, toleranceSeconds: 180, maxBytes: 65536 }, {
        db: t.database.db,
        verifyingKeys: () => keys.verifying(),
      });
      if (slowNext > 0) {
        slowNext--;
        await new Promise((r) => setTimeout(r, 600));
      }
      res.writeHead(result.status).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/platform`,
    answerLate: (n: number) => (slowNext = n),
    close: () => new Promise<void>((r) => (server.closeAllConnections(), server.close(() => r()))),
  };
}

/** The probe's value once it has one. */
const until = <T>(probe: () => Promise<T | undefined>): Promise<T> =>
  vi.waitFor(async () => {
    const v = await probe();
    expect(v).toBeDefined();
    return v as T;
  }, { timeout: 5000, interval: 25 });

describe("webhooks end to end: settings → platform subscription → signed delivery → inbox", () => {
  let t: TestDatabase;
  let h: PlatformHarness;
  let platform: StaffPlatform;
  let keys: SigningKeyStore;
  let receiver: Awaited<ReturnType<typeof startAppReceiver>>;

  beforeAll(async () => {
    t = await pgliteTestDatabase();
    h = await startPlatformHarness(t.database);
    // The sandbox is the platform here: its demo capability lets endpoints on this machine register.
    platform = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 3000, emulator: true }, { database: t.database, idp: h.idp }).forStaff(h.staff);
    keys = signingKeyStore(t.database.db, "flow-test-secret-0123456789abcdefghij");
    receiver = await startAppReceiver(t, keys);
  }, 120_000);
  afterAll(async () => {
    await receiver?.close();
    await h?.close();
    await t?.dispose();
  });

  const emit = async () => {
    const res = await h.fetch(`${h.sandboxUrl}/__sandbox/events`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ event: "appointment.tele.dr_joined", client_id: TEST_CLIENT_ID }) });
    return (await res.json()) as { body: { transaction_id: string } };
  };
  const inbox = () => t.database.db.select().from(webhookInbox);

  it("registers, receives a verified event, survives a lost answer exactly once, rotates and deletes", async () => {
    const deps = { platform, keys, db: t.database.db };
    const issued = await registerSubscription(deps, { endpoint: receiver.url, eventNames: ["appointment.tele.dr_joined"], protocol: "http" });
    // The same events to the same endpoint again would arrive twice: refused, nothing registered or stored.
    const keysBefore = (await keys.list()).length;
    const twice = registerSubscription(deps, { endpoint: receiver.url, eventNames: ["appointment.created", "appointment.tele.dr_joined"], protocol: "http" });
    await expect(twice).rejects.toMatchObject({ status: 409, extra: { code: "duplicate_subscription" } });
    expect((await platform.webhooks.list()).map((s) => s.id)).toEqual([issued.subscriptionId]);
    expect(await keys.list()).toHaveLength(keysBefore);
    expect(issued.signingKey).toMatch(/^whsec_/);
    const listed = await platform.webhooks.list();
    expect(listed).toEqual([expect.objectContaining({ id: issued.subscriptionId, endpoint: receiver.url, deliverable: true })]);

    const first = await emit();
    const row = await until(async () => (await inbox()).find((r) => (r.payload as { transaction_id: string }).transaction_id === first.body.transaction_id));
    expect(row.verification).toBe("signed");

    // The receiver stores the event but answers after the platform gave up: the retry is a duplicate.
    await h.fetch(`${h.sandboxUrl}/__sandbox/webhooks/schedule`, { method: "PUT", headers: { "content-type": "application/json" }, body: JSON.stringify({ retryDelaysMs: [50, 50], timeoutMs: 300 }) });
    receiver.answerLate(1);
    const second = await emit();
    const delivered = await until(async () => {
      const log = (await (await h.fetch(`${h.sandboxUrl}/__sandbox/webhooks/deliveries`)).json()) as { data: { body: { transaction_id: string }; state: string; attempts: unknown[] }[] };
      const d = log.data.find((x) => x.body.transaction_id === second.body.transaction_id);
      return d?.state === "delivered" ? d : undefined;
    });
    expect(delivered.attempts).toHaveLength(2);
    expect((await inbox()).filter((r) => (r.payload as { transaction_id: string }).transaction_id === second.body.transaction_id)).toHaveLength(1);

    const rotated = await rotateSubscriptionKey(deps, issued.subscriptionId);
    expect(rotated.signingKey).not.toBe(issued.signingKey);
    expect(rotated.replaces).toBe(issued.subscriptionId);
    expect((await platform.webhooks.list()).map((s) => s.id)).toEqual([rotated.subscriptionId]);
    // Both keys verify during the overlap window.
    expect(new Set(await keys.verifying())).toEqual(new Set([issued.signingKey, rotated.signingKey]));
    const third = await emit();
    await until(async () => (await inbox()).find((r) => (r.payload as { transaction_id: string }).transaction_id === third.body.transaction_id));

    await removeSubscription(deps, rotated.subscriptionId);
    expect(await platform.webhooks.list()).toEqual([]);
    expect((await keys.list()).every((k) => k.expiresAt !== null)).toBe(true);
  }, 60_000);

  it("ten concurrent registrations of the same endpoint make exactly one subscription and one key", async () => {
    const deps = { platform, keys, db: t.database.db };
    const keysBefore = (await keys.list()).length;
    const input = { endpoint: `${receiver.url}?race`, eventNames: ["appointment.created" as const], protocol: "http" as const };
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => registerSubscription(deps, input)));
    const won = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    expect(won).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ status: 409, extra: { errors: { endpoint: expect.any(String) } } });
    expect((await platform.webhooks.list()).filter((s) => s.endpoint === input.endpoint).map((s) => s.id)).toEqual([won[0]!.subscriptionId]);
    expect(await keys.list()).toHaveLength(keysBefore + 1);
    // The lease is released: a later registration is judged on the merits (a twin), not on the lease.
    await expect(registerSubscription(deps, input)).rejects.toMatchObject({ status: 409, extra: { code: "duplicate_subscription" } });
    await removeSubscription(deps, won[0]!.subscriptionId);
  }, 60_000);

  it("on a platform with only spec 4.2 (list and delete answer 404) shows, registers, rotates and removes from the desk's own record", async () => {
    const deps = { platform, keys, db: t.database.db };
    await h.setFaults({ specOnly: true });
    try {
      await expect(platform.webhooks.list()).rejects.toMatchObject({ platformStatus: 404 });
      const endpoint = `${receiver.url}?spec-only`;
      const issued = await registerSubscription(deps, { endpoint, eventNames: ["appointment.created"], protocol: "http" });
      const view = await webhookSettingsView(platform, keys, t.database.db);
      expect(view.listedBy).toBe("desk");
      const mine = view.subscriptions.find((s) => s.id === issued.subscriptionId);
      expect(mine).toMatchObject({ endpoint, eventNames: ["appointment.created"], protocol: "http", keyHint: issued.signingKey.slice(-4) });
      // The twin check works from the desk's record too.
      await expect(registerSubscription(deps, { endpoint, eventNames: ["appointment.created"], protocol: "http" })).rejects.toMatchObject({ extra: { code: "duplicate_subscription" } });
      const rotated = await rotateSubscriptionKey(deps, issued.subscriptionId);
      const after = (await webhookSettingsView(platform, keys, t.database.db)).subscriptions.map((s) => s.id);
      expect(after).toContain(rotated.subscriptionId);
      expect(after).not.toContain(issued.subscriptionId);
      await removeSubscription(deps, rotated.subscriptionId);
      expect((await webhookSettingsView(platform, keys, t.database.db)).subscriptions.map((s) => s.id)).not.toContain(rotated.subscriptionId);
      expect((await keys.list()).filter((k) => k.subscriptionId === rotated.subscriptionId).every((k) => k.expiresAt !== null)).toBe(true);
      // A subscription the desk never registered is not silently "removed".
      await expect(removeSubscription(deps, "no-such-id")).rejects.toMatchObject({ platformStatus: 404 });
    } finally {
      await h.resetFaults();
    }
    expect((await webhookSettingsView(platform, keys, t.database.db)).listedBy).toBe("platform");
  }, 60_000);

  it("with a real platform refuses an endpoint on an internal address with the field's reason, registering nothing", async () => {
    const live = { platform, keys, db: t.database.db, guard: { demoPlatform: false, allow: [], resolve: async () => ["10.1.2.3"] } };
    const before = await platform.webhooks.list();
    await expect(registerSubscription(live, { endpoint: "https://hooks.example.test/in", eventNames: ["appointment.created"], protocol: "https" })).rejects.toMatchObject({
      status: 400,
      extra: { errors: { endpoint: expect.stringContaining("10.1.2.3, a private network address") } },
    });
    await expect(registerSubscription(live, { endpoint: "http://hooks.example.test/in", eventNames: ["appointment.created"], protocol: "http" })).rejects.toMatchObject({
      status: 400,
      extra: { errors: { endpoint: expect.stringContaining("https://") } },
    });
    expect(await platform.webhooks.list()).toEqual(before);
  });

  it("asks the platform client, not the configuration: a client configured for a real platform gets the address checks and no test events", async () => {
    // The same platform and staff, configured as a real one (no `emulator`): it has no demo capability.
    const real = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 3000 }, { database: t.database, idp: h.idp }).forStaff(h.staff);
    expect(real.demo).toBeUndefined();
    expect((await webhookSettingsView(platform, keys, t.database.db)).testEvents).toBe(true);
    expect((await webhookSettingsView(real, keys, t.database.db)).testEvents).toBe(false);
    const before = await platform.webhooks.list();
    // No guard given: the default follows the client's capability, and the loopback receiver is refused.
    await expect(registerSubscription({ platform: real, keys, db: t.database.db }, { endpoint: receiver.url, eventNames: ["appointment.created"], protocol: "http" })).rejects.toMatchObject({
      status: 400,
      extra: { errors: { endpoint: expect.stringContaining("https://") } },
    });
    expect(await platform.webhooks.list()).toEqual(before);
  });
});
