import "server-only";
import { env } from "@/lib/env";
import { openDatabase, type Database } from "./connect";
import { retireDemoStaff, seedDemoStaff } from "../auth/demo-staff";
import { startAuthHousekeeping } from "../auth/housekeeping";
import { backfillNameKeys } from "../patients/patient-index";
import { log } from "../log";
import { processSingletonAsync } from "../process-singleton";
import { platformDemo } from "../platform-demo";
import { installedWiring } from "@/lib/installed-wiring";

export type { Db, Database } from "./connect";
export * as tables from "./schema";

// One per process (see processSingleton), so PGlite is opened once even across Next's development reloads.
export function database(): Promise<Database> {
  // A test's database (lib/installed-wiring.ts); never set in production.
  const installed = installedWiring()?.database;
  if (installed) return installed();
  return processSingletonAsync("__clinicDb", async () => {
    const config = env();
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    if (platformDemo()) await seedDemoStaff(database.db);
    else {
      const retired = await retireDemoStaff(database.db);
      if (retired.length > 0) log().warn({ accounts: retired }, "live platform: deactivated the demo staff accounts (they sign in only in sandbox mode)");
    }
    startAuthHousekeeping(database.db, config);
    // Names indexed before the current name keys (0014: Devanagari names in roman letters too) are
    // re-keyed in the background; search and duplicate checks find them as each batch lands.
    void backfillNameKeys(database.db)
      .then((changed) => changed && log().info({ changed }, "re-keyed the names of indexed patients"))
      .catch((err: unknown) => log().warn({ reason: (err as Error).message }, "could not re-key indexed patient names; will try at the next start"));
    return database;
  });
}

export async function db() {
  return (await database()).db;
}
