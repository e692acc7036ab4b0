/**
 * Fault round for registrations: N registrations through the production app while it is killed
 * with SIGKILL at random moments and 10% of the creates meet 12 s of platform latency (the desk
 * gives up at 10 s; the platform still creates). Every registration is retried with its own key
 * until it is settled. Counted at the end: platform profiles per registration (duplicates) and
 * platform profiles the desk does not know (orphans), and how long after the last restart the
 * desk knew them all.
 *
 * Two variants: one app on PGlite (`registration-faults`, the sandbox runs in this process, so
 * killing the app never loses the platform's state), and the cluster (`registration-faults-cluster`:
 * `npm run cluster` on PostgreSQL behind nginx, one instance killed with kill -9 at a time while
 * nginx sends the requests to the others and cluster.ts starts it again).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Client } from "pg";
import { clusterDatabaseName } from "../../scripts/cluster";
import { freePort, freePortRun, portsProblem, startedBy } from "../../scripts/free-port";
import { listenerPids, signIn } from "../harness";
import type { SuiteResult } from "../report";

const nextBin = createRequire(__filename).resolve("next/dist/bin/next");
const COUNT = Number(process.env.BENCH_FAULT_REGISTRATIONS ?? 600);
const KILLS = Number(process.env.BENCH_FAULT_KILLS ?? Math.max(2, Math.round(COUNT / 100)));
const SLOW_SHARE = 0.1;
const PLATFORM_LATENCY_MS = 12_000;
const CONCURRENCY = 8;
const SETTLE_WITHIN_MS = 60_000;
const CLUSTER_INSTANCES = 2;

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A surname of letters only, one per registration, so the platform's profiles of each can be counted. */
const surnameOf = (i: number) => `Fault${Array.from(String(i).padStart(4, "0"), (d) => String.fromCharCode(97 + Number(d))).join("")}`;

/** What the round runs against: the desk's address, the platform's, and how to kill (and get back) a desk process. */
interface RoundTarget {
  appUrl: string;
  sandboxUrl: string;
  /** Kills one desk process with SIGKILL; resolves once the killed process answers again. */
  kill(): Promise<void>;
  /** One process: requests wait while it is down. A cluster: they keep going to the other instances. */
  pauseWhileDown: boolean;
}

interface RoundFigures {
  counts: { attempts: number; answered202: number; answered502: number; answered504: number; connectionLost: number; refused: number };
  slow: number;
  runMs: number;
  profiles: number;
  duplicates: number;
  orphans: number;
  missing: number;
  wrongAnswers: number;
  settled: number;
  knownAllAfterMs: number | null;
  lastRestartDuringRound: boolean;
}

