/**
 * Installs a test's configuration, database, services and route wiring in place of the process's
 * real ones (lib/installed-wiring.ts), for a test file that runs among others in one module graph
 * (vitest.config.mts, isolate: false) and so cannot replace modules.
 *
 * One wiring at a time: installing over another throws, and a wiring still installed when the next
 * test file starts fails that file (real-clock.setup.ts), so an override cannot quietly reach
 * another file's tests. Test-only: production code never imports lib/testing (eslint.config.mjs).
 */
import { afterAll } from "vitest";
import { isTestProcess, type AppEnv } from "@/lib/env";
import type { InstalledWiring } from "@/lib/installed-wiring";
import type { Database, Db } from "@/lib/server/db";
import type { Services } from "@/lib/server/services";

const SLOT = Symbol.for("clinic.installedWiring");
type Holder = { [SLOT]?: InstalledWiring & { installedBy?: string } };

/** A test's wiring, as loose as the test needs: only what its code under test reads. */
export interface TestWiring {
  env?: () => Partial<AppEnv> | Record<string, unknown>;
  /** A database (db() is its `.db`), or a function answering it (it may throw: a database that does not answer). */
  database?: Partial<Database> | (() => Partial<Database> | Promise<Partial<Database>>);
  services?: Partial<Services> | Record<string, unknown> | (() => Partial<Services> | Record<string, unknown>);
  routes?: InstalledWiring["routes"];
}

/** Installs `wiring` until the returned function is called. */
export function installWiring(wiring: TestWiring, by = "a test"): () => void {
  if (!isTestProcess()) throw new Error("lib/testing/process-wiring.ts installs a wiring only under NODE_ENV=test");
  const holder = globalThis as Holder;
  const current = holder[SLOT];
  if (current) throw new Error(`a process wiring is already installed (by ${current.installedBy ?? "an unknown caller"}); remove it first`);
  const { env, database, services, routes } = wiring;
  const installed: InstalledWiring & { installedBy: string } = {
    installedBy: by,
    ...(env && { env: env as () => AppEnv }),
    ...(database && { database: async () => (typeof database === "function" ? await database() : database) as Database }),
    ...(services && { services: async () => (typeof services === "function" ? services() : services) as Services }),
    ...(routes && { routes }),
  };
  holder[SLOT] = installed;
  return () => {
    if (holder[SLOT] !== installed) throw new Error(`the process wiring installed by ${by} was replaced before it was removed`);
    holder[SLOT] = undefined;
  };
}

/**
 * Installs `wiring` for the calling test file, from now (the file's own imports and top-level code
 * see it) until its last test has run. Call it at the top level of the file.
 */
export function installWiringForFile(wiring: TestWiring, by = "a test file"): void {
  const remove = installWiring(wiring, by);
  afterAll(remove);
}

/** A database stand-in for code that only reaches `db` and never queries it. */
export const databaseOf = (db: unknown): Database => ({ db: db as Db }) as Database;
