import fc from "fast-check";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest";
import { now as clockNow, setClock } from "@/lib/clock";
import { signatureHeader, standardSignatureHeader } from "@/lib/platform/wire/webhook-signature";
import { pgliteTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { webhookInbox } from "../db/schema";
import { receiptsWritten, receivePlatformEvent, type ReceiverSettings } from "./receiver";
import { generateSigningKey } from "./signing-keys";

const PLATFORM: ReceiverSettings = { scheme: "platform", signatureHeader: "Svc-Webhook-Signature", deliveryIdHeader: "Svc-Webhook-Id", toleranceSeconds: 180, maxBytes: 8192 };
const STANDARD: ReceiverSettings = { scheme: "standard", signatureHeader: "webhook-signature", deliveryIdHeader: "webhook-id", timestampHeader: "webhook-timestamp", toleranceSeconds: 180, maxBytes: 8192 };

const event = (txn: string) =>
  JSON.stringify({ service: "appointment", event: "appointment.created", transaction_id: txn, event_time: 1_763_900_000, timestamp: 1_763_900_000, business_id: "b1", client_id: "c1", data: { appointment_id: txn } });

describe("Standard Webhooks signature", () => {
  it("matches the published test vector (svix / standardwebhooks.com)", () => {
    const header = standardSignatureHeader(["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"], "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}');
    expect(header).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("a key generated for the standard scheme is whsec_ + standard base64 of 32 bytes", () => {
    const key = generateSigningKey("standard");
    expect(key).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(key.slice(6), "base64")).toHaveLength(32);
  });
});

describe.each([
  ["platform (t=…,v1=<hex>)", PLATFORM],
  ["Standard Webhooks", STANDARD],
] as const)("receiver with the %s scheme", (_name, settings) => {
  let t: TestDatabase;
  const scheme = settings.scheme ?? "platform";
  const KEY = generateSigningKey(scheme);
  beforeAll(async () => {
    t = await pgliteTestDatabase();
  }, 60_000);
  afterAll(async () => {
    if (t) await receiptsWritten(t.database.db);
    await t?.dispose();
  });
  beforeEach(() => {
    const pinned = Date.now();
    setClock(() => pinned);
    onTestFinished(() => setClock(null));
  });

  /** Headers signed in one scheme or the other, whatever the receiver expects. */
  function signed(scheme: "platform" | "standard", key: string, id: string, ts: number, body: string) {
    const h = new Headers({ "content-type": "application/json" });
    if (scheme === "standard") {
      h.set("webhook-id", id);
      h.set("webhook-timestamp", String(ts));
      h.set("webhook-signature", standardSignatureHeader([key], id, ts, body));
      // A receiver configured with custom header names reads those; the defaults are tested here.
      if (settings.scheme === "platform") h.set(settings.signatureHeader, standardSignatureHeader([key], id, ts, body));
    } else {
      h.set(PLATFORM.deliveryIdHeader, id);
      h.set(PLATFORM.signatureHeader, signatureHeader([key], ts, body));
      if (settings.scheme === "standard") {
        h.set("webhook-id", id);
        h.set("webhook-timestamp", String(ts));
        h.set(settings.signatureHeader, signatureHeader([key], ts, body));
      }
    }
    return h;
  }
  const receive = (h: Headers, body: string) => receivePlatformEvent(h, Buffer.from(body), settings, { db: t.database.db, verifyingKeys: async () => [KEY] });

  it("property: a genuine delivery is stored once; any change to key, id, timestamp, body or scheme is refused (fail closed)", async () => {
    const now = Math.floor(clockNow() / 1000);
    const change = fc.constantFrom("key", "id", "timestamp", "body", "stale", "scheme", "none");
    let deliveries = 0;
    await fc.assert(
      fc.asyncProperty(fc.stringMatching(/^[A-Za-z0-9_-]{8,40}$/), fc.integer({ min: 0, max: 170 }), change, async (drawn, age, what) => {
        // Each case is a delivery of its own: fast-check may draw the same id twice (and replays cases
        // while shrinking), and a delivery id seen before is rightly a duplicate, not what this property asks.
        const id = `${drawn}-${++deliveries}`;
        const txn = `txn-${Math.random()}`;
        const body = event(txn);
        const ts = now - age;
        const h = signed(scheme, KEY, id, ts, body);
        let sent = body;
        if (what === "key") h.set(settings.signatureHeader, settings.scheme === "standard" ? standardSignatureHeader([generateSigningKey("standard")], id, ts, body) : signatureHeader([generateSigningKey()], ts, body));
        if (what === "id" && settings.scheme === "standard") h.set("webhook-id", `${id}x`);
        if (what === "timestamp" && settings.scheme === "standard") h.set("webhook-timestamp", String(ts - 1));
        if (what === "timestamp" && settings.scheme === "platform") h.set(settings.signatureHeader, signatureHeader([KEY], ts, body).replace(`t=${ts}`, `t=${ts - 1}`));
        if (what === "body") sent = event(`${txn}-tampered`);
        if (what === "stale") {
          const old = now - 181 - age;
          const again = signed(scheme, KEY, id, old, body);
          again.forEach((v, k) => h.set(k, v));
        }
        if (what === "scheme") {
          const other = signed(settings.scheme === "standard" ? "platform" : "standard", KEY, id, ts, body);
          other.forEach((v, k) => h.set(k, v));
        }
        const r = await receive(h, sent);
        const changesSignedData = what !== "none" && !(what === "id" && settings.scheme === "platform");
        if (changesSignedData) {
          expect(r).toMatchObject({ status: 401, outcome: "rejected" });
        } else {
          expect(r.outcome).toBe("accepted");
          const rows = (await t.database.db.select().from(webhookInbox)).filter((row) => (row.payload as { transaction_id: string }).transaction_id === txn);
          expect(rows).toHaveLength(1);
          expect(rows[0]!.verification).toBe("signed");
          // The same delivery again is a duplicate, not a second event.
          expect((await receive(h, sent)).outcome).toBe("duplicate");
        }
      }),
      { numRuns: 60 },
    );
  }, 120_000);
});
