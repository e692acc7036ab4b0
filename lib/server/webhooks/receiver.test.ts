import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from "vitest";
import { now as clockNow, setClock } from "@/lib/clock";
import { DESK_EVENT_VERSION } from "@/lib/schemas/desk-events";
import { signatureHeader } from "@/lib/platform/wire/webhook-signature";
import { bothDatabases, type TestDatabase } from "@/lib/testing/databases";
import { webhookInbox, webhookReceipts } from "../db/schema";
import { readLimitedBody } from "../read-body";
import { maybePruneReceipts, PRUNE_EVERY_MS, pruneReceipts, receiptsWritten, receivePlatformEvent, type ReceiverSettings } from "./receiver";
import { generateSigningKey, openSecret, sealSecret, signingKeyStore } from "./signing-keys";
import { onPgliteOnly } from "@/lib/testing/engines";

const databases = await bothDatabases();

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

function headers(body: string | Buffer, opts: { key?: string | null; t?: number; id?: string | null; raw?: string } = {}) {
  const h = new Headers({ "content-type": "application/json" });
  const t = opts.t ?? Math.floor(clockNow() / 1000);
  if (opts.raw !== undefined) h.set(SETTINGS.signatureHeader, opts.raw);
  else if (opts.key !== null) h.set(SETTINGS.signatureHeader, signatureHeader([opts.key ?? KEY], t, body));
  if (opts.id !== null) h.set(SETTINGS.deliveryIdHeader, opts.id ?? `evt_${Math.random().toString(36).slice(2)}`);
  return h;
}

const until = (check: () => Promise<boolean>) => vi.waitFor(async () => expect(await check()).toBe(true), { timeout: 5000, interval: 20 });

