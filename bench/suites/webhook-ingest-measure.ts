/**
 * Receiver ingest: signed doctor-joined events through the receiver's checks into the inbox,
 * 20 at a time, then every one sent again; counts what was stored. Run with
 * `node --conditions=react-server --import tsx bench/suites/webhook-ingest-measure.ts [pglite|postgres]`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { signatureHeader } from "../../lib/schemas/webhook-signature";
import { openDatabase, type Database } from "../../lib/server/db/connect";
import { webhookInbox } from "../../lib/server/db/schema";
import { receivePlatformEvent } from "../../lib/server/webhooks/receiver";
import { postgresTestDatabase } from "../../lib/testing/databases";

const EVENTS = 3000;
const CONCURRENCY = 20;
const KEY = "whsec_bench_key_0123456789abcdef";
const settings = { signatureHeader: "Svc-Webhook-Signature", deliveryIdHeader: "Svc-Webhook-Id", toleranceSeconds: 180, maxBytes: 262144 };

function delivery(i: number) {
  const t = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    service: "appointment",
    event: "appointment.tele.dr_joined",
    transaction_id: `txn-${i}`,
    event_time: t,
    timestamp: t,
    business_id: "b1",
    client_id: "c1",
    data: { appointment_id: `apt-${i}`, doctor_id: "doc-1", patient_id: `pt-${i}`, clinic_id: "cl-1", video_connect: { host_link: "https://meet.jit.si/r#h", meet_link: "https://meet.jit.si/r", vendor: "jitsi" } },
  });
  const headers = new Headers({ "content-type": "application/json", "Svc-Webhook-Id": `evt_bench_${i}`, "Svc-Webhook-Signature": signatureHeader([KEY], t, body) });
  return { headers, body: Buffer.from(body) };
}

async function run(database: Database) {
  const deps = { db: database.db, verifyingKeys: async () => [KEY] };
  const outcomes = { accepted: 0, duplicate: 0, rejected: 0 };
  const send = async (from: number, to: number) => {
    let next = from;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < to) {
          const d = delivery(next++);
          outcomes[(await receivePlatformEvent(d.headers, d.body, settings, deps)).outcome]++;
        }
      }),
    );
  };
  const started = performance.now();
  await send(0, EVENTS);
  const seconds = (performance.now() - started) / 1000;
  await send(0, EVENTS);
  // Let the batched receipt log finish before the database goes away.
  await new Promise((r) => setTimeout(r, 300));
  const [row] = await database.db.select({ n: sql<number>`count(*)::int`, distinct: sql<number>`count(distinct delivery_key)::int` }).from(webhookInbox);
  return { eventsPerSecond: Math.round(EVENTS / seconds), stored: row!.n, distinct: row!.distinct, sent: EVENTS * 2, ...outcomes };
}

async function main() {
  const backend = process.argv[2] === "postgres" ? "postgres" : "pglite";
  if (backend === "postgres") {
    const t = await postgresTestDatabase();
    try {
      console.log(JSON.stringify({ backend, ...(await run(t.database)) }));
    } finally {
      await t.dispose();
    }
    return;
  }
  const dir = mkdtempSync(path.join(tmpdir(), "ingest-"));
  const database = await openDatabase({ dataDir: dir });
  try {
    console.log(JSON.stringify({ backend, ...(await run(database)) }));
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main().then(
  () => setTimeout(() => process.exit(0), 200),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
