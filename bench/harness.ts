/**
 * Starts the real thing for benchmarks: the sandbox platform and the production build of the
 * app on spare ports with a throw-away data directory. Load goes to 127.0.0.1 only.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const nextBin = createRequire(__filename).resolve("next/dist/bin/next");

export interface RunningApp {
  appUrl: string;
  sandboxUrl: string;
  stop(): Promise<void>;
}

async function waitFor(url: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up within ${timeoutMs} ms`);
}

export async function startApp(opts: { appPort: number; sandboxPort: number; extraEnv?: Record<string, string> }): Promise<RunningApp> {
  const dataDir = path.resolve("bench/.tmp", `data-${opts.appPort}`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(opts.appPort),
    SANDBOX_PORT: String(opts.sandboxPort),
    DATA_DIR: dataDir,
    PLATFORM_CLIENT_SECRET: "bench-client-secret",
    ...opts.extraEnv,
  } as NodeJS.ProcessEnv;
  const build = spawnSync(process.execPath, [nextBin, "build"], { stdio: "inherit", env });
  if (build.status !== 0) throw new Error("next build failed");
  const child: ChildProcess = spawn(process.execPath, [require.resolve("tsx/cli"), "scripts/start.ts"], { env, stdio: ["ignore", "pipe", "inherit"] });
  child.stdout?.on("data", () => {});
  const appUrl = `http://127.0.0.1:${opts.appPort}`;
  const sandboxUrl = `http://127.0.0.1:${opts.sandboxPort}`;
  await waitFor(`${appUrl}/api/ping`, 60_000);
  await waitFor(`${sandboxUrl}/__sandbox/health`, 10_000);
  return {
    appUrl,
    sandboxUrl,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through next-auth's credentials flow and returns the session cookie header. */
export async function signIn(appUrl: string, email: string, password: string): Promise<string> {
  const csrfRes = await fetch(`${appUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrfRes.json()) as { csrfToken: string };
  const csrfCookie = csrfRes.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const res = await fetch(`${appUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: csrfCookie, origin: appUrl },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  const session = res.headers.getSetCookie().find((c) => c.startsWith("next-auth.session-token="));
  if (!session) throw new Error(`sign-in as ${email} failed (${res.status})`);
  return session.split(";")[0]!;
}