// On PostgreSQL too: storing once when deliveries and replays race (unique keys across connections), the
// stored event as the driver hands it back, the log, and pruning by age. On PGlite alone (lib/testing/engines.ts):
// refusals decided before anything is stored (signatures, bodies, keys), unknown kinds, the body-hash
// duplicate, the sealed keys, and the property over deliveries sent one after another.
for (const { name, kind, open, available } of databases) describe.skipIf(!available)(`platform event receiver on ${name}`, () => {
  const engineNeutral = onPgliteOnly(kind);
  let t: TestDatabase;
  let keys: string[];
  const stored: number[] = [];
  const storedEvents: unknown[] = [];
  beforeAll(async () => {
    t = await open();
  });
  afterAll(async () => {
    if (t) await receiptsWritten(t.database.db);
    await t?.dispose();
  });
  beforeEach(async () => {
    // Each test's timestamps are measured against a desk clock that stands still while it runs:
    // under load a suite takes seconds, and a moving clock would carry "170 s old" past the
    // tolerance or a "6 s ahead" timestamp inside the allowed skew.
    const pinned = Date.now();
    setClock(() => pinned);
    onTestFinished(() => setClock(null));
    keys = [KEY];
    stored.length = 0;
    storedEvents.length = 0;
    // The previous test's log rows are written after its answers: let them land before clearing.
    await receiptsWritten(t.database.db);
    await t.database.db.delete(webhookInbox);
    await t.database.db.delete(webhookReceipts);
  });

  const receive = (h: Headers, body: string | Buffer | null, settings: ReceiverSettings = SETTINGS) =>
    receivePlatformEvent(h, typeof body === "string" ? Buffer.from(body) : body, settings, {
      db: t.database.db,
      verifyingKeys: async () => keys,
      onStored: (id, e) => {
        stored.push(id);
        storedEvents.push(e);
      },
    });
  const inboxCount = async () => (await t.database.db.select().from(webhookInbox)).length;

  it("stores a genuine event once and drops the same delivery id again", async () => {
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

  it("stores the event in the desk's own shape on arrival, with no platform field names in it", async () => {
    const body = event({ data: { appointment_id: "  apt-9 ", doctor_id: "doc-9", patient_id: "pt-9", clinic_id: "cl-9", start_time: "2026-11-23T10:00:00+05:30", video_connect: { host_link: "javascript:alert(1)", meet_link: "https://meet.jit.si/r", vendor: "jitsi" } } });
    expect(await receive(headers(body), body)).toMatchObject({ outcome: "accepted" });
    const [row] = await t.database.db.select().from(webhookInbox);
    expect(row!.deskEventVersion).toBe(DESK_EVENT_VERSION);
    expect(row!.deskEvent).toEqual({
      appointmentId: "apt-9",
      doctorId: "doc-9",
      patientId: "pt-9",
      clinicId: "cl-9",
      startsAt: "2026-11-23T04:30:00.000Z",
      serviceName: null,
      status: null,
      video: { hostLink: { href: null, text: "javascript:alert(1)" }, meetLink: { href: "https://meet.jit.si/r", text: null }, vendor: "jitsi" },
      appointment: null,
      receipt: null,
    });
    expect(JSON.stringify(row!.deskEvent)).not.toMatch(/appointment_id|doctor_id|video_connect|host_link|start_time/);
  });

  it("hands the stored desk event to onStored, equal to the row a reader would load, so nothing reads it back", async () => {
    const body = event({ event: "appointment.created", data: { appointment_id: "apt-h", doctor_id: "doc-h", patient_id: "pt-h", clinic_id: "cl-h", start_time: "2026-11-23T10:00:00+05:30", end_time: "2026-11-23T10:15:00+05:30", status: "booked" } });
    const answer = await receive(headers(body), body);
    expect(answer).toMatchObject({ outcome: "accepted" });
    const [row] = await t.database.db.select().from(webhookInbox);
    expect(stored).toEqual([row!.id]);
    expect(storedEvents).toEqual([row!.deskEvent]);
  });

  engineNeutral("stores an event of a kind it does not know, shaped as far as it shares fields", async () => {
    const body = JSON.stringify({ event: "lab.report_ready", transaction_id: "txn-lab", event_time: 1_763_900_001, data: { patient_id: "pt-3", report: { id: 7 } } });
    expect(await receive(headers(body), body)).toMatchObject({ outcome: "accepted" });
    const [row] = await t.database.db.select().from(webhookInbox);
    expect(row).toMatchObject({ kind: "lab.report_ready", deskEventVersion: DESK_EVENT_VERSION, deskEvent: { patientId: "pt-3", appointmentId: "txn-lab", video: null, appointment: null } });
    expect(row!.payload).toEqual(JSON.parse(body));
  });

  it("stores a burst of concurrent deliveries once each, also a delivery sent twice within the burst", async () => {
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

  engineNeutral("drops duplicates by body hash when no delivery id is sent", async () => {
    const body = event({ transaction_id: "txn-hash" });
    expect((await receive(headers(body, { id: null }), body)).outcome).toBe("accepted");
    expect((await receive(headers(body, { id: null }), body)).outcome).toBe("duplicate");
    const [row] = await t.database.db.select().from(webhookInbox);
    expect(row!.deliveryKey).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  engineNeutral("refuses forged, stale, future, unsigned and malformed-signature deliveries, storing nothing", async () => {
    const body = event();
    const now = Math.floor(clockNow() / 1000);
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

  engineNeutral("refuses oversized, malformed JSON and non-event bodies with 413/400/422, storing nothing", async () => {
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

  engineNeutral("with no signing key refuses every delivery, signed or not, and stores nothing", async () => {
    keys = [];
    const body = event({ transaction_id: "no-key" });
    expect(await receive(headers(body, { key: null }), body)).toMatchObject({ status: 401, outcome: "rejected", code: "no_signing_key" });
    expect(await receive(headers(body, { key: KEY }), body)).toMatchObject({ status: 401, code: "no_signing_key" });
    expect(await inboxCount()).toBe(0);
    expect(stored).toHaveLength(0);
    const refusals = async () => (await t.database.db.select().from(webhookReceipts)).filter((r) => r.reason?.startsWith("No signing key"));
    await until(async () => (await refusals()).length === 2);
    expect((await refusals()).map((r) => `${r.outcome}:${r.status}`)).toEqual(["rejected:401", "rejected:401"]);
  });

  engineNeutral("keeps unknown kinds, accepts unsigned events with no key only under the explicit opt-in, and verifies with either key during rotation", async () => {
    const unknown = event({ event: "lab.report.ready" });
    expect((await receive(headers(unknown), unknown)).outcome).toBe("accepted");
    keys = [];
    const plain = event({ transaction_id: "unsigned" });
    expect(await receive(headers(plain, { key: null }), plain, { ...SETTINGS, allowUnsigned: true })).toMatchObject({ outcome: "accepted" });
    // The opt-in never weakens a receiver that has a key.
    keys = [KEY];
    const other = event({ transaction_id: "unsigned-2" });
    expect(await receive(headers(other, { key: null }), other, { ...SETTINGS, allowUnsigned: true })).toMatchObject({ status: 401, code: "signature_missing" });
    keys = [KEY, OTHER];
    const a = event({ transaction_id: "rot-a" });
    const b = event({ transaction_id: "rot-b" });
    expect((await receive(headers(a, { key: KEY }), a)).outcome).toBe("accepted");
    expect((await receive(headers(b, { key: OTHER }), b)).outcome).toBe("accepted");
    const rows = await t.database.db.select().from(webhookInbox);
    expect(rows.map((r) => r.verification).sort()).toEqual(["signed", "signed", "signed", "unsigned"]);
  });

  it("logs every request: accepted, duplicate and refused", async () => {
    const body = event();
    await receive(headers(body, { id: "evt_log" }), body);
    await receive(headers(body, { id: "evt_log" }), body);
    await receive(headers(body, { key: OTHER, id: "evt_forged" }), body);
    // The log is written in batches, after the answer.
    const ours = async () => (await t.database.db.select().from(webhookReceipts)).filter((r) => r.deliveryKey === "evt_log" || r.deliveryKey === "evt_forged");
    await until(async () => (await ours()).length === 3);
    const log = await ours();
    expect(log.map((r) => `${r.outcome}:${r.status}:${r.deliveryKey}`).sort()).toEqual(["accepted:200:evt_log", "duplicate:200:evt_log", "rejected:401:evt_forged"]);
  });

  it("stores a replayed signed delivery once, with a new, missing or the same delivery id, also when the replays race", async () => {
    const body = event({ transaction_id: "txn-replay" });
    const captured = headers(body, { id: "evt_original" });
    expect((await receive(captured, body)).outcome).toBe("accepted");
    const sig = captured.get(SETTINGS.signatureHeader)!;
    const replay = (id: string | null) => {
      const h = new Headers({ "content-type": "application/json", [SETTINGS.signatureHeader]: sig });
      if (id !== null) h.set(SETTINGS.deliveryIdHeader, id);
      return h;
    };
    for (const id of ["evt_brand_new", null, "evt_original", "not a valid id"]) expect((await receive(replay(id), body)).outcome, String(id)).toBe("duplicate");
    const racing = await Promise.all(Array.from({ length: 12 }, (_, i) => receive(replay(`evt_race_${i}`), body)));
    expect(racing.every((r) => r.outcome === "duplicate")).toBe(true);
    expect(await inboxCount()).toBe(1);
    expect(stored).toHaveLength(1);
  });

  it("stores a platform retry once: same body, fresh timestamp and signature, same or another delivery id", async () => {
    const body = event({ transaction_id: "txn-retry" });
    const now = Math.floor(clockNow() / 1000);
    expect((await receive(headers(body, { t: now - 100, id: "evt_retry" }), body)).outcome).toBe("accepted");
    expect((await receive(headers(body, { t: now - 50, id: "evt_retry" }), body)).outcome).toBe("duplicate");
    // A second subscription (or a re-registered one) delivers the same event under its own delivery id.
    expect((await receive(headers(body, { t: now, id: "evt_retry_sub2" }), body)).outcome).toBe("duplicate");
    // The same event re-serialized (another key order) is still the same transaction at the same time.
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(JSON.parse(body) as Record<string, unknown>).reverse()));
    expect((await receive(headers(reordered, { id: "evt_retry_3" }), reordered)).outcome).toBe("duplicate");
    // Racing retries: one row.
    const raced = event({ transaction_id: "txn-retry-race" });
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => receive(headers(raced, { t: now - i, id: `evt_rr_${i}` }), raced)));
    expect(results.filter((r) => r.outcome === "accepted")).toHaveLength(1);
    expect(await inboxCount()).toBe(2);
    // A later event of the same appointment is a different event.
    const later = event({ transaction_id: "txn-retry", event_time: 1_763_900_060, timestamp: 1_763_900_060 });
    expect((await receive(headers(later), later)).outcome).toBe("accepted");
  });

  engineNeutral("answers 4xx, never 503, for a body that can never be stored, and logs it once", async () => {
    const cases: [string, string | Buffer, number, string][] = [
      ["lone high surrogate", String.raw`{"event":"appointment.created","transaction_id":"t-s1","data":{"patient_id":"pt\ud800"}}`, 422, "unsupported_character"],
      ["lone low surrogate in free text", String.raw`{"event":"appointment.created","transaction_id":"t-s2","data":{"note":"a\udc00b"}}`, 422, "unsupported_character"],
      ["NUL in a key", String.raw`{"event":"appointment.created","data":{"k\u0000":"v"}}`, 422, "unsupported_character"],
      ["NUL in the kind", String.raw`{"event":"appointment\u0000created"}`, 422, "unsupported_character"],
      ["not UTF-8", Buffer.from([0x7b, 0x22, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), 400, "not_utf8"],
      ["nested too deep", `{"event":"x","data":{"a":${"[".repeat(40)}${"]".repeat(40)}}}`, 422, "too_deep"],
      ["data not an object", `{"event":"x","data":"text"}`, 422, "not_an_event"],
    ];
    for (const [name, body, status, code] of cases) {
      expect(await receive(headers(body), body), name).toMatchObject({ status, outcome: "rejected", code });
    }
    // A surrogate pair (a real emoji) is fine.
    const emoji = String.raw`{"event":"appointment.created","transaction_id":"t-ok","data":{"note":"\ud83d\ude00"}}`;
    expect((await receive(headers(emoji), emoji)).outcome).toBe("accepted");
    expect(await inboxCount()).toBe(1);
    const refused = async () => (await t.database.db.select().from(webhookReceipts)).filter((r) => r.outcome === "rejected" && r.status < 500);
    await until(async () => (await refused()).length === cases.length);
    expect((await refused()).map((r) => r.status).sort()).toEqual([400, 422, 422, 422, 422, 422, 422]);
  });

  engineNeutral("property: forged, stale, future, replayed and malformed deliveries around one genuine event store exactly that event, once", async () => {
    const now = Math.floor(clockNow() / 1000);
    const deliveryId = fc.option(fc.string({ minLength: 1, maxLength: 40 }));
    const attack = fc.oneof(
      fc.record({ kind: fc.constant("forged" as const), key: fc.string({ minLength: 16, maxLength: 40 }), id: deliveryId }),
      fc.record({ kind: fc.constant("stale" as const), age: fc.integer({ min: 181, max: 10_000_000 }), id: deliveryId }),
      fc.record({ kind: fc.constant("future" as const), ahead: fc.integer({ min: 6, max: 10_000_000 }), id: deliveryId }),
      fc.record({ kind: fc.constant("replay" as const), id: deliveryId }),
      fc.record({ kind: fc.constant("retry" as const), age: fc.integer({ min: 0, max: 170 }), id: deliveryId }),
      fc.record({ kind: fc.constant("tampered" as const), note: fc.string({ maxLength: 30 }), id: deliveryId }),
      fc.record({
        kind: fc.constant("malformed" as const),
        body: fc.oneof(fc.string(), fc.json(), fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a).toString("latin1"))),
        header: fc.string({ maxLength: 80 }),
        id: deliveryId,
      }),
      fc.record({ kind: fc.constant("unsigned" as const), id: deliveryId }),
    );
    type Attack = typeof attack extends fc.Arbitrary<infer A> ? A : never;
    await fc.assert(
      fc.asyncProperty(fc.array(attack, { maxLength: 12 }), fc.nat(12), async (attacks, at) => {
        await t.database.db.delete(webhookInbox);
        const genuine = event({ transaction_id: `txn-prop-${Math.random()}` });
        const captured = headers(genuine, { t: now - 5 });
        const send = async (a: Attack) => {
          const h = new Headers({ "content-type": "application/json" });
          if (a.id !== null && /^[\x21-\x7e]+$/.test(a.id)) h.set(SETTINGS.deliveryIdHeader, a.id);
          let body = genuine;
          if (a.kind === "forged") h.set(SETTINGS.signatureHeader, signatureHeader([a.key], now, genuine));
          else if (a.kind === "stale") h.set(SETTINGS.signatureHeader, signatureHeader([KEY], now - a.age, genuine));
          else if (a.kind === "future") h.set(SETTINGS.signatureHeader, signatureHeader([KEY], now + a.ahead, genuine));
          else if (a.kind === "replay") h.set(SETTINGS.signatureHeader, captured.get(SETTINGS.signatureHeader)!);
          else if (a.kind === "retry") h.set(SETTINGS.signatureHeader, signatureHeader([KEY], now - a.age, genuine));
          else if (a.kind === "tampered") {
            h.set(SETTINGS.signatureHeader, captured.get(SETTINGS.signatureHeader)!);
            body = event({ transaction_id: "tampered", note: a.note });
          } else if (a.kind === "malformed") {
            body = a.body;
            if (/^[\x20-\x7e]*$/.test(a.header)) h.set(SETTINGS.signatureHeader, a.header);
          }
          const r = await receive(h, body);
          expect(r.status).toBeLessThan(500);
          if (r.outcome === "accepted") expect(["replay", "retry"]).toContain(a.kind);
        };
        const order: Attack[] = [...attacks];
        order.splice(Math.min(at, order.length), 0, { kind: "replay", id: null });
        for (const a of order) await send(a);
        const rows = await t.database.db.select().from(webhookInbox);
        expect(rows).toHaveLength(1);
        expect(rows[0]!.payload).toEqual(JSON.parse(genuine));
      }),
      { numRuns: 30 },
    );
  });

  it("prunes the receipt log by age and by size, at most every few minutes", async () => {
    const db = t.database.db;
    const day = 86_400_000;
    const now = clockNow();
    await db.insert(webhookReceipts).values([
      ...Array.from({ length: 5 }, () => ({ at: new Date(now - 40 * day), outcome: "rejected" as const, status: 401 })),
      ...Array.from({ length: 5 }, () => ({ at: new Date(now - 2 * day), outcome: "accepted" as const, status: 200 })),
    ]);
    await pruneReceipts(db, { days: 30, maxRows: 1000 }, now);
    expect(await db.select().from(webhookReceipts)).toHaveLength(5);
    await pruneReceipts(db, { days: 30, maxRows: 3 }, now);
    expect(await db.select().from(webhookReceipts)).toHaveLength(3);
    const retention = { days: 30, maxRows: 1000 };
    const later = now + 10 * day;
    await db.insert(webhookReceipts).values({ at: new Date(now - 90 * day), outcome: "rejected", status: 401 });
    expect(await maybePruneReceipts(db, retention, later)).toBe(true);
    expect(await db.select().from(webhookReceipts)).toHaveLength(3);
    await db.insert(webhookReceipts).values({ at: new Date(now - 90 * day), outcome: "rejected", status: 401 });
    expect(await maybePruneReceipts(db, retention, later + PRUNE_EVERY_MS - 1)).toBe(false);
    expect(await db.select().from(webhookReceipts)).toHaveLength(4);
    expect(await maybePruneReceipts(db, retention, later + PRUNE_EVERY_MS)).toBe(true);
    expect(await db.select().from(webhookReceipts)).toHaveLength(3);
  });

  engineNeutral("seals signing keys at rest; retired keys verify only through the overlap window", async () => {
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
    await store.retire({ id: oldInfo.id }, -1000);
    const fresh = signingKeyStore(t.database.db, "app-secret-for-tests-0123456789abcdef");
    expect(await fresh.verifying()).toEqual([secret]);
    await store.remove(info.id);
    expect(await store.verifying()).toEqual([]);
  });
});
