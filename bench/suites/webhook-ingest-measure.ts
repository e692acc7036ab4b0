/**
 * Child process of the webhooks suite: signed doctor-joined events through the receiver's checks
 * into the inbox and on to the live hub, 20 at a time, then every one delivered again (a platform
 * retry: same body, fresh signature). Run with
 * `node --conditions=react-server --import tsx bench/suites/webhook-ingest-measure.ts [pglite|postgres] [without-feed]`;
 * `without-feed` leaves out the live hub, to show what its fan-out costs.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { signatureHeader } from "../../lib/platform/wire/webhook-signature";
import { DEFAULT_SIGNATURE_HEADER, DELIVERY_ID_HEADER } from "../../lib/platform/wire/webhook-names";
import { openDatabase, type Database } from "../../lib/server/db/connect";
import { webhookInbox, webhookReceipts } from "../../lib/server/db/schema";
import type { StoredEvent } from "../../lib/server/events/inbox-events";
import { createLiveHub } from "../../lib/server/events/live-hub";
import { receivePlatformEvent, type ReceiveOutcome } from "../../lib/server/webhooks/receiver";
import { generateSigningKey, signingKeyStore } from "../../lib/server/webhooks/signing-keys";
import { postgresTestDatabase } from "../../lib/testing/databases";
import { inTurns } from "../in-turns";

const EVENTS = 2000;
const CONCURRENCY = 20;
const PASS_DEADLINE_MS = 120_000;
const DRAIN_DEADLINE_MS = 20_000;
const settings = { signatureHeader: DEFAULT_SIGNATURE_HEADER, deliveryIdHeader: DELIVERY_ID_HEADER, toleranceSeconds: 180, maxBytes: 262144 };

export interface IngestMeasurement {
  backend: "pglite" | "postgres";
  liveFeed: boolean;
  events: number;
  seconds: number;
  eventsPerSecond: number;
  /** This process's CPU time per event in the first pass (with PGlite the database runs here too). */
  cpuMsPerEvent: number;
  accepted: number;
  duplicateAnswers: number;
  rejected: number;
  /** Calls that threw (the route would answer 503). */
  failed: number;
  stored: number;
  lost: number;
  duplicated: number;
  /** Answered "accepted" yet not in the inbox: the worst kind of loss. */
  acknowledgedNotStored: number;
  reachedLiveFeed: number;
  receiptsLogged: number;
}

// Bodies are fixed per event so the second delivery is byte-identical, as the platform's retries are.
function eventBodies(runId: string): string[] {
  const t = Math.floor(Date.now() / 1000);
  return Array.from({ length: EVENTS }, (_, i) =>
    JSON.stringify({
      service: "appointment",
      event: "appointment.tele.dr_joined",
      transaction_id: `txn-${runId}-${i}`,
      event_time: t,
      timestamp: t,
      business_id: "b1",
      client_id: "c1",
      data: { appointment_id: `apt-${i}`, doctor_id: "doc-1", patient_id: `pt-${i}`, clinic_id: "cl-1", video_connect: { host_link: "https://meet.jit.si/r#h", meet_link: "https://meet.jit.si/r", vendor: "jitsi" } },
    }),
  );
}

async function until(check: () => Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (!(await check()) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
}

async function run(database: Database, backend: IngestMeasurement["backend"], liveFeed: boolean, databaseUrl?: string): Promise<IngestMeasurement> {
  const { db } = database;
  const keys = signingKeyStore(db, "bench-app-secret-0123456789abcdefghijklmnop");
  const key = generateSigningKey();
  await keys.add(key, null);
  const hub = createLiveHub({ db, databaseUrl, log: (msg, err) => console.error(msg, err) });
  const onFeed = new Set<string>();
  hub.subscribe((e) => {
    if (e.appointmentId) onFeed.add(e.appointmentId);
  });
  // The route's dependencies: the sealed key store and the live hub's fan-out.
  const deps = { db, verifyingKeys: () => keys.verifying(), onStored: liveFeed ? (_id: number, _event: unknown, stored: StoredEvent) => hub.publish(stored) : undefined };
  const bodies = eventBodies(`${process.pid}-${Date.now().toString(36)}`);
  const answered = new Map<number, ReceiveOutcome["outcome"]>();
  const counts = { accepted: 0, duplicate: 0, rejected: 0, failed: 0 };

  const pass = (firstPass: boolean) =>
    inTurns(
      EVENTS,
      CONCURRENCY,
      async (i) => {
        const body = bodies[i]!;
        const headers = new Headers({ "content-type": "application/json", [DELIVERY_ID_HEADER]: `evt_bench_${i}`, [DEFAULT_SIGNATURE_HEADER]: signatureHeader([key], Math.floor(Date.now() / 1000), body) });
        try {
          const result = await receivePlatformEvent(headers, Buffer.from(body), settings, deps);
          counts[result.outcome]++;
          if (firstPass || result.outcome === "accepted") answered.set(i, result.outcome);
        } catch (err) {
          counts.failed++;
          if (counts.failed <= 3) console.error("receiver threw", err);
        }
      },
      Date.now() + PASS_DEADLINE_MS,
    );

  try {
    const started = performance.now();
    const cpu = process.cpuUsage();
    await pass(true);
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    await pass(false);
    const receipts = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(webhookReceipts))[0]!.n;
    // The receipt log is batched and the feed is fed asynchronously; both must drain before counting.
    await until(async () => (!liveFeed || onFeed.size >= EVENTS) && (await receipts()) >= counts.accepted + counts.duplicate + counts.rejected, DRAIN_DEADLINE_MS);
    const rows = await db.select({ txn: sql<string>`payload->>'transaction_id'`, apt: sql<string>`payload->'data'->>'appointment_id'` }).from(webhookInbox);
    const storedApts = new Set(rows.map((r) => r.apt));
    const acknowledgedNotStored = [...answered].filter(([i, outcome]) => outcome === "accepted" && !storedApts.has(`apt-${i}`)).length;
    return {
      backend,
      liveFeed,
      events: EVENTS,
      seconds,
      eventsPerSecond: Math.round(counts.accepted / seconds),
      cpuMsPerEvent: (used.user + used.system) / 1000 / EVENTS,
      accepted: counts.accepted,
      duplicateAnswers: counts.duplicate,
      rejected: counts.rejected,
      failed: counts.failed,
      stored: rows.length,
      lost: EVENTS - new Set(rows.map((r) => r.txn)).size,
      duplicated: rows.length - new Set(rows.map((r) => r.txn)).size,
      acknowledgedNotStored,
      reachedLiveFeed: onFeed.size,
      receiptsLogged: await receipts(),
    };
  } finally {
    await hub.close();
  }
}

async function main() {
  const backend = process.argv[2] === "postgres" ? "postgres" : "pglite";
  const liveFeed = process.argv[3] !== "without-feed";
  if (backend === "postgres") {
    const t = await postgresTestDatabase();
    try {
      return await run(t.database, backend, liveFeed, t.url);
    } finally {
      await t.dispose();
    }
  }
  const dir = mkdtempSync(path.join(tmpdir(), "ingest-"));
  const database = await openDatabase({ dataDir: dir });
  try {
    return await run(database, backend, liveFeed);
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main().then(
  (result) => {
    process.stdout.write(JSON.stringify(result) + "\n");
    // PGlite and pg leave timers behind; the answer is out, so leave without waiting for them.
    setTimeout(() => process.exit(0), 200);
  },
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
