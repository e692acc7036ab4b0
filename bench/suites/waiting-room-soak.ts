/**
 * The OPD counter under a clinic's whole day, compressed: three app instances on one PostgreSQL
 * database; 10 desks (spread over the instances) adding walk-ins and pressing Call next through the
 * API, each for its own doctor; 20 paired displays (18 light SSE clients and 2 headless Chromium TVs,
 * spread over the instances) showing every doctor of the clinic — so every call must reach every
 * display. Runs BENCH_SOAK_SECONDS (600: ten minutes for the committed result). Before it, 50 walk-ins
 * sent at once through the three instances for one doctor: their token numbers must be 1..50.
 */
import { randomBytes, randomUUID } from "node:crypto";
import os from "node:os";
import { chromium, type Page } from "@playwright/test";
import { postgresAvailable, postgresTestDatabase, type TestDatabase } from "../../lib/testing/databases";
import { signIn, startApp, type RunningApp } from "../harness";
import type { SuiteResult } from "../report";

const CLINIC = "cl-bench-hall";
const BURST_CLINIC = "cl-bench-burst";
const DESKS = 10;
const DISPLAYS = 20;
const CHROMIUM_DISPLAYS = 2;
const BURST = 50;
const POOL = 8;
const BACKLOG = 3;
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
/** Each desk's pace: a walk-in and a Call next every TICK_MS (a real doctor calls every few minutes; this is ~40× faster). */
const TICK_MS = Number(process.env.BENCH_SOAK_TICK_MS ?? 6000);
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"];

const pct = (xs: number[], p: number) => {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
};
const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : "—");
const epoch = () => performance.timeOrigin + performance.now();
const sleep = (n: number) => new Promise((r) => setTimeout(r, n));
const doctorName = (i: number) => `Dr. Bench ${String(i + 1).padStart(2, "0")}`;