async function faultRound(target: RoundTarget, cookie: string): Promise<RoundFigures> {
  const { appUrl, sandboxUrl } = target;
  // 12 s on the create of every request whose id starts with "slow": the first attempt of 10% of them.
  await fetch(`${sandboxUrl}/__sandbox/faults/rules`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ pathPrefix: "/profiles/v1/patient", requestIdPrefix: "slow", latencyMs: PLATFORM_LATENCY_MS }),
  });

  const keys = Array.from({ length: COUNT }, () => randomUUID());
  const slow = new Set(Array.from({ length: COUNT }, (_, i) => i).filter(() => Math.random() < SLOW_SHARE));
  const settledIds = new Map<number, string>();
  let restarting: Promise<void> | undefined;
  const counts = { attempts: 0, answered202: 0, answered502: 0, answered504: 0, connectionLost: 0, refused: 0 };

  const registerOnce = async (i: number, first: boolean): Promise<"done" | "again"> => {
    counts.attempts++;
    const body = { firstName: "Bench", lastName: surnameOf(i), gender: "F", dob: "1990-04-12", mobile: `+9197${String(i).padStart(8, "0")}`, ...(i % 2 ? { uhid: `FAULT-${keys[i]!.slice(0, 8)}` } : {}) };
    try {
      const res = await fetch(`${appUrl}/api/patients`, {
        method: "POST",
        headers: { cookie, origin: appUrl, "content-type": "application/json", "idempotency-key": keys[i]!, "x-request-id": `${first && slow.has(i) ? "slow" : "fast"}-${randomUUID()}` },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      const answer = (await res.json().catch(() => ({}))) as { id?: string };
      if ((res.status === 200 || res.status === 201) && answer.id) {
        settledIds.set(i, answer.id);
        return "done";
      }
      // A 200/201 whose body was cut by the kill is a lost answer like any other.
      if (res.status === 200 || res.status === 201) counts.connectionLost++;
      else if (res.status === 202) counts.answered202++;
      // nginx's answer when the instance holding the request died under it.
      else if (res.status === 502) counts.answered502++;
      else if (res.status === 504) counts.answered504++;
      else if (res.status < 500) {
        counts.refused++;
        console.warn(`  registration ${i} refused ${res.status}: ${JSON.stringify(answer).slice(0, 200)}`);
      }
      return "again";
    } catch {
      counts.connectionLost++;
      return "again";
    }
  };

  const worker = async (queue: number[]) => {
    for (let i = queue.shift(); i !== undefined; i = queue.shift()) {
      let first = true;
      for (let tries = 0; tries < 60; tries++) {
        if (restarting) await restarting;
        if ((await registerOnce(i, first)) === "done") break;
        first = false;
        await wait(1_000);
      }
    }
  };

  // Kills at random moments over the run, each followed by a restart; requests meanwhile fail and are retried.
  const t0 = Date.now();
  const queue = Array.from({ length: COUNT }, (_, i) => i);
  let lastRestartAt = t0;
  let stopKilling = false;
  let roundOver = false;
  let lastRestartDuringRound = false;
  const killer = (async () => {
    for (let k = 0; k < KILLS && !stopKilling; k++) {
      await wait(1_500 + Math.random() * 6_000);
      if (stopKilling) break;
      const back = target.kill().then(() => {
        lastRestartAt = Date.now();
        lastRestartDuringRound = !roundOver;
      });
      if (target.pauseWhileDown) restarting = back;
      await back;
      restarting = undefined;
    }
  })();
  await Promise.all(Array.from({ length: CONCURRENCY }, () => worker(queue)));
  roundOver = true;
  stopKilling = true;
  await killer;
  const runMs = Date.now() - t0;

  // Orphans: every platform profile of the round must be known to the desk (its index) within a minute of the last restart.
  const platformProfiles = async () =>
    ((await (await fetch(`${sandboxUrl}/__sandbox/patients`)).json()) as { patients: { oid: string; ln: string | null }[] }).patients.filter((p) => p.ln?.startsWith("fault"));
  const deskKnows = async (oid: string) => {
    const res = await fetch(`${appUrl}/api/patients/search?q=${encodeURIComponent(oid)}&limit=1`, { headers: { cookie } });
    const body = (await res.json()) as { results?: { id: string }[]; patients?: { id: string }[] };
    return (body.results ?? body.patients ?? []).some((p) => p.id === oid);
  };
  let orphans: string[] = [];
  let knownAllAfterMs: number | null = null;
  while (true) {
    const profiles = await platformProfiles();
    orphans = [];
    for (const p of profiles) if (!(await deskKnows(p.oid))) orphans.push(p.oid);
    if (orphans.length === 0) {
      knownAllAfterMs = Date.now() - lastRestartAt;
      break;
    }
    if (Date.now() - lastRestartAt > SETTLE_WITHIN_MS) break;
    await wait(2_000);
  }
  const profiles = await platformProfiles();
  const perSurname = new Map<string, number>();
  for (const p of profiles) perSurname.set(p.ln!, (perSurname.get(p.ln!) ?? 0) + 1);
  return {
    counts,
    slow: slow.size,
    runMs,
    profiles: profiles.length,
    duplicates: [...perSurname.values()].reduce((n, c) => n + Math.max(0, c - 1), 0),
    orphans: orphans.length,
    missing: COUNT - perSurname.size,
    wrongAnswers: [...settledIds].filter(([i, id]) => !profiles.some((p) => p.oid === id && p.ln === surnameOf(i).toLowerCase())).length,
    settled: settledIds.size,
    knownAllAfterMs,
    lastRestartDuringRound,
  };
}

const COLUMNS = ["registrations", "kills", "slow creates", "platform profiles", "duplicate profiles", "orphans", "never created", "answers naming another profile", "desk knew all after last restart"];

function resultOf(title: string, setting: string, f: RoundFigures): SuiteResult {
  return {
    title,
    note:
      `${COUNT} registrations (half with a UHID, half with the desk's own partner id), ${CONCURRENCY} at a time, ${setting}; ` +
      `${f.slow} first attempts met ${PLATFORM_LATENCY_MS / 1000} s of latency on the platform's create (the desk gives up at 10 s), and ${KILLS} times at random moments a desk process was killed with SIGKILL and started again. ` +
      `Each registration was sent again with its key until answered 200/201 (${f.counts.attempts} requests: ${f.counts.answered202} × 202 being confirmed, ${f.counts.answered502} × 502, ${f.counts.answered504} × 504, ${f.counts.connectionLost} lost to a kill, ${f.counts.refused} refused). ` +
      `Orphans are platform profiles of the round missing from the desk's index ${SETTLE_WITHIN_MS / 1000} s after the last restart. The run took ${(f.runMs / 1000).toFixed(0)} s; ` +
      `the count began once every registration had been answered, and its time is measured from the last restart, which ${f.lastRestartDuringRound ? "fell during the round" : "came after the round"}.`,
    columns: COLUMNS,
    rows: [
      [
        String(COUNT),
        String(KILLS),
        String(f.slow),
        String(f.profiles),
        String(f.duplicates),
        String(f.orphans),
        String(f.missing),
        String(f.wrongAnswers),
        f.knownAllAfterMs === null ? `not within ${SETTLE_WITHIN_MS / 1000} s` : `${(f.knownAllAfterMs / 1000).toFixed(1)} s`,
      ],
    ],
    targets: [
      { name: "0 duplicate profiles", value: String(f.duplicates), met: f.duplicates === 0 },
      { name: "0 orphans (every platform profile known to the desk within a minute of restart)", value: String(f.orphans), met: f.orphans === 0 },
      { name: "every registration settled", value: `${f.settled} of ${COUNT}`, met: f.settled === COUNT && f.missing === 0 },
    ],
  };
}

export async function registrationFaults(): Promise<SuiteResult> {
  const appPort = await freePort();
  const sandboxPort = await freePort();
  const dataDir = path.resolve("bench/.tmp", `faults-${appPort}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(appPort),
    SANDBOX_PORT: String(sandboxPort),
    DATA_DIR: dataDir,
    PLATFORM_CLIENT_SECRET: "bench-client-secret",
    PLATFORM_TIMEOUT_MS: "10000",
    LOG_LEVEL: "error",
  };
  if (process.env.BENCH_SKIP_BUILD !== "1") {
    const build = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env, timeout: 900_000 });
    if (build.status !== 0) throw new Error("next build failed");
  }
  // The sandbox reads the same configuration as the app would; it lives here, beyond the app's reach.
  Object.assign(process.env, { PORT: env.PORT, SANDBOX_PORT: env.SANDBOX_PORT, DATA_DIR: env.DATA_DIR, PLATFORM_CLIENT_SECRET: env.PLATFORM_CLIENT_SECRET });
  const { sandboxConfig } = await import("../../lib/env");
  const { startSandbox } = await import("../../lib/platform/fake/server");
  const sandbox = await startSandbox(sandboxConfig(), { logLevel: "error" });

  const appUrl = `http://127.0.0.1:${appPort}`;
  const peerPreload = `--import=${pathToFileURL(path.resolve("scripts/peer-address.mjs")).href}`;
  let app: ChildProcess | undefined;
  const startApp = async () => {
    app = spawn(process.execPath, ["--liftoff-only", nextBin, "start", "-p", String(appPort)], {
      env: { ...env, NEXTAUTH_URL: `http://localhost:${appPort}`, NODE_OPTIONS: [process.env.NODE_OPTIONS, peerPreload].filter(Boolean).join(" ") },
      stdio: ["ignore", process.env.BENCH_FAULT_APP_LOG ? "inherit" : "ignore", "inherit"],
    });
    const until = Date.now() + 300_000;
    while (Date.now() < until) {
      try {
        // Health opens the database (migrations, demo staff), which on a busy machine takes a while after a start.
        if ((await fetch(`${appUrl}/api/health`, { signal: AbortSignal.timeout(60_000) })).status < 500) return;
      } catch {
        /* not up yet */
      }
      await wait(200);
    }
    throw new Error("the app did not come back within 300 s");
  };
  const killApp = async () => {
    // Only the server this round started (or a process under it), never whatever else holds the port.
    const ours = listenerPids(appPort).filter((pid) => app?.pid !== undefined && startedBy(pid, app.pid));
    for (const pid of ours) process.kill(pid, "SIGKILL");
    if (app && app.exitCode === null) app.kill("SIGKILL");
    const until = Date.now() + 30_000;
    while (listenerPids(appPort).length && Date.now() < until) await wait(50);
  };

  try {
    await startApp();
    const cookie = await signIn(appUrl, "reception@demo.clinic", "sandbox-reception");
    const figures = await faultRound(
      {
        appUrl,
        sandboxUrl: sandbox.url,
        pauseWhileDown: true,
        kill: async () => {
          await killApp();
          await startApp();
        },
      },
      cookie,
    );
    return resultOf("Registration fault round: SIGKILL of the app and 12 s platform latency, retried with the same keys", "through the production build on embedded PGlite", figures);
  } finally {
    try {
      await killApp();
    } catch {
      /* already down */
    }
    if (app && app.exitCode === null && app.signalCode === null) app.kill("SIGKILL");
    await sandbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The same round through `npm run cluster` (nginx, CLUSTER_INSTANCES instances, PostgreSQL, the
 * sandbox in the cluster's process): the kill -9 hits one instance at a time, chosen at random,
 * while the others keep answering through nginx; cluster.ts starts the killed one again. Ports:
 * BENCH_FAULT_CLUSTER_PORT (nginx; the instances take the next ones) and
 * BENCH_FAULT_CLUSTER_SANDBOX_PORT when given, else free ones.
 */
export async function registrationFaultsCluster(): Promise<SuiteResult> {
  const nginxPort = Number(process.env.BENCH_FAULT_CLUSTER_PORT ?? 0) || (await freePortRun(1 + CLUSTER_INSTANCES));
  const sandboxPort = Number(process.env.BENCH_FAULT_CLUSTER_SANDBOX_PORT ?? 0) || (await freePort());
  const instancePorts = Array.from({ length: CLUSTER_INSTANCES }, (_, i) => nginxPort + 1 + i);
  const taken = await portsProblem([[nginxPort, "the round's nginx"], ...instancePorts.map((p, i) => [p, `the round's instance ${i + 1}`] as const), [sandboxPort, "the round's sandbox"]]);
  if (taken) throw new Error(taken);
  const dataDir = path.resolve("bench/.tmp", `faults-cluster-${nginxPort}`);
  rmSync(dataDir, { recursive: true, force: true });
  const url = `http://127.0.0.1:${nginxPort}`;
  const child: ChildProcess = spawn(process.execPath, [require.resolve("tsx/cli"), "--conditions=react-server", "scripts/cluster.ts", "--fresh", "--instances", String(CLUSTER_INSTANCES)], {
    stdio: ["ignore", process.env.BENCH_FAULT_APP_LOG ? "inherit" : "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      PORT: String(nginxPort),
      SANDBOX_PORT: String(sandboxPort),
      APP_URL: url,
      CLUSTER_FIRST_INSTANCE_PORT: String(nginxPort + 1),
      PLATFORM_CLIENT_SECRET: "bench-client-secret",
      PLATFORM_TIMEOUT_MS: "10000",
      LOG_LEVEL: "error",
    },
  });
  const alive = (pid: number) => existsSync(`/proc/${pid}`);
  const up = async (at: string) => {
    try {
      return (await fetch(`${at}/api/health`, { signal: AbortSignal.timeout(10_000) })).status < 500;
    } catch {
      return false;
    }
  };
  const ours = (port: number) => listenerPids(port).filter((pid) => child.pid !== undefined && startedBy(pid, child.pid));
  try {
    const started = Date.now();
    while (!(await up(url))) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`npm run cluster stopped before nginx answered (exit ${child.exitCode ?? child.signalCode})`);
      if (Date.now() - started > 900_000) throw new Error("npm run cluster did not answer within 900 s");
      await wait(500);
    }
    const cookie = await signIn(url, "reception@demo.clinic", "sandbox-reception");
    const figures = await faultRound(
      {
        appUrl: url,
        sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
        pauseWhileDown: false,
        kill: async () => {
          const port = instancePorts[Math.floor(Math.random() * instancePorts.length)]!;
          const victims = ours(port);
          for (const pid of victims) process.kill(pid, "SIGKILL");
          // cluster.ts starts it again after a second; it is back when a new process answers on its port.
          const until = Date.now() + 300_000;
          while (Date.now() < until) {
            const now = ours(port);
            if (now.length && !now.some((pid) => victims.includes(pid)) && (await up(`http://127.0.0.1:${port}`))) return;
            await wait(250);
          }
          throw new Error(`instance on port ${port} did not come back within 300 s`);
        },
      },
      cookie,
    );
    return resultOf(
      `Registration fault round through the cluster: kill -9 of one of ${CLUSTER_INSTANCES} instances and 12 s platform latency, retried with the same keys`,
      `through nginx to ${CLUSTER_INSTANCES} instances of the production build on PostgreSQL (\`npm run cluster -- --fresh\`, its own database ${clusterDatabaseName(nginxPort)}, dropped afterwards)`,
      figures,
    );
  } finally {
    const pids = [...instancePorts, nginxPort, sandboxPort].flatMap(ours);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await Promise.race([exited, wait(15_000)]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
    const until = Date.now() + 15_000;
    while (pids.some(alive) && Date.now() < until) await wait(200);
    for (const pid of pids.filter(alive)) process.kill(pid, "SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
    await dropClusterDatabase(clusterDatabaseName(nginxPort));
  }
}

async function dropClusterDatabase(name: string) {
  const { clusterConfig } = await import("../../lib/env");
  const admin = new Client({ connectionString: clusterConfig().adminDatabaseUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
  } catch (err) {
    console.warn(`  could not drop ${name}: ${(err as Error).message}`);
  } finally {
    await admin.end().catch(() => {});
  }
}
