/**
 * Webhook issue targets: receiver ingest (in-process and over HTTP against the production build,
 * on PGlite and PostgreSQL) and 200 live-feed SSE connections held for a minute by one instance.
 */
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { signatureHeader } from "../../lib/platform/wire/webhook-signature";
import { DEFAULT_SIGNATURE_HEADER, DELIVERY_ID_HEADER, DOCTOR_JOINED } from "../../lib/platform/wire/webhook-names";
import { POSTGRES_ADMIN_URL, postgresAvailable, SKIP_POSTGRES_MESSAGE } from "../../lib/testing/databases";
import { freePort } from "../../scripts/free-port";
import { cpuMs, procStatus, signIn, startApp, type RunningApp } from "../harness";
import { inTurns } from "../in-turns";
import type { SuiteResult } from "../report";
import type { IngestMeasurement } from "./webhook-ingest-measure";

const TARGET_RATE = 500;
const HTTP_EVENTS = 2000;
const HTTP_CONCURRENCY = 20;
const HTTP_PASS_DEADLINE_MS = 180_000;
const REQUEST_TIMEOUT_MS = 10_000;
const FEEDS = 200;
const HOLD_MS = 60_000;
const EMIT_EVERY_MS = 2_000;
const CONNECT_DEADLINE_MS = 30_000;
const CATCH_UP_MS = 15_000;
const HEARTBEAT_MS = 15_000; // lib/server/events/sse.ts, HEARTBEAT_MS
const MB = 1024 * 1024;

type Backend = "pglite" | "postgres";
const label = (b: Backend) => (b === "pglite" ? "PGlite" : "PostgreSQL");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => (bytes / MB).toFixed(1);
export const percentile = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN);
const resetPeak = (pid: number) => writeFileSync(`/proc/${pid}/clear_refs`, "5");

interface HttpIngest {
  backend: Backend;
  eventsPerSecond: number;
  seconds: number;
  accepted: number;
  duplicateAnswers: number;
  refused: number;
  failed: number;
  stored: number;
  lost: number;
  duplicated: number;
  acknowledgedNotStored: number;
  reachedFeed: number;
  p50: number;
  p95: number;
  serverCpuMsPerEvent: number;
  clientCpuMsPerEvent: number;
}

interface Baseline {
  perSecond: number;
  serverCpuMsPerRequest: number;
}

interface LiveFeedResult {
  connected: number;
  connectionErrors: number;
  prematureCloses: number;
  emitted: number;
  emitFailures: number;
  complete: number;
  framesMissing: number;
  framesDuplicated: number;
  minHeartbeats: number;
  heldSeconds: number;
  latencyP50: number;
  latencyP95: number;
  rssBefore: number;
  rssHeld: number;
  rssPeak: number;
  rssAfter: number;
  firstErrors: string[];
}

function inProcess(backend: Backend, liveFeed: boolean): IngestMeasurement {
  // The measuring child loads server-only modules, which need the react-server condition.
  const args = ["--conditions=react-server", "--import", "tsx", "bench/suites/webhook-ingest-measure.ts", backend, ...(liveFeed ? [] : ["without-feed"])];
  const run = spawnSync(process.execPath, args, { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 1 << 20, timeout: 600_000 });
  if (run.status !== 0) throw new Error(`webhook ingest measurement on ${backend} failed (${run.signal ?? run.status})`);
  return JSON.parse(run.stdout.trim().split("\n").at(-1)!) as IngestMeasurement;
}

/** One POST over a keep-alive agent; never rejects, never waits longer than the timeout. */
export function post(url: string, agent: http.Agent, headers: Record<string, string>, body: string): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = http.request(url, { method: "POST", agent, headers: { ...headers, "content-length": String(Buffer.byteLength(body)) } }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      res.on("error", (err) => resolve({ error: err.message }));
      res.on("close", () => resolve({ error: "the connection closed before the answer ended" }));
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    req.on("error", (err) => resolve({ error: err.message }));
    req.end(body);
  });
}