async function json<T>(res: Response, what: string): Promise<T> {
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${(await res.text()).slice(0, 300)}`);
  return (await res.json()) as T;
}
const cookiesOf = (res: Response) => res.headers.getSetCookie().map((c) => c.split(";")[0]!);
const send = (app: RunningApp, cookie: string, method: string, path: string, body: unknown, key = true) =>
  fetch(`${app.appUrl}${path}`, { method, headers: { cookie, origin: app.appUrl, "content-type": "application/json", ...(key ? { "idempotency-key": randomUUID() } : {}) }, body: JSON.stringify(body) });

async function register(app: RunningApp, desk: string, n: number): Promise<string> {
  const letters = (k: number) => String.fromCharCode(97 + (k % 26)) + String.fromCharCode(97 + Math.floor(k / 26) % 26) + String.fromCharCode(97 + Math.floor(k / 676));
  const p = await json<{ id: string }>(await send(app, desk, "POST", "/api/patients", { firstName: "Soak", lastName: `Bench${letters(n)}`, gender: n % 2 ? "M" : "F", dob: "1980-01-01", mobile: `+9197${String(n).padStart(8, "0")}` }), "register");
  return p.id;
}

/** Pairs a display: the TV asks its instance for a code, the admin claims it (every doctor of the clinic), the TV collects its session. */
async function pair(tvApp: RunningApp, adminApp: RunningApp, admin: string, name: string): Promise<string> {
  const start = await fetch(`${tvApp.appUrl}/api/display/pairing`, { method: "POST", headers: { origin: tvApp.appUrl } });
  const { code } = await json<{ code: string }>(start, "pairing code");
  const pairing = cookiesOf(start).find((c) => c.startsWith("desk-display-pairing="))!;
  await json(await send(adminApp, admin, "POST", "/api/settings/displays", { code, name, clinicId: CLINIC, doctors: [] }, false), "pair");
  const collected = await fetch(`${tvApp.appUrl}/api/display/pairing`, { headers: { cookie: pairing } });
  const session = cookiesOf(collected).find((c) => c.startsWith("desk-display=") && c !== "desk-display=");
  if (!session) throw new Error(`the TV did not collect its session: ${await collected.text()}`);
  return session.slice("desk-display=".length);
}

interface Seen {
  /** `${doctor}|${token}` → when the display first showed it as now serving (epoch ms). */
  first: Map<string, number>;
  rooms: Set<string>;
  snapshots: number;
  reconnects: number;
}

/** A light display: the display stream read as text, reconnecting as a TV does; records each token now serving the first time it shows. */
function sseDisplay(app: RunningApp, token: string, stop: AbortSignal): { seen: Seen; done: Promise<void> } {
  const seen: Seen = { first: new Map(), rooms: new Set(), snapshots: 0, reconnects: -1 };
  const done = (async () => {
    while (!stop.aborted) {
      seen.reconnects++;
      try {
        const res = await fetch(`${app.appUrl}/api/display/stream`, { headers: { cookie: `desk-display=${token}`, accept: "text/event-stream" }, signal: stop });
        if (!res.ok || !res.body) throw new Error(`stream HTTP ${res.status}`);
        const decoder = new TextDecoder();
        let buffer = "";
        for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
          const at = epoch();
          buffer += decoder.decode(chunk, { stream: true });
          const frames = buffer.split("\n\n");
          buffer = frames.pop()!;
          for (const f of frames) {
            if (!f.startsWith("event: snapshot")) continue;
            seen.snapshots++;
            const feed = JSON.parse(f.slice(f.indexOf("\ndata: ") + 7)) as { doctors: { doctorName: string; room: string | null; nowServing: { token: string } | null }[] };
            for (const d of feed.doctors) {
              if (d.room) seen.rooms.add(`${d.doctorName}|${d.room}`);
              const key = `${d.doctorName}|${d.nowServing?.token}`;
              if (d.nowServing && !seen.first.has(key)) seen.first.set(key, at);
            }
          }
        }
      } catch {
        if (stop.aborted) return;
      }
      await sleep(1000);
    }
  })();
  return { seen, done };
}

/** A real TV page: a MutationObserver notes each token now serving per doctor card the first time it is on screen. */
async function watchTv(page: Page) {
  // A string, not a function: the bench's TypeScript runner would name the inner function with a helper the page lacks.
  await page.evaluate(`(() => {
    window.__seen = {};
    function scan() {
      for (const card of document.querySelectorAll("[data-display-doctor]")) {
        const name = card.querySelector("h2")?.textContent ?? "";
        const token = card.querySelector('[data-testid="now-serving"]')?.textContent;
        if (token && !((name + "|" + token) in window.__seen)) window.__seen[name + "|" + token] = performance.timeOrigin + performance.now();
      }
    }
    new MutationObserver(scan).observe(document.body, { subtree: true, childList: true, characterData: true });
    scan();
  })()`);
}

interface Call {
  key: string;
  at: number;
}

async function burst(apps: RunningApp[], desk: string, patients: string[]) {
  const answers = await Promise.all(
    patients.map((patientId, i) => send(apps[i % apps.length]!, desk, "POST", "/api/queue/walk-ins", { clinicId: BURST_CLINIC, doctorId: "dr-bench-burst", patientId }).then((r) => json<{ tokenNumber: number; tokenLabel: string }>(r, "burst walk-in"))),
  );
  const numbers = answers.map((a) => a.tokenNumber).sort((a, b) => a - b);
  const duplicates = numbers.length - new Set(numbers).size;
  const gaps = Array.from({ length: BURST }, (_, i) => i + 1).filter((n) => !numbers.includes(n)).length;
  return { duplicates, gaps, highest: numbers.at(-1) ?? 0 };
}

async function run(pg: TestDatabase) {
  // One secret and one sealing key for the three, as a real cluster has: a session signed in on one instance is good on all.
  const env = { DATABASE_URL: pg.url!, OPD_TOKEN_FORMAT: "{n:3}", LOG_LEVEL: "warn", NEXTAUTH_SECRET: randomBytes(36).toString("base64"), DATA_SEALING_KEY: randomBytes(36).toString("base64") };
  // Ports given to this suite (BENCH_SOAK_PORTS="app1,sandbox1,app2,sandbox2,app3,sandbox3"), else free ones.
  const ports = (process.env.BENCH_SOAK_PORTS ?? "").split(",").map(Number);
  const apps: RunningApp[] = [];
  for (let i = 0; i < 3; i++) {
    const started = await startApp({ extraEnv: env, ...(ports[2 * i] && ports[2 * i + 1] ? { appPort: ports[2 * i], sandboxPort: ports[2 * i + 1] } : {}) });
    apps.push({ ...started, appUrl: `http://localhost:${started.appPort}` });
  }
  const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
  const stop = new AbortController();
  try {
    const [a] = apps as [RunningApp];
    const admin = await signIn(a.appUrl, "admin@demo.clinic", "sandbox-admin");
    const desk = await signIn(a.appUrl, "reception@demo.clinic", "sandbox-reception");
    await json(await fetch(`${a.appUrl}/api/slots/directory`, { headers: { cookie: desk } }), "directory");
    for (const [kind, platformId, displayName, timeZone] of [
      ["clinic", CLINIC, "Bench Hall Clinic", "Asia/Kolkata"],
      ["clinic", BURST_CLINIC, "Bench Burst Clinic", "Asia/Kolkata"],
      ["doctor", "dr-bench-burst", "Dr. Bench Burst", undefined],
      ...Array.from({ length: DESKS }, (_, i) => ["doctor", `dr-bench-${i + 1}`, doctorName(i), undefined]),
    ] as const) {
      await json(await send(a, admin, "PUT", "/api/settings/clinics", { kind, platformId, displayName, ...(timeZone ? { timeZone } : {}) }, false), "directory entry");
    }
    for (let i = 0; i < DESKS; i++) await json(await send(apps[i % 3]!, admin, "PUT", "/api/settings/rooms", { clinicId: CLINIC, doctorId: `dr-bench-${i + 1}`, room: `Room ${i + 1}` }, false), "room");

    let n = 0;
    const burstPatients: string[] = [];
    for (let i = 0; i < BURST; i++) burstPatients.push(await register(a, desk, n++));
    const pools: string[][] = [];
    for (let d = 0; d < DESKS; d++) {
      const pool: string[] = [];
      for (let i = 0; i < POOL; i++) pool.push(await register(a, desk, n++));
      pools.push(pool);
    }

    const tokenBurst = await burst(apps, desk, burstPatients);

    // Displays: the last CHROMIUM_DISPLAYS are Chromium TVs; each display connects to instance (index mod 3).
    const light: Seen[] = [];
    const running: Promise<void>[] = [];
    const tvs: Page[] = [];
    for (let i = 0; i < DISPLAYS; i++) {
      const app = apps[i % 3]!;
      const token = await pair(app, apps[(i + 1) % 3]!, admin, `Bench TV ${i + 1}`);
      if (i >= DISPLAYS - CHROMIUM_DISPLAYS) {
        const context = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: "en-IN", timezoneId: "Asia/Kolkata" });
        await context.addCookies([{ name: "desk-display", value: token, url: app.appUrl }]);
        const tv = await context.newPage();
        await tv.goto(`${app.appUrl}/display`, { timeout: 120_000 });
        await tv.getByTestId("display-board").waitFor({ timeout: 60_000 });
        await watchTv(tv);
        tvs.push(tv);
      } else {
        const d = sseDisplay(app, token, stop.signal);
        light.push(d.seen);
        running.push(d.done);
      }
    }
    await sleep(2000);

    // Each desk: a backlog, then every tick one walk-in and one Call next, through its own instance.
    const calls: Call[] = [];
    const failures: string[] = [];
    const callTimes: number[] = [];
    const until = Date.now() + SOAK_SECONDS * 1000;
    const loadSamples: number[] = [];
    const sampler = setInterval(() => loadSamples.push(os.loadavg()[0]!), 30_000);
    await Promise.all(
      pools.map(async (pool, d) => {
        const app = apps[d % 3]!;
        const doctorId = `dr-bench-${d + 1}`;
        let next = 0;
        const walkIn = async () => {
          const res = await send(app, desk, "POST", "/api/queue/walk-ins", { clinicId: CLINIC, doctorId, patientId: pool[next++ % POOL] });
          if (!res.ok) failures.push(`walk-in ${res.status}: ${(await res.text()).slice(0, 120)}`);
        };
        for (let i = 0; i < BACKLOG; i++) await walkIn();
        await sleep((d * TICK_MS) / DESKS);
        while (Date.now() < until) {
          const tick = Date.now();
          await walkIn();
          const t0 = epoch();
          const res = await send(app, desk, "POST", `/api/queue/doctors/${doctorId}/counter`, { clinicId: CLINIC, action: "next" });
          callTimes.push(epoch() - t0);
          if (!res.ok) failures.push(`call ${res.status}: ${(await res.text()).slice(0, 120)}`);
          else {
            const out = (await res.json()) as { entry: { tokenLabel: string } | null };
            if (out.entry) calls.push({ key: `${doctorName(d)}|${out.entry.tokenLabel}`, at: t0 });
          }
          await sleep(Math.max(0, TICK_MS - (Date.now() - tick)));
        }
      }),
    );
    clearInterval(sampler);
    // The last call's snapshot is given a few seconds to land everywhere.
    await sleep(5000);
    const tvSeen: Seen[] = [];
    for (const tv of tvs) {
      const first = (await tv.evaluate("window.__seen")) as Record<string, number>;
      tvSeen.push({ first: new Map(Object.entries(first)), rooms: new Set(), snapshots: 0, reconnects: 0 });
    }
    stop.abort();
    await Promise.allSettled(running);

    const latency = (seen: Seen[]) => calls.flatMap((c) => seen.map((s) => s.first.get(c.key)).filter((t): t is number => t !== undefined).map((t) => Math.max(0, t - c.at)));
    const missing = (seen: Seen[]) => calls.reduce((m, c) => m + seen.filter((s) => !s.first.has(c.key)).length, 0);
    const roomsRight = light.every((s) => Array.from({ length: DESKS }, (_, i) => `${doctorName(i)}|Room ${i + 1}`).every((r) => s.rooms.has(r)));
    return { tokenBurst, calls: calls.length, failures, callTimes, light, tvSeen, latencyLight: latency(light), latencyTv: latency(tvSeen), missingLight: missing(light), missingTv: missing(tvSeen), roomsRight, loadSamples };
  } finally {
    stop.abort();
    await browser.close();
    for (const app of apps) await app.stop();
  }
}

