/**
 * `npm start`: builds when the sources changed, starts the sandbox platform when no real
 * platform is configured, then the app. Ctrl-C stops both.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { writeFileSync, rmSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildIfNeeded, nextBin } from "./build-if-needed";
import { isRefusal, startPreflight } from "./preflight";

const dev = process.argv.includes("--dev");
/** How long the app may take to finish what it holds when stopped (idle browser connections close within 5 s). */
const STOP_GRACE_MS = 15_000;

async function main() {
  // Everything that would stop it is said before anything is built or started.
  const plan = await startPreflight({ dev });
  if (isRefusal(plan)) {
    console.error(plan.refusal);
    process.exit(plan.exitCode);
  }
  const { config } = plan;
  if (!dev) buildIfNeeded();

  const { DEMO_DOMAIN, DEMO_STAFF } = await import("../lib/server/auth/demo-staff");
  const sandbox = plan.sandbox ? await (await import("../lib/platform/fake/server")).startSandbox(plan.sandbox, { logLevel: config.logLevel, ownsProcess: true }) : undefined;
  const pidFile = path.join(config.dataDir, "app.pid");
  writeFileSync(pidFile, String(process.pid));

  // The preload gives the app each request's socket peer, the only client address it believes without trusted proxies.
  const peerPreload = `--import=${pathToFileURL(path.resolve(__dirname, "peer-address.mjs")).href}`;
  const app: ChildProcess = spawn(process.execPath, [...appV8Flags(config), nextBin, dev ? "dev" : "start", "-p", String(config.port)], {
    stdio: "inherit",
    env: { ...process.env, NEXTAUTH_URL: config.appUrl, NODE_OPTIONS: [process.env.NODE_OPTIONS, peerPreload].filter(Boolean).join(" ") },
  });

  console.log(`\nFront desk:        ${config.appUrl}`);
  if (sandbox) {
    console.log(`Sandbox platform:  ${sandbox.url}  (demo data, not for clinical use)`);
    console.log(`Demo staff:        ${DEMO_STAFF.map((s) => `${s.email} / ${s.password}`).join(" · ")}\n`);
  } else {
    console.log(`Platform:          ${config.platform.baseUrl}`);
    console.log(`Demo staff:        none — the demo accounts (@${DEMO_DOMAIN}) are deactivated and refused with a real platform\n`);
  }

  void warmUp(config.port);

  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    if (app.exitCode === null && app.signalCode === null) {
      // It finishes the requests it holds and lets go of the embedded database before we say it stopped.
      const exited = new Promise((resolve) => app.once("exit", resolve));
      console.log("Stopping: the app finishes the requests it holds…");
      app.kill("SIGTERM");
      const killLater = setTimeout(() => app.kill("SIGKILL"), STOP_GRACE_MS);
      await exited;
      clearTimeout(killLater);
    }
    await sandbox?.close();
    rmSync(pidFile, { force: true });
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));
  app.on("exit", (code) => void stop(code ?? 0));
}

/**
 * On PGlite the database is a 9 MB WebAssembly module in the app's process. V8 compiles it with
 * Liftoff, its baseline compiler, and by default recompiles hot functions with TurboFan in
 * background threads: that kept 40–60 MB more RSS in the app (~350 → ~290 MB idle after the
 * upload bench) and cost ~0.4–1 s of CPU warming up. Warm, a scan-heavy query took 5–9% more CPU
 * under Liftoff alone, and whole API requests measured no more CPU than before. PostgreSQL has
 * no large module to compile, so the flag is left out there.
 */
const appV8Flags = (config: { databaseUrl?: string }): string[] => (config.databaseUrl ? [] : ["--liftoff-only"]);

/** Opens the database (migrations, demo staff) before the first visitor has to wait for it. */
async function warmUp(port: number) {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(30_000) });
      const health = (await res.json()) as { status: string; reasons: string[] };
      console.log(health.status === "ok" ? "Ready: database open, platform reachable." : `Started, but degraded: ${health.reasons.join(" ")}`);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 500));
    }
  }
}

void main();
