import "server-only";
import { env } from "@/lib/env";
import { openDatabase, type Database } from "./connect";
import { retireDemoStaff, seedDemoStaff } from "../auth/demo-staff";
import { startAuthHousekeeping } from "../auth/housekeeping";
import { log } from "../log";

export type { Db, Database } from "./connect";
export * as tables from "./schema";

// Survives Next's module reloading in development, so PGlite is opened once per process.
const holder = globalThis as unknown as { __clinicDb?: Promise<Database> };

export function database(): Promise<Database> {
  holder.__clinicDb ??= (async () => {
    const config = env();
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    if (config.sandboxMode) await seedDemoStaff(database.db);
    else {
      const retired = await retireDemoStaff(database.db);
      if (retired.length > 0) log().warn({ accounts: retired }, "live platform: deactivated the demo staff accounts (they sign in only in sandbox mode)");
    }
    startAuthHousekeeping(database.db, config);
    return database;
  })().catch((err) => {
    holder.__clinicDb = undefined;
    throw err;
  });
  return holder.__clinicDb;
}

export async function db() {
  return (await database()).db;
}
