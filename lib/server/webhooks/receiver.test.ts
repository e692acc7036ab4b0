import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signatureHeader } from "@/lib/schemas/webhook-signature";
import { pgliteTestDatabase, postgresAvailable, postgresTestDatabase, SKIP_POSTGRES_MESSAGE, type TestDatabase } from "@/lib/testing/databases";
import { webhookInbox, webhookReceipts } from "../db/schema";
import { readLimitedBody, receivePlatformEvent, type ReceiverSettings } from "./receiver";
import { generateSigningKey, openSecret, sealSecret, signingKeyStore } from "./signing-keys";

const pgUp = await postgresAvailable();
if (!pgUp) console.warn(SKIP_POSTGRES_MESSAGE);

const SETTINGS: ReceiverSettings = { signatureHeader: "Svc-Webhook-Signature", deliveryIdHeader: "Svc-Webhook-Id", toleranceSeconds: 180, maxBytes: 4096 };
const KEY = "whsec_receiver_test_key_0001";
const OTHER = "whsec_receiver_test_key_0002";

const event = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    service: "appointment",
    event: "appointment.tele.dr_joined",
    transaction_id: "txn-1",
    event_time: 1_763_900_000,
    timestamp: 1_763_900_000,
    business_id: "b1",
    client_id: "c1",
    data: { appointment_id: "apt-1", doctor_id: "doc-1", patient_id: "pt-1", clinic_id: "cl-1", video_connect: { host_link: "https://meet.jit.si/r#h", meet_link: "https://meet.jit.si/r", vendor: "jitsi" } },
    ...over,
  });

function headers(body: string, opts: { key?: string | null; t?: number; id?: string | null; raw?: string } = {}) {
  const h = new Headers({ "content-type": "application/json" });
  const t = opts.t ?? Math.floor(Date.now() / 1000);
  if (opts.raw !== undefined) h.set(SETTINGS.signatureHeader, opts.raw);
  else if (opts.key !== null) h.set(SETTINGS.signatureHeader, signatureHeader([opts.key ?? KEY], t, body));
  if (opts.id !== null) h.set(SETTINGS.deliveryIdHeader, opts.id ?? `evt_${Math.random().toString(36).slice(2)}`);
  return h;
}

const backends: [string, () => Promise<TestDatabase>, boolean][] = [
  ["PGlite", pgliteTestDatabase, true],
  ["PostgreSQL", postgresTestDatabase, pgUp],
];

