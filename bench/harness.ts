/**
 * Starts the real thing for benchmarks: the sandbox platform and the production build of the
 * app on spare ports with a throw-away data directory. Load goes to 127.0.0.1 only.
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { freePort, portsProblem, processStart, startedBy } from "../scripts/free-port";

const nextBin = createRequire(__filename).resolve("next/dist/bin/next");

export interface RunningApp {
  appUrl: string;
  sandboxUrl: string;
  appPort: number;
  sandboxPort: number;
  /** The `next start` process this run started (checked to be a descendant of it, never another program's). */
  serverPid: number;
  stop(): Promise<void>;
}

async function waitFor(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up within ${timeoutMs} ms`);
}

// The app reads its configuration at run time, so one build serves every suite of a run.
// BENCH_SKIP_BUILD=1 reuses the build already in .next (before/after comparisons of one change).
let builtThisRun = process.env.BENCH_SKIP_BUILD === "1";

/**
 * Builds once per run (`build: true` forces it); later starts differ only in their environment.
 * Ports are free ones unless given; a given port something else holds is refused, never taken over.
 */
export async function startApp(opts: {
  appPort?: number;
  sandboxPort?: number;
  extraEnv?: Record<string, string>;
  /** Only for the running app and sandbox, not the build: e.g. libfaketime's variables for a clock standing on another day. */
  runEnv?: Record<string, string>;
  build?: boolean;
}): Promise<RunningApp> {
  const appPort = opts.appPort ?? (await freePort());
  const sandboxPort = opts.sandboxPort ?? (await freePort());
  const taken = await portsProblem([
    [appPort, "the bench's app"],
    [sandboxPort, "the bench's sandbox"],
  ]);
  if (taken) throw new Error(taken);
  const dataDir = path.resolve("bench/.tmp", `data-${appPort}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(appPort),
    SANDBOX_PORT: String(sandboxPort),
    DATA_DIR: dataDir,
    PLATFORM_CLIENT_SECRET: "bench-client-secret",
    ...opts.extraEnv,
  } as NodeJS.ProcessEnv;
  if (opts.build ?? !builtThisRun) {
    const build = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env, timeout: 900_000 });
    if (build.status !== 0) throw new Error("next build failed");
    builtThisRun = true;
  }
  const child: ChildProcess = spawn(process.execPath, [require.resolve("tsx/cli"), "--conditions=react-server", "scripts/start.ts"], { env: { ...env, ...opts.runEnv }, stdio: ["ignore", "pipe", "inherit"] });
  child.stdout?.on("data", () => {});
  const appUrl = `http://127.0.0.1:${appPort}`;
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  let nextPid: number | undefined;
  let nextStart: string | undefined;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      // The start script stops the app and the sandbox on SIGTERM; a hung one must not hang the run.
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
    }
    // The start script does not wait for `next start` to exit; the port must be free for the next start.
    const until = Date.now() + 10_000;
    while (nextPid && existsSync(`/proc/${nextPid}`) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    // The same process it found at start (pid and start time): a reused pid is another program's.
    if (nextPid && processStart(nextPid) === nextStart) {
      try {
        process.kill(nextPid, "SIGKILL");
      } catch {
        // it exited just now
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${appUrl}/api/ping`, 60_000);
    await waitFor(`${sandboxUrl}/__sandbox/health`, 10_000);
    const listener = listenerPids(appPort)[0];
    if (listener === undefined || !startedBy(listener, child.pid!)) throw new Error(`port ${appPort} answers, but not from the app this bench started`);
    nextPid = listener;
    nextStart = processStart(listener);
  } catch (err) {
    await stop();
    throw err;
  }
  return { appUrl, sandboxUrl, appPort, sandboxPort, serverPid: nextPid, stop };
}

/** Every process holding a listening socket on the port (nginx: its master and workers). */
export function listenerPids(port: number): number[] {
  const out = execFileSync("ss", ["-ltnpH", `sport = :${port}`], { encoding: "utf8" });
  return [...new Set([...out.matchAll(/pid=(\d+)/g)].map((m) => Number(m[1])))];
}

export const procStatus = (pid: number, field: "VmRSS" | "VmHWM") => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) * 1024;

// utime + stime of a process, in clock ticks of 10 ms (Linux's USER_HZ); fields 14 and 15 of /proc/<pid>/stat.
export const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** Signs in through next-auth's credentials flow and returns the session cookie header. */
export async function signIn(appUrl: string, email: string, password: string): Promise<string> {
  const csrfRes = await fetch(`${appUrl}/api/auth/csrf`, { signal: AbortSignal.timeout(60_000) });
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const csrfCookie = csrfRes.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const res = await fetch(`${appUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie, origin: appUrl },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
    signal: AbortSignal.timeout(60_000),
  });
  const session = res.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="));
  if (!session) throw new Error(`sign-in as ${email} failed (${res.status})`);
  return session.split(";")[0]!;
}
