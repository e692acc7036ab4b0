import { runScript } from "./run-script";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EnvSource } from "@/lib/env";
import { freePort, portTaken } from "./free-port";
import { clusterPreflight, isRefusal, startPreflight, type Refusal } from "./preflight";

// What `npm start` and `npm run cluster` check before they install, build or start anything is
// asked in-process (scripts/preflight.ts), with the variables each case sets and nothing else;
// a few runs of the scripts themselves prove that a refusal is what they print and exit with.
const dataDir = mkdtempSync(path.join(tmpdir(), "clinic-cluster-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * A run of ports nothing holds, below Linux's ephemeral range (32768 up), where the connections
 * of servers running beside this suite could take one between the check and the command's own.
 */
async function freeRun(length: number): Promise<number> {
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 12_000);
    const taken = await Promise.all(Array.from({ length }, (_, i) => portTaken(base + i)));
    if (!taken.includes(true)) return base;
  }
}

/** Ports nothing holds, so a desk or a test server running beside this suite cannot change what it sees. */
let spare: Record<string, string> = {};
let base = 0;
beforeAll(async () => {
  base = await freeRun(6);
  spare = { PORT: String(base), CLUSTER_FIRST_INSTANCE_PORT: String(base + 1), SANDBOX_PORT: String(base + 5) };
});
/** The environment of a case: its own data directory and spare ports, the sandbox platform, no database server. */
const source = (env: EnvSource = {}): EnvSource => ({ DATA_DIR: dataDir, ...spare, ...env });
const cluster = (args: string[], env?: EnvSource) => clusterPreflight(args, source(env));
const start = (env?: EnvSource) => startPreflight({ dev: false, source: source(env) });

/** The refusal a command would print on stderr before it exits 1. */
function refusalOf(outcome: object): string {
  expect(isRefusal(outcome), JSON.stringify(outcome)).toBe(true);
  const { refusal, exitCode } = outcome as Refusal;
  expect(exitCode).toBe(1);
  return refusal;
}

/** A server on a port the OS picks, standing for whatever an operator left running there. */
async function holdPort<T>(check: (port: number) => Promise<T>): Promise<T> {
  const holder = createServer((_, res) => res.writeHead(404).end());
  await new Promise<void>((resolve) => holder.listen(0, resolve));
  try {
    return await check((holder.address() as AddressInfo).port);
  } finally {
    holder.close();
  }
}

describe("npm run cluster refuses what it cannot honour, before starting anything", () => {
  it.each([
    [["--instance", "5"], "Unknown option '--instance'"],
    [["--bogus"], "Unknown option '--bogus'"],
    [["five"], "Unexpected argument 'five'"],
  ])("a mistyped command line (%j) gets its usage instead of a cluster it did not ask for", async (args, message) => {
    const refusal = refusalOf(await cluster(args));
    expect(refusal).toContain(message);
    expect(refusal).toContain("Usage: npm run cluster -- [--instances N] [--fresh]");
  });

  it.each([["0"], ["33"], ["2x"], ["1.5"]])("--instances %s is refused with the range it takes", async (n) => {
    expect(refusalOf(await cluster(["--instances", n]))).toContain("--instances takes a whole number from 1 to 32");
  });

  it.each([["CLUSTER_INSTANCES", "abc", "must be the number of app instances, a whole number from 1 to 32"], ["PORT", "99999", "must be a port, a whole number from 0 to 65535"]])(
    "%s=%s in the environment is said in words",
    async (name, value, message) => {
      expect(refusalOf(await cluster([], { [name]: value }))).toContain(`${name}: ${message}`);
    },
  );

  it("a port already in use is named before anything starts (nginx failed to bind, and the start-up waited on whatever held it)", async () => {
    await holdPort(async (port) => {
      expect(refusalOf(await cluster([], { PORT: String(port) }))).toContain(`Port ${port} (PORT, where nginx listens) is already in use`);
    });
  });

  it("ports of its own that overlap are refused", async () => {
    expect(refusalOf(await cluster([], { SANDBOX_PORT: String(base + 2) }))).toContain(
      `Port ${base + 2} is both instance 2's port, CLUSTER_FIRST_INSTANCE_PORT + 1 and SANDBOX_PORT, the sandbox platform's`,
    );
  });

  it("a DATABASE_URL nobody answers is named, without its password, instead of a desk that cannot open its database", async () => {
    const port = await freePort();
    const refusal = refusalOf(await cluster([], { DATABASE_URL: `postgres://desk:s3cret-pass@127.0.0.1:${port}/clinic` }));
    expect(refusal).toContain(`The database in DATABASE_URL is not answering: postgres://127.0.0.1:${port}/clinic`);
    expect(refusal).toContain("ECONNREFUSED");
    expect(refusal).not.toContain("s3cret-pass");
  });

  it("what holds is what it starts: the instances asked for on the ports after PORT, and one sandbox", async () => {
    const plan = await cluster(["--instances", "2", "--fresh"]);
    expect(isRefusal(plan), JSON.stringify(plan)).toBe(false);
    expect(plan).toMatchObject({ ports: [base + 1, base + 2], fresh: true, config: { port: base }, sandbox: { port: base + 5 } });
  });
});

