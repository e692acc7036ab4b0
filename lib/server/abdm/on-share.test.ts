import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createLocalJWKSet } from "jose";
import { eq } from "drizzle-orm";
import { createFakeGateway, DEMO_SHARER, FAKE_GATEWAY_ISSUER, FAKE_HIP_ID, type FakeGateway } from "@/lib/abdm/fake/gateway";
import type { AbdmGateway } from "@/lib/abdm/client/gateway";
import { SHARE_CALLBACK_PATH, type OnShareRequest } from "@/lib/abdm/wire/share";
import * as clock from "@/lib/clock";
import { bothDatabases, type TestDatabase } from "@/lib/testing/databases";
import type { Db } from "../db/connect";
import { abdmShareRequests, abdmShares, deskOutbox } from "../db/schema";
import { drainDeskOutbox } from "../desk-outbox";
import { useGatewayForTests } from "./gateway";
import { ON_SHARE_BACKOFF_MS } from "./on-share";
import { cleanUpShares } from "./share-cleanup";
import { receiveShare, type ShareDesk } from "./share-callback";
import { listShares } from "./shares";

const databases = await bothDatabases();
/** 27/11/2026, 09:00 in India. */
const START = Date.parse("2026-11-27T09:00:00+05:30");

/** A gateway whose on-share answers are scripted: a status, or "timeout" (no answer). */
function scriptedGateway(script: (number | "timeout")[]) {
  const calls: { requestId: string; at: number; ack: OnShareRequest }[] = [];
  let forgotten = 0;
  const gw = {
    async onShare(ack: OnShareRequest, requestId: string, now: number) {
      calls.push({ requestId, at: now, ack });
      const next = script.shift() ?? 202;
      if (next === "timeout") throw new Error("The operation was aborted due to timeout");
      return { status: next, body: next >= 400 ? '{"error":{"code":"ABDM-9999","message":"x"}}' : "" };
    },
    forgetSession: () => void forgotten++,
  } as unknown as AbdmGateway;
  return { gw, calls, forgotten: () => forgotten };
}

