/**
 * `npm run cluster`: the desk as several app instances behind nginx, sharing one PostgreSQL
 * database and one sandbox platform. Builds once when the sources changed; Ctrl-C stops everything.
 * Flags: --instances N (else CLUSTER_INSTANCES, default 3); --fresh drops the cluster's own database first.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { networkInterfaces } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { AppEnv, ClusterConfig } from "../lib/env";
import type { RunningSandbox } from "../lib/platform/fake/server";
import { buildIfNeeded, nextBin } from "./build-if-needed";
import { findOrInstallNginx, nginxConfig } from "./cluster-nginx";
import { withoutPassword } from "./database-check";
import { clusterPreflight, isRefusal } from "./preflight";

/** An instance that stops is started again after this long, doubling up to the most while it keeps failing at once. */
const RESTART_FIRST_MS = 1_000;
const RESTART_MAX_MS = 30_000;
const RESTART_RESET_AFTER_MS = 60_000;
/** How long start-up waits for instances that answer but cannot reach the database (PostgreSQL may still be starting). */
const DATABASE_WAIT_MS = 60_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The cluster's own database when DATABASE_URL is not set: one per nginx port, so clusters side by side never share one. */
export const clusterDatabaseName = (port: number) => `clinic_cluster_${port}`;

/** DATABASE_URL when configured (the preflight found it answering); otherwise the cluster's own database, created on first start. */
async function databaseUrl(config: AppEnv, cluster: ClusterConfig, fresh: boolean): Promise<string> {
  if (config.databaseUrl) {
    if (fresh) console.log("--fresh ignored: DATABASE_URL is configured, and that database is never dropped.");
    return config.databaseUrl;
  }
  const name = clusterDatabaseName(config.port);
  const { Client } = await import("pg");
  const admin = new Client({ connectionString: cluster.adminDatabaseUrl, connectionTimeoutMillis: 5000 });
  try {
    await admin.connect();
  } catch (err) {
    fail(`PostgreSQL is not answering at ${withoutPassword(cluster.adminDatabaseUrl)} (${(err as Error).message}).\nStart it, or set DATABASE_URL (or CLUSTER_ADMIN_DATABASE_URL) to a server the instances can share.`);
  }
  try {
    if (fresh) await admin.query(`drop database if exists ${name} with (force)`);
    const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (exists.rowCount === 0) await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(cluster.adminDatabaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const hasIpv6Loopback = () => Object.values(networkInterfaces()).some((list) => list?.some((i) => i.family === "IPv6" && i.address === "::1"));

/** What /api/health says: ready (200), up but without its database (503), something else's answer, or nothing yet. */
async function health(url: string): Promise<"ready" | "no-database" | "stranger" | "silent"> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    await res.body?.cancel();
    return res.status === 200 ? "ready" : res.status === 503 ? "no-database" : "stranger";
  } catch {
    return "silent";
  }
}

/**
 * Until `url` answers 200. At start-up (`fatal`) a process that stops first, 5 minutes of silence,
 * or a minute of answering without its database ends the cluster, saying which.
 */
async function waitFor(what: string, url: string, alive: () => boolean, fatal = true): Promise<boolean> {
  let withoutDatabaseSince: number | undefined;
  for (let attempt = 0; attempt < 600; attempt++) {
    if (!alive()) {
      if (fatal) fail(`${what} stopped before it answered.`);
      return false;
    }
    const state = await health(url);
    if (state === "ready") return true;
    if (state === "stranger" && fatal) fail(`Something other than ${what} answers at ${url}.`);
    if (state === "no-database") {
      if (withoutDatabaseSince === undefined) {
        withoutDatabaseSince = Date.now();
        console.error(`${what} answers, but cannot reach the database yet; waiting up to ${DATABASE_WAIT_MS / 1000} s (its log above says why).`);
      }
      if (fatal && Date.now() - withoutDatabaseSince > DATABASE_WAIT_MS) fail(`${what} could not reach the database within ${DATABASE_WAIT_MS / 1000} s: check that PostgreSQL is running and DATABASE_URL; its log above says why.`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  if (fatal) fail(`${what} did not answer at ${url} within 5 minutes.`);
  return false;
}

async function main() {
  // The command line, the configuration, the ports and a configured DATABASE_URL: a refusal is said before anything is installed or built.
  const plan = await clusterPreflight(process.argv.slice(2));
  if (isRefusal(plan)) {
    console.error(plan.refusal);
    process.exit(plan.exitCode);
  }
  const { config, cluster, ports } = plan;
  const count = ports.length;
  const database = await databaseUrl(config, cluster, plan.fresh);
  const nginx = findOrInstallNginx();
  if ("problem" in nginx) fail(nginx.problem);
  buildIfNeeded();

  const children: ChildProcess[] = [];
  let sandbox: RunningSandbox | undefined;
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await sandbox?.close();
    process.exit(code);
  };
  process.on("SIGINT", () => void stop(0));
  process.on("SIGTERM", () => void stop(0));

  const { DEMO_STAFF } = await import("../lib/server/auth/demo-staff");
  // The platform client decided the sandbox is the configured platform: one sandbox serves every instance.
  if (plan.sandbox) sandbox = await (await import("../lib/platform/fake/server")).startSandbox(plan.sandbox, { ownsProcess: true });

  const peerPreload = `--import=${pathToFileURL(path.resolve(__dirname, "peer-address.mjs")).href}`;
  /** The process serving each port now: one that stops is started again (a crash, or a restart by `kill -TERM`). */
  const instances: ChildProcess[] = [];
  const startInstance = (i: number, restartDelayMs = RESTART_FIRST_MS) => {
    const port = ports[i]!;
    const id = String(i + 1);
    const instanceHeader = `--import=${pathToFileURL(path.resolve(__dirname, "instance-header.mjs")).href}?instance=${id}`;
    const startedAt = Date.now();
    const child = spawn(process.execPath, [nextBin, "start", "-p", String(port), "-H", "127.0.0.1"], {
      stdio: ["ignore", "inherit", "inherit"],
      env: {
        ...process.env,
        PORT: String(port),
        INSTANCE_NAME: id,
        APP_URL: config.appUrl,
        NEXTAUTH_URL: config.appUrl,
        DATABASE_URL: database,
        NEXTAUTH_SECRET: cluster.authSecret,
        DATA_SEALING_KEY: cluster.sealingKey,
        // nginx is the one proxy in front: its X-Forwarded-For (set, not appended) names the caller.
        TRUSTED_PROXY_HOPS: "1",
        NODE_OPTIONS: [process.env.NODE_OPTIONS, peerPreload, instanceHeader].filter(Boolean).join(" "),
      },
    });
    child.on("exit", (code, signal) => {
      const index = children.indexOf(child);
      if (index >= 0) children.splice(index, 1);
      if (stopping) return;
      // One that keeps failing at once is retried less and less often; one that ran a while, at once.
      const delay = Date.now() - startedAt > RESTART_RESET_AFTER_MS ? RESTART_FIRST_MS : restartDelayMs;
      console.error(`Instance ${id} (port ${port}) stopped (${signal ?? `exit ${code}`}); nginx sends its requests to the others. Starting it again in ${delay / 1000} s.`);
      setTimeout(() => {
        if (stopping) return;
        const next = startInstance(i, Math.min(delay * 2, RESTART_MAX_MS));
        void waitFor(`Instance ${id}`, `http://127.0.0.1:${port}/api/health`, () => next.exitCode === null && next.signalCode === null, false).then((up) => {
          if (up) console.log(`Instance ${id} (port ${port}) is answering again.`);
        });
      }, delay).unref();
    });
    children.push(child);
    instances[i] = child;
    return child;
  };
  ports.forEach((_, i) => startInstance(i));
  // Every instance opens the database (the first one migrates under an advisory lock) before nginx takes visitors.
  await Promise.all(ports.map((port, i) => waitFor(`Instance ${i + 1}`, `http://127.0.0.1:${port}/api/health`, () => instances[i]!.exitCode === null)));

  mkdirSync(path.join(cluster.dir, "temp"), { recursive: true });
  const configFile = path.join(cluster.dir, "nginx.conf");
  const readTimeoutSeconds = Math.ceil(config.platform.uploadTimeoutMs / 1000) + 30;
  writeFileSync(configFile, nginxConfig({ dir: cluster.dir, listenPort: config.port, ipv6: hasIpv6Loopback(), instancePorts: ports, readTimeoutSeconds }));
  const proxy = spawn(nginx.nginx, ["-c", configFile, "-p", cluster.dir, "-e", path.join(cluster.dir, "nginx-error.log"), "-g", "daemon off;"], { stdio: ["ignore", "inherit", "inherit"] });
  children.push(proxy);
  proxy.on("exit", (code) => {
    if (stopping) return;
    console.error(`nginx stopped (exit ${code}); see ${path.join(cluster.dir, "nginx-error.log")}.`);
    void stop(1);
  });
  await waitFor("nginx", `http://127.0.0.1:${config.port}/api/health`, () => proxy.exitCode === null);

  console.log(`\nFront desk:        ${config.appUrl}  (nginx, round robin over ${count} instances)`);
  console.log(`Instances:         ${ports.map((p, i) => `${i + 1} → 127.0.0.1:${p}`).join(" · ")}`);
  console.log(`Database:          ${withoutPassword(database)}`);
  console.log(`nginx:             ${configFile}  (logs beside it)`);
  if (sandbox) {
    console.log(`Sandbox platform:  ${sandbox.url}  (demo data, not for clinical use)`);
    console.log(`Demo staff:        ${DEMO_STAFF.map((s) => `${s.email} / ${s.password}`).join(" · ")}\n`);
  } else {
    console.log(`Platform:          ${config.platform.baseUrl}\n`);
  }
}

// Imported by the cluster benchmark for its names; started only as a script.
if (require.main === module) void main();