describe("npm start", () => {
  it("a port already in use is named before anything is built (it built for a minute, printed its banner, then failed with EADDRINUSE)", async () => {
    await holdPort(async (port) => {
      expect(refusalOf(await start({ PORT: String(port) }))).toContain(`Port ${port} (PORT, the front desk's) is already in use`);
    });
  });

  it("the sandbox's port is asked for too when it is the platform", async () => {
    await holdPort(async (port) => {
      expect(refusalOf(await start({ SANDBOX_PORT: String(port) }))).toContain(`Port ${port} (SANDBOX_PORT, the sandbox platform's) is already in use`);
    });
  });

  it("a DATABASE_URL nobody answers is named, without its password, before anything is built or started", async () => {
    const port = await freePort();
    const refusal = refusalOf(await start({ DATABASE_URL: `postgres://desk:s3cret-pass@127.0.0.1:${port}/clinic` }));
    expect(refusal).toContain(`The database in DATABASE_URL is not answering: postgres://127.0.0.1:${port}/clinic`);
    expect(refusal).not.toContain("s3cret-pass");
  });
});

describe("a missing secret with a real platform stops every entry point at start, with one line naming it", () => {
  // NODE_ENV as an operator's shell has it: the script itself does not run as production, the server it starts does.
  const live = { NODE_ENV: "development", PLATFORM_BASE_URL: "https://platform.example.test", PLATFORM_CLIENT_ID: "clinic-client", APP_URL: "https://desk.example.test" };
  const secret = "s".repeat(48);
  const cli = { "npm start": (env: EnvSource) => start(env), "npm run cluster": (env: EnvSource) => cluster([], env) };
  it.each([
    ["npm start", "NEXTAUTH_SECRET", { DATA_SEALING_KEY: secret, NEXTAUTH_SECRET: "" }],
    ["npm start", "DATA_SEALING_KEY", { NEXTAUTH_SECRET: secret, DATA_SEALING_KEY: "" }],
    ["npm run cluster", "NEXTAUTH_SECRET", { DATA_SEALING_KEY: secret, NEXTAUTH_SECRET: "" }],
    ["npm run cluster", "DATA_SEALING_KEY", { NEXTAUTH_SECRET: secret, DATA_SEALING_KEY: "" }],
  ] as const)("%s without %s (the script itself not running as production)", async (name, variable, env) => {
    const refusal = refusalOf(await cli[name]({ ...live, ...env }));
    expect(refusal.split("\n")).toHaveLength(1);
    expect(refusal).toMatch(new RegExp(`^Configuration is not valid: ${variable}: is required with a real platform`));
  });

  it("npm run dev, whose server is not production, starts without them, and without a sandbox", async () => {
    const plan = await startPreflight({ dev: true, source: source({ ...live, NEXTAUTH_SECRET: "", DATA_SEALING_KEY: "" }) });
    expect(isRefusal(plan), JSON.stringify(plan)).toBe(false);
    expect(plan).toMatchObject({ config: { port: base, platform: { baseUrl: "https://platform.example.test" } }, sandbox: undefined });
  });
});

/**
 * Started as an operator starts it, with the loader `tsx` puts in front of the script (the tsx
 * command is one more node process that starts this one and passes on its exit code and signals).
 * Each is refused at the last check before it would build, install or start: the preflight's
 * refusal, whole, is all it prints, on stderr, and it exits 1. The two run side by side.
 */
function run(script: string, args: string[], env: Record<string, string>) {
  return runScript(script, args, { DATA_DIR: dataDir, DATABASE_URL: "", ...env });
}

describe.concurrent("the scripts print a refusal, exit 1, and start nothing", () => {
  const unreachable = (port: number) =>
    new RegExp(`^The database in DATABASE_URL is not answering: postgres://127\\.0\\.0\\.1:${port}/clinic \\([^\\n]*ECONNREFUSED[^\\n]*\\)\\.\\nStart PostgreSQL there, or correct DATABASE_URL\\.\\n$`);

  it("npm start", async ({ expect }) => {
    const port = await freePort();
    const r = await run("start.ts", [], { ...spare, DATABASE_URL: `postgres://desk:s3cret-pass@127.0.0.1:${port}/clinic` });
    expect(r.stderr).toMatch(unreachable(port));
    expect(r.stdout).toBe("");
    expect(r.status).toBe(1);
  }, 60_000);

  it("npm run cluster, with the command line it was given", async ({ expect }) => {
    const port = await freePort();
    // Held: the port of a third instance, which --instances 2 does not take (the default, 3, would be refused for it).
    const third = createServer();
    await new Promise<void>((resolve) => third.listen(base + 3, resolve));
    try {
      const r = await run("cluster.ts", ["--instances", "2"], { ...spare, CLUSTER_INSTANCES: "3", DATABASE_URL: `postgres://desk:s3cret-pass@127.0.0.1:${port}/clinic` });
      expect(r.stderr).toMatch(unreachable(port));
      expect(r.stdout).toBe("");
      expect(r.status).toBe(1);
    } finally {
      third.close();
    }
  }, 60_000);
});

describe("plain `next start` (instrumentation) with a secret missing", () => {
  it.skipIf(!existsSync(".next/BUILD_ID"))("exits at start with one line naming NEXTAUTH_SECRET instead of answering 500 on every route", async () => {
    const port = await freePort();
    const r = spawnSync(process.execPath, [require.resolve("next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"], {
      encoding: "utf8",
      env: { ...process.env, NODE_ENV: "production", DATA_DIR: dataDir, DATABASE_URL: "", PLATFORM_BASE_URL: "https://platform.example.test", PLATFORM_CLIENT_ID: "clinic-client", APP_URL: "https://desk.example.test", DATA_SEALING_KEY: "s".repeat(48), NEXTAUTH_SECRET: "" },
      timeout: 120_000,
    });
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^Configuration is not valid: NEXTAUTH_SECRET: is required with a real platform.*$/m);
  }, 150_000);
});