async function getJson<T>(url: string, cookie: string): Promise<T> {
  const res = await fetch(url, { headers: { cookie }, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
  if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return (await res.json()) as T;
}

/** Registers the app's receiver with the sandbox platform through the admin BFF; the answer is the only sight of the key. */
export async function registerReceiver(app: Pick<RunningApp, "appUrl">): Promise<string> {
  const admin = await signIn(app.appUrl, "admin@demo.clinic", "sandbox-admin");
  const res = await fetch(`${app.appUrl}/api/settings/webhooks`, {
    method: "POST",
    headers: { cookie: admin, origin: app.appUrl, "content-type": "application/json" },
    body: JSON.stringify({ endpoint: `${app.appUrl}/api/webhooks/platform`, eventNames: [DOCTOR_JOINED], protocol: "http" }),
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  if (res.status !== 201) throw new Error(`registering the receiver answered ${res.status}: ${(await res.text()).slice(0, 300)}`);
  return ((await res.json()) as { signingKey: string }).signingKey;
}

export interface Feed {
  status?: number;
  /** The instance that holds the stream (its x-instance header, under `npm run cluster`). */
  instance?: string;
  connected: boolean;
  error?: string;
  closedEarly: boolean;
  heartbeats: number;
  got: Map<string, number>;
  duplicates: number;
  openedAt: number;
  req: http.ClientRequest;
}

/** One live-feed connection, as a browser's EventSource holds it; frames are parsed as they come. */
export function openFeed(app: Pick<RunningApp, "appUrl">, cookie: string, prefix: string, onEvent: (id: string, at: number) => void, closing: () => boolean): Feed {
  const req = http.get(`${app.appUrl}/api/events/stream`, { agent: false, headers: { cookie, accept: "text/event-stream" } });
  const feed: Feed = { connected: false, closedEarly: false, heartbeats: 0, got: new Map(), duplicates: 0, openedAt: performance.now(), req };
  const fail = (why: string) => {
    if (!closing() && !feed.error) feed.error = why;
  };
  req.on("error", (err) => fail(err.message));
  req.on("response", (res) => {
    feed.status = res.statusCode;
    feed.instance = res.headers["x-instance"] as string | undefined;
    if (res.statusCode !== 200) {
      fail(`HTTP ${res.statusCode}`);
      res.resume();
      return;
    }
    let buffer = "";
    res.setEncoding("utf8");
    res.on("data", (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        const frame = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        for (const line of frame.split("\n")) {
          if (line.startsWith(": connected")) feed.connected = true;
          else if (line.startsWith(": heartbeat")) feed.heartbeats++;
          else if (line.startsWith("data: ")) {
            let id: string | null = null;
            try {
              id = (JSON.parse(line.slice(6)) as { appointmentId: string | null }).appointmentId;
            } catch {
              fail("a data line that is not JSON");
            }
            if (!id?.startsWith(prefix)) continue;
            if (feed.got.has(id)) feed.duplicates++;
            else feed.got.set(id, performance.now());
            onEvent(id, performance.now());
          }
        }
      }
    });
    res.on("error", (err) => fail(err.message));
    res.on("close", () => {
      if (!closing()) feed.closedEarly = true;
    });
  });
  return feed;
}

export async function waitUntil(check: () => boolean, ms: number) {
  const end = Date.now() + ms;
  while (!check() && Date.now() < end) await sleep(100);
  return check();
}

/** A doctor-joined delivery for one appointment id, shaped as the platform sends it. */
export function deliveryBody(appointmentId: string, eventTime: number): string {
  return JSON.stringify({
    service: "appointment",
    event: DOCTOR_JOINED,
    transaction_id: `txn-${appointmentId}`,
    event_time: eventTime,
    timestamp: eventTime,
    business_id: "bench-business",
    client_id: "front-desk-sandbox",
    data: { appointment_id: appointmentId, doctor_id: "doc-bench", patient_id: `pt-${appointmentId}`, clinic_id: "cl-bench", video_connect: { host_link: "https://meet.jit.si/r#h", meet_link: "https://meet.jit.si/r", vendor: "jitsi" } },
  });
}

/** The headers of a delivery signed now with the issued key, as the platform signs it. */
export function signedHeaders(key: string, deliveryId: string, text: string): Record<string, string> {
  return { "content-type": "application/json", [DELIVERY_ID_HEADER]: deliveryId, [DEFAULT_SIGNATURE_HEADER]: signatureHeader([key], Math.floor(Date.now() / 1000), text) };
}

/** Signed deliveries straight to the real route, 20 at a time, then all again; counted through the app's own history API. */
async function httpIngest(app: RunningApp, backend: Backend, key: string, doctor: string): Promise<HttpIngest> {
  const runId = randomUUID().slice(0, 8);
  const prefix = `ingest-${runId}-`;
  const url = `${app.appUrl}/api/webhooks/platform`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: HTTP_CONCURRENCY });
  const t0 = Math.floor(Date.now() / 1000);
  // Fixed bodies make the second pass byte-identical retries, as the platform sends them.
  const body = (i: number, p: string) => deliveryBody(`${p}${i}`, t0);
  const send = (text: string, deliveryId: string) => post(url, agent, signedHeaders(key, deliveryId, text), text);

  // A desk with the live page open: the fan-out to it is part of every stored event's cost.
  let closing = false;
  const feed = openFeed(app, doctor, prefix, () => {}, () => closing);
  try {
    if (!(await waitUntil(() => feed.connected, CONNECT_DEADLINE_MS))) throw new Error(`the live feed did not connect (${feed.error ?? "no answer"})`);
    const probe = await send(body(0, `probe-${runId}-`), `evt_probe_${runId}`);
    // A refused probe means the key or the headers are wrong: measuring on would only count refusals.
    if ("error" in probe || probe.status !== 200) throw new Error(`the receiver refused a signed event: ${"error" in probe ? probe.error : `${probe.status} ${probe.body.slice(0, 300)}`}`);

    /** Every event of a run once (or again, as retries), 20 at a time; `onAnswer` sees each answer. */
    const deliver = (run: string, onAnswer: (i: number, res: Awaited<ReturnType<typeof send>>, ms: number) => void) =>
      inTurns(
        HTTP_EVENTS,
        HTTP_CONCURRENCY,
        async (i) => {
          const started = performance.now();
          const res = await send(body(i, `${run}-`), `evt_${run}_${i}`);
          onAnswer(i, res, performance.now() - started);
        },
        Date.now() + HTTP_PASS_DEADLINE_MS,
      );
    // The same deliveries and retries untimed first, under another run id: a server in production has been answering for a while.
    for (let round = 0; round < 2; round++) await deliver(`warmup-${runId}`, () => {});

    const answered = new Map<number, string>();
    const counts = { accepted: 0, duplicate: 0, refused: 0, failed: 0 };
    const latencies: number[] = [];
    const pass = (first: boolean) =>
      deliver(`ingest-${runId}`, (i, res, ms) => {
        if (first) latencies.push(ms);
        if ("error" in res) counts.failed++;
        else if (res.status !== 200) counts.refused++;
        else {
          const outcome = (JSON.parse(res.body) as { status: "accepted" | "duplicate" }).status;
          counts[outcome]++;
          if (first || outcome === "accepted") answered.set(i, outcome);
        }
      });
    const pid = app.serverPid;
    const serverCpu = cpuMs(pid);
    const clientCpu = process.cpuUsage();
    const started = performance.now();
    await pass(true);
    const seconds = (performance.now() - started) / 1000;
    const acceptedFirst = counts.accepted;
    const serverCpuMsPerEvent = (cpuMs(pid) - serverCpu) / HTTP_EVENTS;
    const clientUsed = process.cpuUsage(clientCpu);
    await pass(false);
    await waitUntil(() => feed.got.size >= counts.accepted, CATCH_UP_MS);

    // Newest first, 200 a page: walk back past every event of this run.
    const stored: string[] = [];
    let before: number | undefined;
    for (let page = 0; page < Math.ceil((HTTP_EVENTS * 2) / 200) + 5; page++) {
      const { events } = await getJson<{ events: { id: number; appointmentId: string | null }[] }>(`${app.appUrl}/api/events?limit=200${before ? `&before=${before}` : ""}`, doctor);
      if (!events.length) break;
      stored.push(...events.map((e) => e.appointmentId ?? "").filter((id) => id.startsWith(prefix)));
      before = events.at(-1)!.id;
    }
    const distinct = new Set(stored);
    latencies.sort((a, b) => a - b);
    return {
      backend,
      eventsPerSecond: Math.round(acceptedFirst / seconds),
      seconds,
      accepted: counts.accepted,
      duplicateAnswers: counts.duplicate,
      refused: counts.refused,
      failed: counts.failed,
      stored: stored.length,
      lost: HTTP_EVENTS - distinct.size,
      duplicated: stored.length - distinct.size,
      acknowledgedNotStored: [...answered].filter(([i, o]) => o === "accepted" && !distinct.has(`${prefix}${i}`)).length,
      reachedFeed: feed.got.size,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
      serverCpuMsPerEvent,
      clientCpuMsPerEvent: (clientUsed.user + clientUsed.system) / 1000 / HTTP_EVENTS,
    };
  } finally {
    closing = true;
    feed.req.destroy();
    agent.destroy();
  }
}

/** The framework's floor: the no-op /api/ping route at the same concurrency, and what the server spends on it. */
async function pingBaseline(app: RunningApp): Promise<Baseline> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: HTTP_CONCURRENCY });
  const get = () =>
    new Promise<void>((resolve) => {
      const req = http.get(`${app.appUrl}/api/ping`, { agent }, (res) => res.resume().on("close", () => resolve()));
      req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy());
      req.on("error", () => resolve());
    });
  try {
    // Untimed first, as the ingest: the same number of requests at the same concurrency.
    const many = () => inTurns(HTTP_EVENTS, HTTP_CONCURRENCY, get);
    await many();
    const pid = app.serverPid;
    const cpu = cpuMs(pid);
    const started = performance.now();
    await many();
    return { perSecond: Math.round(HTTP_EVENTS / ((performance.now() - started) / 1000)), serverCpuMsPerRequest: (cpuMs(pid) - cpu) / HTTP_EVENTS };
  } finally {
    agent.destroy();
  }
}

