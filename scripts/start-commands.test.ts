import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, portTaken } from "./free-port";

// Started as an operator starts it, with the loader `tsx` puts in front of the script (the tsx
// command is one more node process that starts this one and passes on its exit code and signals);
// every case here ends before anything is installed, built or started.
const dataDir = mkdtempSync(path.join(tmpdir(), "clinic-cluster-cli-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function run(script: string, args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", `scripts/${script}`, ...args], {
    encoding: "utf8",
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", ...env },
    timeout: 60_000,
  });
}
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
const cluster = (args: string[], env?: Record<string, string>) => run("cluster.ts", args, { ...spare, ...env });

describe("npm run cluster refuses what it cannot honour, before starting anything", () => {
  it.each([
    [["--instance", "5"], "Unknown option '--instance'"],
    [["--bogus"], "Unknown option '--bogus'"],
    [["five"], "Unexpected argument 'five'"],
  ])("a mistyped command line (%j) gets its usage instead of a cluster it did not ask for", (args, message) => {
    const r = cluster(args);
    expect(r.stderr).toContain(message);
    expect(r.stderr).toContain("Usage: npm run cluster -- [--instances N] [--fresh]");
    expect(r.status).toBe(1);
  });

  it.each([["0"], ["33"], ["2x"], ["1.5"]])("--instances %s is refused with the range it takes", (n) => {
    const r = cluster(["--instances", n]);
    expect(r.stderr).toContain("--instances takes a whole number from 1 to 32");
    expect(r.status).toBe(1);
  });

  it.each([["CLUSTER_INSTANCES", "abc", "must be the number of app instances, a whole number from 1 to 32"], ["PORT", "99999", "must be a port, a whole number from 0 to 65535"]])(
    "%s=%s in the environment is said in words",
    (name, value, message) => {
      const r = cluster([], { [name]: value });
      expect(r.stderr).toContain(`${name}: ${message}`);
      expect(r.status).toBe(1);
    },
  );

  it("a port already in use is named before anything starts (nginx failed to bind, and the start-up waited on whatever held it)", async () => {
    const holder = createServer((_, res) => res.writeHead(404).end());
    await new Promise<void>((resolve) => holder.listen(0, resolve));
    const port = (holder.address() as AddressInfo).port;
    try {
      const r = cluster([], { PORT: String(port) });
      expect(r.stderr).toContain(`Port ${port} (PORT, where nginx listens) is already in use`);
      expect(r.status).toBe(1);
    } finally {
      holder.close();
    }
  });

  it("ports of its own that overlap are refused", () => {
    const r = cluster([], { SANDBOX_PORT: String(base + 2) });
    expect(r.stderr).toContain(`Port ${base + 2} is both instance 2's port, CLUSTER_FIRST_INSTANCE_PORT + 1 and SANDBOX_PORT, the sandbox platform's`);
    expect(r.status).toBe(1);
  });

  it("a DATABASE_URL nobody answers is named, without its password, instead of a desk that cannot open its database", async () => {
    const port = await freePort();
    const r = cluster([], { DATABASE_URL: `postgres://desk:s3cret-pass@127.0.0.1:${port}/clinic` });
    expect(r.stderr).toContain(`The database in DATABASE_URL is not answering: postgres://127.0.0.1:${port}/clinic`);
    expect(r.stderr).toContain("ECONNREFUSED");
    expect(r.stderr + r.stdout).not.toContain("s3cret-pass");
    expect(r.stdout).not.toContain("Front desk:");
    expect(r.status).toBe(1);
  });
});

describe("npm start", () => {
  it("a port already in use is named before anything is built (it built for a minute, printed its banner, then failed with EADDRINUSE)", async () => {
    const holder = createServer((_, res) => res.writeHead(404).end());
    await new Promise<void>((resolve) => holder.listen(0, resolve));
    const port = (holder.address() as AddressInfo).port;
    try {
      const r = run("start.ts", [], { ...spare, PORT: String(port) });
      expect(r.stderr).toContain(`Port ${port} (PORT, the front desk's) is already in use`);
      expect(r.stdout).not.toMatch(/Building|Front desk:/);
      expect(r.status).toBe(1);
    } finally {
      holder.close();
    }
  });

  it("a DATABASE_URL nobody answers is named, without its password, before anything is built or started", async () => {
    const port = await freePort();
    const r = run("start.ts", [], { ...spare, DATABASE_URL: `postgres://desk:s3cret-pass@127.0.0.1:${port}/clinic` });
    expect(r.stderr).toContain(`The database in DATABASE_URL is not answering: postgres://127.0.0.1:${port}/clinic`);
    expect(r.stderr + r.stdout).not.toContain("s3cret-pass");
    expect(r.stdout).not.toContain("Front desk:");
    expect(r.status).toBe(1);
  });
});

describe("a missing secret with a real platform stops every entry point at start, with one line naming it", () => {
  const live = { PLATFORM_BASE_URL: "https://platform.example.test", PLATFORM_CLIENT_ID: "clinic-client", APP_URL: "https://desk.example.test" };
  const secret = "s".repeat(48);
  it.each([
    ["npm start", "NEXTAUTH_SECRET", "start.ts", { DATA_SEALING_KEY: secret, NEXTAUTH_SECRET: "" }],
    ["npm start", "DATA_SEALING_KEY", "start.ts", { NEXTAUTH_SECRET: secret, DATA_SEALING_KEY: "" }],
    ["npm run cluster", "NEXTAUTH_SECRET", "cluster.ts", { DATA_SEALING_KEY: secret, NEXTAUTH_SECRET: "" }],
    ["npm run cluster", "DATA_SEALING_KEY", "cluster.ts", { NEXTAUTH_SECRET: secret, DATA_SEALING_KEY: "" }],
  ])("%s without %s (the script itself not running as production)", (_name, variable, script, env) => {
    const r = run(script, [], { ...spare, ...live, ...env });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Configuration is not valid: ${variable}: is required with a real platform`));
    expect(r.stdout).not.toMatch(/build|Starting/i);
  });
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