export async function waitingRoomSoakBench(): Promise<SuiteResult> {
  const title = "OPD counter soak: 20 displays and 10 desks live across 3 instances; 50 token requests at once";
  if (!(await postgresAvailable())) return { title, note: "Skipped: needs PostgreSQL on 127.0.0.1:5432 for three instances to share.", columns: ["measure", "result"], rows: [["all", "skipped"]], targets: [] };
  const load = os.loadavg()[0]!;
  const pg = await postgresTestDatabase();
  let r: Awaited<ReturnType<typeof run>>;
  try {
    r = await run(pg);
  } finally {
    await pg.dispose();
  }
  const loadAfter = os.loadavg()[0]!;
  const deliveries = r.calls * DISPLAYS;
  const missing = r.missingLight + r.missingTv;
  const reconnects = r.light.reduce((s, x) => s + x.reconnects, 0);
  const loads = r.loadSamples.length ? `${Math.min(...r.loadSamples).toFixed(1)}–${Math.max(...r.loadSamples).toFixed(1)}` : "n/a";
  return {
    title,
    note:
      `Production build, sandbox platform, three app instances on one PostgreSQL database (LISTEN/NOTIFY between them). ` +
      `First ${BURST} walk-ins for one doctor sent at once, spread over the three instances' API. Then for ${SOAK_SECONDS} s: ${DESKS} desks (one doctor each, desks spread over the instances) each add a walk-in and press Call next every ${TICK_MS / 1000} s through the API; ` +
      `${DISPLAYS} displays paired for the whole clinic (every doctor), ${DISPLAYS - CHROMIUM_DISPLAYS} reading the display stream as plain SSE clients and ${CHROMIUM_DISPLAYS} headless Chromium TVs (1920×1080), spread over the instances; rooms set in Settings → Rooms. ` +
      `A call counts as delivered to a display when that display first shows the token as now serving (SSE: the snapshot's arrival; Chromium: the DOM), timed from the Call next request leaving. ` +
      `One-minute load average ${load.toFixed(1)} before, ${loads} during (every 30 s) and ${loadAfter.toFixed(1)} after on ${os.cpus().length} cores${Math.max(load, ...r.loadSamples) > os.cpus().length ? " — the machine was shared with other work, so the timings are upper bounds" : ""}.`,
    columns: ["measure", "n", "p50", "p95", "max", "notes"],
    rows: [
      [`${BURST} walk-ins at once across 3 instances → token numbers`, String(BURST), "", "", "", `${r.tokenBurst.duplicates} duplicates, ${r.tokenBurst.gaps} gaps, highest ${r.tokenBurst.highest}`],
      ["Call next request (desk → answer)", String(r.callTimes.length), ms(pct(r.callTimes, 50)), ms(pct(r.callTimes, 95)), ms(Math.max(...r.callTimes)), `${r.failures.length} failed requests${r.failures.length ? `: ${[...new Set(r.failures)].slice(0, 3).join("; ")}` : ""}`],
      [`Call next → token on ${DISPLAYS - CHROMIUM_DISPLAYS} SSE displays`, String(r.latencyLight.length), ms(pct(r.latencyLight, 50)), ms(pct(r.latencyLight, 95)), ms(Math.max(...r.latencyLight)), `${r.missingLight} of ${r.calls * (DISPLAYS - CHROMIUM_DISPLAYS)} never shown; ${reconnects} reconnects`],
      [`Call next → token on ${CHROMIUM_DISPLAYS} Chromium displays`, String(r.latencyTv.length), ms(pct(r.latencyTv, 50)), ms(pct(r.latencyTv, 95)), ms(Math.max(...r.latencyTv)), `${r.missingTv} of ${r.calls * CHROMIUM_DISPLAYS} never shown`],
    ],
    targets: [
      { name: `${DESKS} desks and ${DISPLAYS} displays live for ${SOAK_SECONDS / 60} minutes, every call on every display`, value: `${deliveries - missing} of ${deliveries} (${r.calls} calls × ${DISPLAYS} displays); rooms from Settings → Rooms on every display: ${r.roomsRight ? "yes" : "no"}`, met: r.calls > 0 && missing === 0 && r.failures.length === 0 && r.roomsRight && SOAK_SECONDS >= 600 },
      { name: `${BURST} concurrent token requests across 3 instances → 0 duplicates, 0 gaps`, value: `${r.tokenBurst.duplicates} duplicates, ${r.tokenBurst.gaps} gaps`, met: r.tokenBurst.duplicates === 0 && r.tokenBurst.gaps === 0 },
    ],
  };
}