/** 200 live feeds on one cookie for a minute while the sandbox raises an event every 2 s through the signed webhook. */
async function liveFeeds(app: RunningApp, doctor: string): Promise<LiveFeedResult> {
  const pid = app.serverPid;
  await sleep(2000);
  const rssBefore = procStatus(pid, "VmRSS");
  resetPeak(pid);
  const prefix = `live-${randomUUID().slice(0, 8)}-`;
  const emittedAt = new Map<string, number>();
  const latencies: number[] = [];
  let closing = false;
  const feeds = Array.from({ length: FEEDS }, () =>
    openFeed(
      app,
      doctor,
      prefix,
      (id, at) => {
        const sent = emittedAt.get(id);
        if (sent !== undefined) latencies.push(at - sent);
      },
      () => closing,
    ),
  );
  try {
    await waitUntil(() => feeds.every((f) => f.connected || f.error || f.closedEarly), CONNECT_DEADLINE_MS);
    const holdStart = performance.now();
    let emitFailures = 0;
    for (let n = 0; performance.now() - holdStart < HOLD_MS - EMIT_EVERY_MS / 2; n++) {
      const id = `${prefix}${n}`;
      const at = performance.now();
      const res = await fetch(`${app.sandboxUrl}/__sandbox/events`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ event: DOCTOR_JOINED, data: { appointment_id: id } }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      }).catch(() => undefined);
      const answer = res?.status === 202 ? ((await res.json()) as { deliveries: unknown[] }) : undefined;
      if (answer?.deliveries.length) emittedAt.set(id, at);
      else emitFailures++;
      await sleep(Math.max(0, holdStart + (n + 1) * EMIT_EVERY_MS - performance.now()));
    }
    await sleep(Math.max(0, holdStart + HOLD_MS - performance.now()));
    const open = () => feeds.filter((f) => f.connected && !f.error && !f.closedEarly);
    // The last event may still be on its way; give it a bounded moment to reach every open feed.
    await waitUntil(() => open().every((f) => f.got.size >= emittedAt.size), CATCH_UP_MS);
    const rssHeld = procStatus(pid, "VmRSS");
    const rssPeak = procStatus(pid, "VmHWM");
    const heldSeconds = Math.min(...open().map((f) => performance.now() - f.openedAt)) / 1000;
    const missing = feeds.reduce((n, f) => n + [...emittedAt.keys()].filter((id) => !f.got.has(id)).length, 0);
    const result = {
      connected: feeds.filter((f) => f.connected).length,
      connectionErrors: feeds.filter((f) => f.error || !f.connected).length,
      prematureCloses: feeds.filter((f) => f.closedEarly).length,
      emitted: emittedAt.size,
      emitFailures,
      complete: feeds.filter((f) => f.connected && [...emittedAt.keys()].every((id) => f.got.has(id))).length,
      framesMissing: missing,
      framesDuplicated: feeds.reduce((n, f) => n + f.duplicates, 0),
      minHeartbeats: Math.min(...feeds.map((f) => f.heartbeats)),
      heldSeconds: Number.isFinite(heldSeconds) ? heldSeconds : 0,
      latencyP50: 0,
      latencyP95: 0,
      rssBefore,
      rssHeld,
      rssPeak,
      rssAfter: 0,
      firstErrors: [...new Set(feeds.map((f) => f.error).filter((e): e is string => !!e))].slice(0, 3),
    };
    latencies.sort((a, b) => a - b);
    result.latencyP50 = percentile(latencies, 50);
    result.latencyP95 = percentile(latencies, 95);
    closing = true;
    for (const f of feeds) f.req.destroy();
    await sleep(3000);
    result.rssAfter = procStatus(pid, "VmRSS");
    return result;
  } finally {
    closing = true;
    for (const f of feeds) f.req.destroy();
  }
}