for (const d of databases) {
  describe.skipIf(!d.available)(`the on-share owed to the gateway, through the desk outbox, on ${d.kind}`, () => {
    let t: TestDatabase;
    let db: Db;
    let fake: FakeGateway;
    let desk: ShareDesk;
    let now = START;

    beforeAll(async () => {
      t = await d.open();
      db = t.database.db;
      fake = await createFakeGateway({ now: () => now });
      desk = { db, keys: createLocalJWKSet(fake.jwks()), issuer: FAKE_GATEWAY_ISSUER, hipId: FAKE_HIP_ID, counters: { "*": "cl-opd" }, timeZone: "Asia/Kolkata" };
      clock.setClock(() => now);
    });
    afterEach(() => useGatewayForTests(undefined));
    afterAll(async () => {
      clock.setClock(null);
      await t.dispose();
    });

    const share = async (requestId: string, abhaAddress: string) => {
      const req = new Request(new URL(SHARE_CALLBACK_PATH, "http://desk.test"), {
        method: "POST",
        headers: await fake.headers(FAKE_HIP_ID, { requestId }),
        body: JSON.stringify(fake.shareRequest("1", { ...DEMO_SHARER, abhaAddress })),
      });
      return receiveShare(desk, req, null, now);
    };
    const shareRow = async (address: string) => (await db.select().from(abdmShares).where(eq(abdmShares.abhaAddress, address)))[0]!;
    const pending = async () => db.select().from(deskOutbox).where(eq(deskOutbox.kind, "abdm.on-share"));

    it("is queued with the share, before any send (a crash after the answer still owes it); no answer, then a 503, then 202: sent, every try under one REQUEST-ID, backing off", async () => {
      now = START;
      const g = scriptedGateway(["timeout", 503, 202]);
      useGatewayForTests(g.gw);
      const out = await share("req-retry-1", "retry.one@sbx");
      const queued = (await pending()).filter((r) => !r.doneAt);
      expect(queued).toHaveLength(1);
      expect(queued[0]!.payload).toMatchObject({ kind: "abdm.on-share", ack: out.acknowledgement });

      await drainDeskOutbox(db);
      expect(g.calls).toHaveLength(1);
      expect((await shareRow("retry.one@sbx")).onShareError).toMatch(/^no answer/);
      // Not yet due: the drain leaves it alone.
      now = START + ON_SHARE_BACKOFF_MS[0]! - 1;
      await drainDeskOutbox(db);
      expect(g.calls).toHaveLength(1);
      now = START + ON_SHARE_BACKOFF_MS[0]!;
      await drainDeskOutbox(db);
      expect(g.calls).toHaveLength(2);
      now += ON_SHARE_BACKOFF_MS[1]! - 1;
      expect(await drainDeskOutbox(db)).toBe(1);
      expect(g.calls).toHaveLength(2);
      now += 1;
      expect(await drainDeskOutbox(db)).toBe(0);
      expect(g.calls).toHaveLength(3);
      expect(new Set(g.calls.map((c) => c.requestId)).size).toBe(1);
      expect(g.calls.every((c) => c.ack.response.requestId === "req-retry-1")).toBe(true);
      expect(await shareRow("retry.one@sbx")).toMatchObject({ onShareState: "sent", onShareAttempts: 3, onShareError: null });
      expect((await pending()).every((r) => r.doneAt)).toBe(true);
    });

    it("an unknown outcome answered 409 (the gateway already has that REQUEST-ID) is settled as sent; a 401 renews the session first", async () => {
      now = START + 60_000;
      const g = scriptedGateway([401, 409]);
      useGatewayForTests(g.gw);
      await share("req-409-1", "conflict.one@sbx");
      await drainDeskOutbox(db);
      expect(g.forgotten()).toBe(1);
      now += ON_SHARE_BACKOFF_MS[0]!;
      await drainDeskOutbox(db);
      expect(await shareRow("conflict.one@sbx")).toMatchObject({ onShareState: "sent", onShareAttempts: 2 });
    });

    it("a refused call (replayed, unsigned or stale) owes no on-share: nothing is queued for it", async () => {
      now = START + 90_000;
      useGatewayForTests(scriptedGateway([]).gw);
      await share("req-once-1", "once.one@sbx");
      const before = (await pending()).length;
      await expect(share("req-once-1", "once.one@sbx")).rejects.toMatchObject({ status: 409 });
      const unsigned = new Request(new URL(SHARE_CALLBACK_PATH, "http://desk.test"), { method: "POST", headers: await fake.headers(FAKE_HIP_ID, { requestId: "req-unsigned-1", authorization: null }), body: JSON.stringify(fake.shareRequest("1")) });
      await expect(receiveShare(desk, unsigned, null, now)).rejects.toMatchObject({ status: 401 });
      const stale = new Request(new URL(SHARE_CALLBACK_PATH, "http://desk.test"), { method: "POST", headers: await fake.headers(FAKE_HIP_ID, { requestId: "req-stale-9", timestamp: new Date(now - 6 * 60_000).toISOString() }), body: JSON.stringify(fake.shareRequest("1")) });
      await expect(receiveShare(desk, stale, null, now)).rejects.toMatchObject({ status: 400 });
      expect((await pending()).length).toBe(before);
      expect(await drainDeskOutbox(db)).toBe(0);
    });

    it("a refusal (400) is final: recorded, never sent again", async () => {
      now = START + 2 * 60_000;
      const g = scriptedGateway([400]);
      useGatewayForTests(g.gw);
      await share("req-400-1", "refused.one@sbx");
      await drainDeskOutbox(db);
      now += 10 * 60_000;
      await drainDeskOutbox(db);
      expect(g.calls).toHaveLength(1);
      expect(await shareRow("refused.one@sbx")).toMatchObject({ onShareState: "refused", onShareError: expect.stringMatching(/^400 /) });
    });

    it("a gateway that never answers is given up once the share's 30 minutes are over", async () => {
      now = START + 3 * 60_000;
      const g = scriptedGateway(Array.from({ length: 50 }, () => 503 as const));
      useGatewayForTests(g.gw);
      await share("req-down-1", "down.one@sbx");
      for (let i = 0; i < 40 && (await shareRow("down.one@sbx")).onShareState === "pending"; i++) {
        await drainDeskOutbox(db);
        now += 60_000;
      }
      const row = await shareRow("down.one@sbx");
      expect(row.onShareState).toBe("expired");
      // Backed off: far fewer tries than one per drain (every 5 s for 30 minutes would be 360).
      expect(g.calls.length).toBeLessThanOrEqual(12);
      expect(g.calls.every((c) => c.at < row.expiresAt.getTime())).toBe(true);
    });

    it("clean-up: an unhandled share past its 30 minutes is marked expired and leaves the list, is kept for the retention days, then deleted; old REQUEST-IDs are pruned", async () => {
      useGatewayForTests(scriptedGateway([]).gw);
      now = Date.parse("2026-11-28T09:00:00+05:30");
      await share("req-clean-1", "clean.one@sbx");
      expect((await listShares(db, { clinicId: "cl-opd", day: "2026-11-28" }, now)).map((s) => s.abhaAddress)).toEqual(["clean.one@sbx"]);
      await cleanUpShares(db, 30, now + 29 * 60_000);
      expect((await shareRow("clean.one@sbx")).expiredAt).toBeNull();
      now += 31 * 60_000;
      const first = await cleanUpShares(db, 30, now);
      expect(first.expired).toBeGreaterThanOrEqual(1);
      const row = await shareRow("clean.one@sbx");
      expect(row.expiredAt?.getTime()).toBe(now);
      // Off the list even on a clock that would still call it valid (the mark decides).
      expect(await listShares(db, { clinicId: "cl-opd", day: "2026-11-28" }, now - 10 * 60_000)).toEqual([]);
      // Its REQUEST-ID is kept for an hour (a replay is refused as stale after five minutes anyway), then pruned.
      expect(await db.select().from(abdmShareRequests).where(eq(abdmShareRequests.requestId, "req-clean-1"))).toHaveLength(1);
      await cleanUpShares(db, 30, now + 31 * 60_000);
      expect(await db.select().from(abdmShareRequests).where(eq(abdmShareRequests.requestId, "req-clean-1"))).toEqual([]);
      // Kept for the retention period, then gone.
      expect((await cleanUpShares(db, 30, now + 29 * 24 * 3600_000)).deleted).toBe(0);
      expect(await shareRow("clean.one@sbx")).toBeDefined();
      expect((await cleanUpShares(db, 30, now + 31 * 24 * 3600_000)).deleted).toBeGreaterThanOrEqual(1);
      expect(await db.select().from(abdmShares).where(eq(abdmShares.abhaAddress, "clean.one@sbx"))).toEqual([]);
    });
  });
}
