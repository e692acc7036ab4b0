/**
 * A new share reaches the clinic's staff queue stream with the row the list shows (on PostgreSQL through
 * NOTIFY), and nothing else: not another clinic's stream, not the waiting-room display, not the
 * patients' status pages (they share the hub, but listen to queue changes only).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalJWKSet } from "jose";
import { createFakeGateway, DEMO_SHARER, FAKE_GATEWAY_ISSUER, FAKE_HIP_ID, type FakeGateway } from "@/lib/abdm/fake/gateway";
import { SHARE_CALLBACK_PATH } from "@/lib/abdm/wire/share";
import { CounterShareMessage, type CounterShare } from "@/lib/schemas/abdm-shares";
import type { DisplayFeed } from "@/lib/schemas/displays";
import type { VisitStatus } from "@/lib/schemas/visit-status";
import { bothDatabases, type TestDatabase } from "@/lib/testing/databases";
import { sseFrames } from "@/lib/testing/sse-frames";
import { createPubSub, NOTIFY_MAX_BYTES, type PubSub } from "../pubsub";
import { createDisplayHub } from "../displays/display-hub";
import { displayFeedStream } from "../displays/display-stream";
import { createQueueHub, queueChangeStream, type QueueHub } from "../queue/queue-hub";
import { visitStatusStream } from "../queue/visit-status-stream";
import { receiveShare } from "./share-callback";
import { announceShare } from "./share-announce";
import { listShares } from "./shares";

const databases = await bothDatabases();
/** 27/11/2026, 10:30 in India. */
const MORNING = Date.parse("2026-11-27T10:30:00+05:30");
const PRIVATE = [DEMO_SHARER.name, DEMO_SHARER.abhaAddress, DEMO_SHARER.abhaNumber, "S-001"].filter((v): v is string => Boolean(v));

async function until(check: () => boolean, what: string) {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  if (!check()) throw new Error(`waited 2 s for ${what}`);
}

for (const d of databases) {
  describe.skipIf(!d.available)(`a new share on the queue stream, on ${d.kind}`, () => {
    let t: TestDatabase;
    let pubsub: PubSub;
    let hub: QueueHub;
    let gateway: FakeGateway;
    const stop = new AbortController();

    beforeAll(async () => {
      t = await d.open();
      pubsub = createPubSub({ db: t.database.db, databaseUrl: d.kind === "postgres" ? t.url : undefined, log: () => {} });
      hub = createQueueHub({ pubsub });
      await pubsub.ready();
      gateway = await createFakeGateway({ now: () => MORNING });
    });
    afterAll(async () => {
      stop.abort();
      await pubsub.close();
      await t.dispose();
    });

    it("the clinic's desks get the list's own row; another clinic's desks, the display and the status pages get nothing", async () => {
      const db = t.database.db;
      const desk = sseFrames(queueChangeStream(hub, { clinicId: "cl-opd", signal: stop.signal }));
      const otherClinic = sseFrames(queueChangeStream(hub, { clinicId: "cl-other", signal: stop.signal }));
      let snapshots = 0;
      const display = sseFrames(
        displayFeedStream({
          clinicId: "cl-opd",
          displayId: "display-1",
          queueHub: hub,
          displayHub: createDisplayHub(pubsub),
          snapshot: async () => (snapshots++, { clinic: "cl-opd" } as unknown as DisplayFeed),
          stillPaired: async () => true,
          signal: stop.signal,
        }),
      );
      let reads = 0;
      const status = sseFrames(
        visitStatusStream({
          clinicId: "cl-opd",
          expiresAt: new Date(MORNING + 8 * 3600_000),
          queueHub: hub,
          read: async () => (reads++, { state: "waiting", token: "A-007", nowServing: null, ahead: 3 } as unknown as VisitStatus),
          signal: stop.signal,
          now: () => MORNING,
        }),
      );
      const queueChanges: unknown[] = [];
      const off = hub.subscribe((c) => queueChanges.push(c));
      await until(() => snapshots === 1 && reads === 1, "the display's and status page's first reads");

      let announced: Promise<void> = Promise.resolve();
      const req = new Request(new URL(SHARE_CALLBACK_PATH, "http://desk.test"), {
        method: "POST",
        headers: await gateway.headers(FAKE_HIP_ID, { requestId: `req-announce-${d.kind}` }),
        body: JSON.stringify(gateway.shareRequest("1")),
      });
      const out = await receiveShare(
        { db, keys: createLocalJWKSet(gateway.jwks()), issuer: FAKE_GATEWAY_ISSUER, hipId: FAKE_HIP_ID, counters: { "1": "cl-opd" }, timeZone: "Asia/Kolkata", onShared: (s) => void (announced = announceShare(db, hub, s)) },
        req,
        null,
        MORNING,
      );
      expect(out).toMatchObject({ status: 202, created: true });
      await announced;
      await until(() => desk.events("counter-share", (x) => x).length === 1, "the desk's counter-share event");

      const [message] = desk.events("counter-share", (x) => CounterShareMessage.parse(x));
      const listed = await listShares(db, { clinicId: "cl-opd", day: "2026-11-27" }, MORNING);
      expect(message).toEqual({ clinicId: "cl-opd", day: "2026-11-27", share: listed[0] });
      expect(message!.share).toMatchObject({ name: DEMO_SHARER.name, abhaAddress: DEMO_SHARER.abhaAddress, tokenNumber: "S-001", visitToken: null, patientId: null });

      // Give a stray delivery time to arrive, then look at everything the others were sent.
      await new Promise((r) => setTimeout(r, 100));
      expect(otherClinic.seen.filter((f) => !f.startsWith(":") && !f.startsWith("retry:"))).toEqual([]);
      expect(queueChanges).toEqual([]);
      expect(snapshots).toBe(1);
      expect(reads).toBe(1);
      for (const frame of [...display.seen, ...status.seen, ...otherClinic.seen]) {
        expect(frame).not.toContain("counter-share");
        for (const secret of PRIVATE) expect(frame).not.toContain(secret);
      }
      off();
    });

    it("a row too long for one NOTIFY goes without it (the desk refetches); a short one goes whole", async () => {
      const got: CounterShareMessage[] = [];
      const off = hub.subscribeShares((m) => got.push(m));
      const row: CounterShare = {
        id: "share-long", counter: "1", tokenNumber: "S-009", name: "Long Address", gender: "F", yearOfBirth: 1990, abhaAddress: "long@sbx", abhaNumber: null, mobile: null,
        sharedAt: new Date(MORNING).toISOString(), expiresAt: new Date(MORNING + 1800_000).toISOString(), patientId: null, visitToken: null, cardPayload: "x".repeat(NOTIFY_MAX_BYTES),
      };
      await hub.publishShare({ clinicId: "cl-opd", day: "2026-11-27", share: row });
      await hub.publishShare({ clinicId: "cl-opd", day: "2026-11-27", share: { ...row, id: "share-short", cardPayload: "{}" } });
      await until(() => got.length === 2, "both announcements");
      // In one process (PGlite) nothing is encoded, so the row goes whole; through NOTIFY it cannot.
      expect(got[0]!.share?.id ?? null).toBe(d.kind === "postgres" ? null : "share-long");
      expect(got[1]!.share?.id).toBe("share-short");
      off();
    });
  });
}