async function withPostgresDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const name = `clinic_bench_webhooks_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 5000 });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
    try {
      return await run(`postgres://postgres@127.0.0.1:5432/${name}`);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

const ingestVerdict = (m: { eventsPerSecond: number; lost: number; duplicated: number }) => m.eventsPerSecond >= TARGET_RATE && m.lost === 0 && m.duplicated === 0;
const ingestValue = (m: { eventsPerSecond: number; lost: number; duplicated: number }) => `${m.eventsPerSecond} events/s, ${m.lost} lost, ${m.duplicated} duplicated`;

export async function webhookBench(): Promise<SuiteResult> {
  const pgUp = await postgresAvailable();
  if (!pgUp) console.warn(SKIP_POSTGRES_MESSAGE);
  const backends: Backend[] = pgUp ? ["pglite", "postgres"] : ["pglite"];
  const rows: string[][] = [];
  const targets: SuiteResult["targets"] = [];
  const load = os.loadavg()[0]!.toFixed(1);

  for (const backend of backends) {
    const m = inProcess(backend, true);
    const bare = inProcess(backend, false);
    rows.push([
      "ingest, receiver called in-process (no HTTP)",
      label(backend),
      `${m.eventsPerSecond} events/s`,
      `${m.cpuMsPerEvent.toFixed(2)} ms CPU per event${backend === "pglite" ? " (database included)" : " (app side only)"}; ${m.events} events 20 at a time, then all again: ${m.accepted} accepted + ${m.duplicateAnswers} answered duplicate, ${m.rejected} refused, ${m.failed} failed; ${m.stored} stored, ${m.lost} lost, ${m.duplicated} duplicated, ${m.acknowledgedNotStored} acknowledged but not stored; ${m.reachedLiveFeed} reached the live hub; ${m.receiptsLogged} receipts logged`,
    ]);
    rows.push([
      "ingest in-process without the live hub's fan-out (for comparison)",
      label(backend),
      `${bare.eventsPerSecond} events/s`,
      `${bare.cpuMsPerEvent.toFixed(2)} ms CPU per event; ${bare.stored} stored, ${bare.lost} lost, ${bare.duplicated} duplicated`,
    ]);
    targets.push({ name: `receiver ingest ≥ ${TARGET_RATE} events/s stored, none lost or duplicated (in-process, ${label(backend)})`, value: ingestValue(m), met: ingestVerdict(m) });
  }
  if (!pgUp) rows.push(["ingest, all kinds", "PostgreSQL", "skipped", SKIP_POSTGRES_MESSAGE]);

  const httpResults: HttpIngest[] = [];
  let live: LiveFeedResult | undefined;
  let baseline: Baseline | undefined;
  // The bench holds FEEDS streams on one doctor's cookie, beyond the per-staff cap a desk gets.
  const appPort = await freePort();
  const app = await startApp({ appPort, extraEnv: { APP_URL: `http://127.0.0.1:${appPort}`, LIVE_STREAMS_PER_STAFF: String(FEEDS + 10) } });
  try {
    const key = await registerReceiver(app);
    const doctor = await signIn(app.appUrl, "doctor@demo.clinic", "sandbox-doctor");
    baseline = await pingBaseline(app);
    httpResults.push(await httpIngest(app, "pglite", key, doctor));
    live = await liveFeeds(app, doctor);
  } finally {
    await app.stop();
  }
  if (pgUp) {
    await withPostgresDatabase(async (databaseUrl) => {
      const pgAppPort = await freePort();
      const pgApp = await startApp({ appPort: pgAppPort, extraEnv: { APP_URL: `http://127.0.0.1:${pgAppPort}`, DATABASE_URL: databaseUrl } });
      try {
        const key = await registerReceiver(pgApp);
        const doctor = await signIn(pgApp.appUrl, "doctor@demo.clinic", "sandbox-doctor");
        httpResults.push(await httpIngest(pgApp, "postgres", key, doctor));
      } finally {
        await pgApp.stop();
      }
    });
  }

  if (baseline) {
    rows.push([
      "no-op baseline: GET /api/ping over HTTP (production build)",
      "–",
      `${baseline.perSecond} requests/s`,
      `${HTTP_EVENTS} requests ${HTTP_CONCURRENCY} at a time; ${baseline.serverCpuMsPerRequest.toFixed(2)} ms server CPU per request (Next.js routing alone)`,
    ]);
  }
  for (const h of httpResults) {
    rows.push([
      "ingest over HTTP: signed POSTs to /api/webhooks/platform (production build)",
      label(h.backend),
      `${h.eventsPerSecond} events/s`,
      `${HTTP_EVENTS} events ${HTTP_CONCURRENCY} at a time in ${h.seconds.toFixed(1)} s (latency p50 ${h.p50.toFixed(0)} ms, p95 ${h.p95.toFixed(0)} ms; ${h.serverCpuMsPerEvent.toFixed(2)} ms server CPU and ${h.clientCpuMsPerEvent.toFixed(2)} ms load-generator CPU per event), then all again: ${h.accepted} accepted + ${h.duplicateAnswers} answered duplicate, ${h.refused} non-200, ${h.failed} failed; ${h.stored} stored, ${h.lost} lost, ${h.duplicated} duplicated, ${h.acknowledgedNotStored} acknowledged but not stored; ${h.reachedFeed} reached an open live feed`,
    ]);
    targets.push({ name: `receiver ingest ≥ ${TARGET_RATE} events/s stored, none lost or duplicated (over HTTP, ${label(h.backend)})`, value: ingestValue(h), met: ingestVerdict(h) });
  }
  if (live) {
    rows.push([
      `live feed: ${FEEDS} SSE connections (one doctor session) held ${HOLD_MS / 1000} s`,
      "PGlite",
      `${live.connected}/${FEEDS} connected, ${live.connectionErrors} errors, ${live.prematureCloses} premature closes`,
      `${live.emitted} events raised in the sandbox every ${EMIT_EVERY_MS / 1000} s (${live.emitFailures} not raised), delivered through the signed webhook; ${live.complete}/${FEEDS} connections got every one (${live.framesMissing} frames missing, ${live.framesDuplicated} duplicated); sandbox → screen latency p50 ${live.latencyP50.toFixed(0)} ms, p95 ${live.latencyP95.toFixed(0)} ms; fewest heartbeats on a connection ${live.minHeartbeats} in ${live.heldSeconds.toFixed(0)} s${live.firstErrors.length ? `; errors: ${live.firstErrors.join("; ")}` : ""}`,
    ]);
    rows.push([
      "server RSS (`next start`)",
      "PGlite",
      `${mb(live.rssBefore)} → ${mb(live.rssHeld)} MB`,
      `before the connections ${mb(live.rssBefore)} MB, with ${FEEDS} held ${mb(live.rssHeld)} MB (peak ${mb(live.rssPeak)} MB), 3 s after closing them ${mb(live.rssAfter)} MB`,
    ]);
    const heartbeatsOk = live.minHeartbeats >= Math.floor(HOLD_MS / HEARTBEAT_MS) - 1;
    targets.push({
      name: `${FEEDS} live-feed connections held for a minute by one instance without errors`,
      value: `${live.connected}/${FEEDS} connected, ${live.connectionErrors} errors, ${live.prematureCloses} premature closes`,
      met: live.connected === FEEDS && live.connectionErrors === 0 && live.prematureCloses === 0,
    });
    targets.push({
      name: `every connection receives every event (and a heartbeat every ${HEARTBEAT_MS / 1000} s)`,
      value: `${live.complete}/${FEEDS} complete over ${live.emitted} events, ${live.framesDuplicated} duplicated; ≥ ${live.minHeartbeats} heartbeats each`,
      met: live.emitted > 0 && live.emitFailures === 0 && live.complete === FEEDS && live.framesDuplicated === 0 && heartbeatsOk,
    });
  }

  return {
    title: "Webhooks: receiver ingest and live-feed connections",
    note: `In-process: lib/server/webhooks/receiver.ts called directly with the sealed signing-key store and the live hub (bench/suites/webhook-ingest-measure.ts). Over HTTP: the production build (\`next start\`) with the sandbox, receiver registered through the admin settings route, every request signed with the issued key, the same ${HTTP_EVENTS} deliveries and their retries sent untimed first (under another run id; the no-op baseline likewise), a doctor's live feed open throughout, stored events counted through /api/events; the load generator shares the machine with the server. Events/s is the first (all-new) pass; the second pass re-sends every event as a platform retry would. Live feed: one \`next start\` on embedded PGlite, events raised through /__sandbox/events and delivered by the sandbox as signed webhooks. Load average when the suite started: ${load} on ${os.cpus().length} CPUs: other work on the machine makes the events/s figures noisy; CPU time per event is the steadier figure for comparisons.`,
    columns: ["measurement", "backend", "result", "details"],
    rows,
    targets,
  };
}
