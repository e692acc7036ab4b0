/**
 * What `npm start` and `npm run cluster` check before they install, build or start anything: the
 * command line, the configuration (as production reads it), the ports they are about to take, and
 * a configured DATABASE_URL. Each check answers with what to start, or with the refusal to print on
 * stderr and the exit code; the scripts do the printing and exiting, so the checks are tested in-process.
 */
import { parseArgs } from "node:util";
import { ConfigError, clusterConfig, env, productionConfigError, sandboxConfig, type AppEnv, type ClusterConfig, type EnvSource } from "../lib/env";
import type { SandboxConfig } from "../lib/platform/wire/sandbox-config";
import { databaseProblem } from "./database-check";
import { portsProblem } from "./free-port";

/** Why a command will not start: said on stderr, then it exits with `exitCode`. */
export interface Refusal {
  refusal: string;
  exitCode: number;
}

const refuse = (refusal: string): Refusal => ({ refusal, exitCode: 1 });
export const isRefusal = (outcome: object): outcome is Refusal => "refusal" in outcome;

/** A configuration that does not hold is one line naming each variable (easy to find in any log). */
function configured<T>(read: () => T): T | Refusal {
  try {
    return read();
  } catch (err) {
    if (err instanceof ConfigError) return refuse(err.oneLine);
    throw err;
  }
}

/** The sandbox's configuration when the platform client decides the sandbox is the configured platform. */
async function sandboxFor(config: AppEnv, source: EnvSource | undefined): Promise<SandboxConfig | undefined> {
  // Loaded only once the command line and the configuration hold: a refusal is said without loading the client, the sandbox or the database driver.
  const { demoCapability } = await import("../lib/platform/client");
  return demoCapability(config.platform) !== undefined ? sandboxConfig(source) : undefined;
}

/** What `npm start` starts: the app, and the sandbox platform first when no real platform is configured. */
export interface StartPlan {
  config: AppEnv;
  sandbox?: SandboxConfig;
}

/**
 * `npm start` (`dev`: `npm run dev`). Without `source`, this process's environment. The server it
 * starts runs as production, so the configuration is checked as production reads it (not for dev).
 */
export async function startPreflight({ dev, source }: { dev: boolean; source?: EnvSource }): Promise<StartPlan | Refusal> {
  const config = configured(() => {
    const config = env(source);
    const production = dev ? null : productionConfigError(source);
    if (production) throw production;
    return config;
  });
  if (isRefusal(config)) return config;
  const sandbox = await sandboxFor(config, source);
  const wanted: [number, string][] = [[config.port, "PORT, the front desk's"]];
  if (sandbox) wanted.push([sandbox.port, "SANDBOX_PORT, the sandbox platform's"]);
  const problem = (await portsProblem(wanted)) ?? (config.databaseUrl ? await databaseProblem(config.databaseUrl) : null);
  return problem ? refuse(problem) : { config, sandbox };
}

export const CLUSTER_USAGE = "Usage: npm run cluster -- [--instances N] [--fresh]";

/** What `npm run cluster` starts: nginx on PORT, an instance on each of `ports`, and one sandbox for all when no real platform is configured. */
export interface ClusterPlan {
  config: AppEnv;
  cluster: ClusterConfig;
  ports: number[];
  /** --fresh: drop the cluster's own database first (never a configured DATABASE_URL). */
  fresh: boolean;
  sandbox?: SandboxConfig;
}

/** The command line, refused whole when it holds anything else: a mistyped flag must not start a cluster it did not ask for. */
function clusterFlags(args: readonly string[]): { instances?: string; fresh: boolean } | Refusal {
  try {
    const { values } = parseArgs({ args: [...args], options: { instances: { type: "string" }, fresh: { type: "boolean", default: false } }, strict: true, allowPositionals: false });
    return { instances: values.instances, fresh: values.fresh ?? false };
  } catch (err) {
    return refuse(`${(err as Error).message}\n${CLUSTER_USAGE}`);
  }
}

function instancesFlag(given: string | undefined, fallback: number): number | Refusal {
  if (given === undefined) return fallback;
  const n = Number(given);
  if (!/^\d+$/.test(given) || n < 1 || n > 32) return refuse("--instances takes a whole number from 1 to 32");
  return n;
}

/**
 * `npm run cluster` with `args` (the words after the script). Its instances run as production: a
 * missing NEXTAUTH_SECRET or DATA_SEALING_KEY stops it here. A mistyped DATABASE_URL is said before
 * nginx is installed or anything built.
 */
export async function clusterPreflight(args: readonly string[], source?: EnvSource): Promise<ClusterPlan | Refusal> {
  const configs = configured(() => {
    const config = env(source);
    const production = productionConfigError(source);
    if (production) throw production;
    return { config, cluster: clusterConfig(source) };
  });
  if (isRefusal(configs)) return configs;
  const { config, cluster } = configs;
  const flags = clusterFlags(args);
  if (isRefusal(flags)) return flags;
  const count = instancesFlag(flags.instances, cluster.instances);
  if (typeof count !== "number") return count;
  const ports = Array.from({ length: count }, (_, i) => cluster.firstInstancePort + i);
  const wanted: [number, string][] = [[config.port, "PORT, where nginx listens"], ...ports.map((p, i): [number, string] => [p, `instance ${i + 1}'s port, CLUSTER_FIRST_INSTANCE_PORT + ${i}`])];
  const sandbox = await sandboxFor(config, source);
  if (sandbox) wanted.push([sandbox.port, "SANDBOX_PORT, the sandbox platform's"]);
  const problem = (await portsProblem(wanted)) ?? (config.databaseUrl ? await databaseProblem(config.databaseUrl) : null);
  return problem ? refuse(problem) : { config, cluster, ports, fresh: flags.fresh, sandbox };
}
