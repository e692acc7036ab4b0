/**
 * Fault round for registrations: N registrations through the production app on PGlite while the
 * app is killed with SIGKILL at random moments and 10% of the creates meet 12 s of platform latency
 * (the desk gives up at 10 s; the platform still creates). Every registration is retried with its
 * own key until it is settled. Counted at the end: platform profiles per registration (duplicates)
 * and platform profiles the desk does not know (orphans), and how long after the last restart the
 * desk knew them all.
 *
 * The sandbox runs in this process, so killing the app never loses the platform's state.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { freePort, startedBy } from "../../scripts/free-port";
import { listenerPids, signIn } from "../harness";
import type { SuiteResult } from "../report";

const nextBin = createRequire(__filename).resolve("next/dist/bin/next");
const COUNT = Number(process.env.BENCH_FAULT_REGISTRATIONS ?? 600);
const KILLS = Number(process.env.BENCH_FAULT_KILLS ?? Math.max(2, Math.round(COUNT / 100)));
const SLOW_SHARE = 0.1;
const PLATFORM_LATENCY_MS = 12_000;
const CONCURRENCY = 8;
const SETTLE_WITHIN_MS = 60_000;

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A surname of letters only, one per registration, so the platform's profiles of each can be counted. */
const surnameOf = (i: number) => `Fault${Array.from(String(i).padStart(4, "0"), (d) => String.fromCharCode(97 + Number(d))).join("")}`;

interface Platformish {
  url: string;
  close(): Promise<void>;
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
  const sandbox: Platformish = await startSandbox(sandboxConfig(), { logLevel: "error" });

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
    // 12 s on the create of every request whose id starts with "slow": the first attempt of 10% of them.
    await fetch(`${sandbox.url}/__sandbox/faults/rules`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ pathPrefix: "/profiles/v1/patient", requestIdPrefix: "slow", latencyMs: PLATFORM_LATENCY_MS }),
    });

    const keys = Array.from({ length: COUNT }, () => randomUUID());
    const slow = new Set(Array.from({ length: COUNT }, (_, i) => i).filter(() => Math.random() < SLOW_SHARE));
    const settledIds = new Map<number, string>();
    let restarting: Promise<void> | undefined;
    const counts = { attempts: 0, answered202: 0, answered504: 0, connectionLost: 0, refused: 0 };

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
    const killer = (async () => {
      for (let k = 0; k < KILLS && !stopKilling; k++) {
        await wait(1_500 + Math.random() * 6_000);
        if (stopKilling) break;
        restarting = (async () => {
          await killApp();
          await startApp();
          lastRestartAt = Date.now();
        })();
        await restarting;
        restarting = undefined;
      }
    })();
    await Promise.all(Array.from({ length: CONCURRENCY }, () => worker(queue)));
    stopKilling = true;
    await killer;
    const runMs = Date.now() - t0;

    // Orphans: every platform profile of the round must be known to the desk (its index) within a minute of the last restart.
    const platformProfiles = async () =>
      ((await (await fetch(`${sandbox.url}/__sandbox/patients`)).json()) as { patients: { oid: string; ln: string | null }[] }).patients.filter((p) =>
        p.ln?.startsWith("fault"),
      );
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
    const duplicates = [...perSurname.values()].reduce((n, c) => n + Math.max(0, c - 1), 0);
    const missing = COUNT - perSurname.size;
    const wrongAnswers = [...settledIds].filter(([i, id]) => !profiles.some((p) => p.oid === id && p.ln === surnameOf(i).toLowerCase())).length;

    return {
      title: "Registration fault round: SIGKILL of the app and 12 s platform latency, retried with the same keys",
      note:
        `${COUNT} registrations (half with a UHID, half with the desk's own partner id), ${CONCURRENCY} at a time, through the production build on embedded PGlite; ` +
        `${slow.size} first attempts met ${PLATFORM_LATENCY_MS / 1000} s of latency on the platform's create (the desk gives up at 10 s), and the app was killed with SIGKILL ${KILLS} times at random moments and restarted. ` +
        `Each registration was sent again with its key until answered 200/201 (${counts.attempts} requests: ${counts.answered202} × 202 being confirmed, ${counts.answered504} × 504, ${counts.connectionLost} lost to a kill, ${counts.refused} refused). ` +
        `Orphans are platform profiles of the round missing from the desk's index ${SETTLE_WITHIN_MS / 1000} s after the last restart. The run took ${(runMs / 1000).toFixed(0)} s; ` +
        `the count began once every registration had been answered, and its time is measured from the last restart, which may fall during the round.`,
      columns: ["registrations", "kills", "slow creates", "platform profiles", "duplicate profiles", "orphans", "never created", "answers naming another profile", "desk knew all after last restart"],
      rows: [
        [
          String(COUNT),
          String(KILLS),
          String(slow.size),
          String(profiles.length),
          String(duplicates),
          String(orphans.length),
          String(missing),
          String(wrongAnswers),
          knownAllAfterMs === null ? `not within ${SETTLE_WITHIN_MS / 1000} s` : `${(knownAllAfterMs / 1000).toFixed(1)} s`,
        ],
      ],
      targets: [
        { name: "0 duplicate profiles", value: String(duplicates), met: duplicates === 0 },
        { name: "0 orphans (every platform profile known to the desk within a minute of restart)", value: String(orphans.length), met: orphans.length === 0 },
        { name: "every registration settled", value: `${settledIds.size} of ${COUNT}`, met: settledIds.size === COUNT && missing === 0 },
      ],
    };
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