describe.each(backends)("platform event receiver on %s", (_name, open, available) => {
  let t: TestDatabase;
  let keys: string[];
  const stored: number[] = [];
  beforeAll(async () => {
    if (available) t = await open();
  });
  afterAll(async () => t?.dispose());
  beforeEach(async () => {
    if (!available) return;
    keys = [KEY];
    stored.length = 0;
    await t.database.db.delete(webhookInbox);
    await t.database.db.delete(webhookReceipts);
  });

  const receive = (h: Headers, body: string | Buffer | null) =>
    receivePlatformEvent(h, typeof body === "string" ? Buffer.from(body) : body, SETTINGS, {
      db: t.database.db,
      verifyingKeys: async () => keys,
      onStored: (id) => stored.push(id),
    });
  const inboxCount = async () => (await t.database.db.select().from(webhookInbox)).length;

  it.skipIf(!available)("stores a genuine event once and drops the same delivery id again", async () => {
    const body = event();
    const h = headers(body, { id: "evt_same_1" });
    const first = await receive(h, body);
    expect(first).toMatchObject({ status: 200, outcome: "accepted" });
    const again = await receive(headers(body, { id: "evt_same_1" }), body);
    expect(again).toMatchObject({ status: 200, outcome: "duplicate" });
    const rows = await t.database.db.select().from(webhookInbox);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "appointment.tele.dr_joined", verification: "signed", deliveryKey: "evt_same_1" });
    expect(rows[0]!.occurredAt?.toISOString()).toBe(new Date(1_763_900_000_000).toISOString());
    expect(stored).toHaveLength(1);
  });

  it.skipIf(!available)("stores a burst of concurrent deliveries once each, also a delivery sent twice within the burst", async () => {
    const ids = Array.from({ length: 60 }, (_, i) => `evt_burst_${i}`);
    const sends = [...ids, ids[3]!, ids[41]!, ids[59]!].map((id, i) => {
      const body = event({ transaction_id: `txn-${i}` });
      return receive(headers(body, { id }), body);
    });
    const results = await Promise.all(sends);
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect(results.filter((r) => r.outcome === "accepted")).toHaveLength(60);
    expect(results.filter((r) => r.outcome === "duplicate")).toHaveLength(3);
    const rows = await t.database.db.select().from(webhookInbox);
    expect(rows.map((r) => r.deliveryKey).sort()).toEqual([...ids].sort());
    const accepted = results.flatMap((r) => (r.outcome === "accepted" ? [r.inboxId] : []));
    expect(new Set(accepted).size).toBe(60);
    expect(accepted.sort()).toEqual(rows.map((r) => r.id).sort());
    expect([...stored].sort()).toEqual([...accepted].sort());
  });

  it.skipIf(!available)("drops duplicates by body hash when no delivery id is sent", async () => {
    const body = event({ transaction_id: "txn-hash" });
    expect((await receive(headers(body, { id: null }), body)).outcome).toBe("accepted");
    expect((await receive(headers(body, { id: null }), body)).outcome).toBe("duplicate");
    const [row] = await t.database.db.select().from(webhookInbox);
    expect(row!.deliveryKey).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it.skipIf(!available)("refuses forged, stale, future, unsigned and malformed-signature deliveries, storing nothing", async () => {
    const body = event();
    const now = Math.floor(Date.now() / 1000);
    const cases: [string, Headers, string][] = [
      ["forged", headers(body, { key: OTHER }), "signature_mismatch"],
      ["stale", headers(body, { t: now - 181 }), "timestamp_too_old"],
      ["future", headers(body, { t: now + 60 }), "timestamp_in_future"],
      ["unsigned", headers(body, { key: null }), "signature_missing"],
      ["malformed header", headers(body, { raw: "sha256=abc" }), "signature_malformed"],
      ["signed other body", (() => {
        const h = headers(event({ transaction_id: "other" }));
        return h;
      })(), "signature_mismatch"],
    ];
    for (const [name, h, code] of cases) {
      const r = await receive(h, body);
      expect(r, name).toMatchObject({ status: 401, outcome: "rejected", code });
    }
    expect(await inboxCount()).toBe(0);
    expect(stored).toHaveLength(0);
    // Still within tolerance: accepted.
    expect((await receive(headers(body, { t: now - 170 }), body)).outcome).toBe("accepted");
  });

  it.skipIf(!available)("refuses oversized, malformed JSON and non-event bodies with 413/400/422, storing nothing", async () => {
    const big = event({ pad: "x".repeat(5000) });
    const req = new Request("http://app.test/api/webhooks/platform", { method: "POST", body: big });
    const read = await readLimitedBody(req, SETTINGS.maxBytes);
    expect(read).toBeNull();
    expect(await receive(headers(big), read)).toMatchObject({ status: 413 });
    // A chunked body without content-length is cut off too.
    const stream = new ReadableStream({ start(c) { for (let i = 0; i < 10; i++) c.enqueue(new TextEncoder().encode("y".repeat(1000))); c.close(); } });
    expect(await readLimitedBody(new Request("http://app.test/", { method: "POST", body: stream, duplex: "half" } as RequestInit), 4096)).toBeNull();

    for (const [body, status] of [["{not json", 400], ["[1,2]", 422], ['{"data":{}}', 422], ['"text"', 422], ['{"event":"x","data":"\\u0000"}', 422]] as const) {
      expect(await receive(headers(body), body), body).toMatchObject({ status, outcome: "rejected" });
    }
    expect(await inboxCount()).toBe(0);
  });

  it.skipIf(!available)("keeps unknown kinds, accepts unsigned events when no key is configured, and verifies with either key during rotation", async () => {
    const unknown = event({ event: "lab.report.ready" });
    expect((await receive(headers(unknown), unknown)).outcome).toBe("accepted");
    keys = [];
    const plain = event({ transaction_id: "unsigned" });
    expect(await receive(headers(plain, { key: null }), plain)).toMatchObject({ outcome: "accepted" });
    keys = [KEY, OTHER];
    const a = event({ transaction_id: "rot-a" });
    const b = event({ transaction_id: "rot-b" });
    expect((await receive(headers(a, { key: KEY }), a)).outcome).toBe("accepted");
    expect((await receive(headers(b, { key: OTHER }), b)).outcome).toBe("accepted");
    const rows = await t.database.db.select().from(webhookInbox);
    expect(rows.map((r) => r.verification).sort()).toEqual(["signed", "signed", "signed", "unsigned"]);
  });

  it.skipIf(!available)("logs every request: accepted, duplicate and refused", async () => {
    const body = event();
    await receive(headers(body, { id: "evt_log" }), body);
    await receive(headers(body, { id: "evt_log" }), body);
    await receive(headers(body, { key: OTHER, id: "evt_forged" }), body);
    // The log is written in batches, after the answer.
    await new Promise((r) => setTimeout(r, 300));
    const log = (await t.database.db.select().from(webhookReceipts)).filter((r) => r.deliveryKey === "evt_log" || r.deliveryKey === "evt_forged");
    expect(log.map((r) => `${r.outcome}:${r.status}:${r.deliveryKey}`).sort()).toEqual(["accepted:200:evt_log", "duplicate:200:evt_log", "rejected:401:evt_forged"]);
  });

  it.skipIf(!available)("seals signing keys at rest; retired keys verify only through the overlap window", async () => {
    const store = signingKeyStore(t.database.db, "app-secret-for-tests-0123456789abcdef");
    const secret = generateSigningKey();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const info = await store.add(secret, "7");
    expect(info.hint).toBe(secret.slice(-4));
    expect(await store.verifying()).toContain(secret);
    const sealed = sealSecret("s1", secret);
    expect(sealed).not.toContain(secret.slice(6));
    expect(openSecret("s1", sealed)).toBe(secret);
    expect(() => openSecret("s2", sealed)).toThrow();
    await store.retire({ subscriptionId: "7" }, 60_000);
    expect(await store.verifying()).toContain(secret);
    expect((await store.list())[0]!.expiresAt).not.toBeNull();
    const old = generateSigningKey();
    const oldInfo = await store.add(old, "8");
    await store.retire({ id: oldInfo.id }, 0);
    await new Promise((r) => setTimeout(r, 5));
    const fresh = signingKeyStore(t.database.db, "app-secret-for-tests-0123456789abcdef");
    expect(await fresh.verifying()).toEqual([secret]);
    await store.remove(info.id);
    expect(await store.verifying()).toEqual([]);
  });
});
