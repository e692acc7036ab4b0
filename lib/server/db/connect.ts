/**
 * Opens the database once per process: PGlite under DATA_DIR by default, PostgreSQL when
 * DATABASE_URL is set. Kept free of `server-only` so CLI scripts and tests can use it.
 */
import path from "node:path";
import { execFile } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "./schema";
import { log } from "../log";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  close(): Promise<void>;
}

const MIGRATIONS = path.join(process.cwd(), "lib/server/db/migrations");
const MIGRATION_LOCK = 741_001;

/**
 * `pgliteDump` (tests only): PGlite runs in memory from a dumped data directory (PGlite's dumpDataDir)
 * instead of under dataDir — the same engine, schema and migrations, without writing 40 MB to disk.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string; pgliteDump?: Blob }): Promise<Database> {
  if (opts.databaseUrl) {
    const { Pool } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new Pool({ connectionString: opts.databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
    // An idle connection the server drops (restart, failover) must not take the app down; the pool reconnects.
    pool.on("error", (err) => log().warn({ reason: err.message }, "database connection lost"));
    const db = drizzle(pool, { schema });
    // Two app instances starting together must not both run the migrations.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
      await migrate(drizzle(pool, { schema }), { migrationsFolder: MIGRATIONS });
    });
    return { db: db as unknown as Db, kind: "postgres", close: () => pool.end() };
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  // Postgres's default 128 MB of shared buffers sat in the app's RSS (~115 MB); a clinic's data needs far less.
  const startParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB"];
  let client: InstanceType<typeof PGlite>;
  if (opts.pgliteDump) client = await PGlite.create({ loadDataDir: opts.pgliteDump, startParams });
  else {
    const dir = path.join(opts.dataDir, "pglite");
    mkdirSync(dir, { recursive: true });
    if (!existsSync(path.join(dir, "PG_VERSION"))) await initPgliteInChild(dir);
    client = await PGlite.create(dir, { startParams });
  }
  const db = drizzle(client, { schema });
  await migrate(db, { migrationsFolder: MIGRATIONS });
  return { db: db as unknown as Db, kind: "pglite", close: () => client.close() };
}

/**
 * initdb runs in a short-lived child: in-process it left ~450 MB in the app's RSS until a major GC
 * (730 MB idle after a first start vs 250 MB after a restart).
 */
async function initPgliteInChild(dir: string): Promise<void> {
  const script = `const { PGlite } = await import("@electric-sql/pglite"); await (await PGlite.create(${JSON.stringify(dir)})).close();`;
  await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script], { cwd: process.cwd(), timeout: 120_000 });
}
