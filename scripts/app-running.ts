import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ConfigError, env, type AppEnv } from "../lib/env";

/** Whether `npm start` is running on this data directory (PGlite serves one process at a time). */
export function appIsRunning(dataDir: string): boolean {
  const pidFile = path.join(dataDir, "app.pid");
  if (!existsSync(pidFile)) return false;
  try {
    process.kill(Number(readFileSync(pidFile, "utf8")), 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * The configuration a staff CLI works with: a bad setting or an app holding the embedded database
 * ends the command through `usage` with a message saying what to do.
 */
export function cliConfig(usage: (message?: string) => never, whileAppRuns: string): AppEnv {
  let config: AppEnv;
  try {
    config = env();
  } catch (err) {
    if (err instanceof ConfigError) usage(err.message);
    throw err;
  }
  if (!config.databaseUrl && appIsRunning(config.dataDir)) usage(whileAppRuns);
  return config;
}
