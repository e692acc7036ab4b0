/**
 * Test databases: a throw-away in-memory PGlite (from the migrated template), and — when PostgreSQL answers on
 * 127.0.0.1:5432 — a throw-away database there. Suites skip PostgreSQL with a clear reason.
 */
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import pg from "pg";
import { openDatabase, type Database } from "../server/db/connect";

export const POSTGRES_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/test";
export const postgresDatabaseUrl = (name: string) => `postgres://postgres@127.0.0.1:5432/${name}`;

/** Creates a database, from the global setup's migrated template when there is one (a copy instead of every migration). */
async function createDatabase(admin: pg.Client, name: string) {
  // Outside vitest (the bench) there is no global setup and no template: migrations run as in the app.
  const template = await import("vitest").then(({ inject }) => inject("postgresTemplate")).catch(() => null);
  if (!template) return void (await admin.query(`create database ${name}`));
  for (let attempt = 1; ; attempt++) {
    try {
      return void (await admin.query(`create database ${name} template ${template}`));
    } catch (err) {
      // 55006: another session is copying the template at this instant; the copy takes milliseconds.
      if ((err as { code?: string }).code !== "55006" || attempt >= 20) throw err;
      await new Promise((r) => setTimeout(r, 25 * attempt));
    }
  }
}

export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query("select 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export interface TestDatabase {
  database: Database;
  url?: string;
  /** Opens another connection pool to the same data (a second app instance). */
  openAnother(): Promise<Database>;
  dispose(): Promise<void>;
}

/** The global setup's migrated template as a tar, read once per worker (files in a worker share modules). */
let templateDump: { path: string; blob: Blob } | undefined;
async function pgliteTemplateDump(): Promise<Blob> {
  const { inject } = await import("vitest");
  const dumpPath = inject("pgliteTemplateDump");
  if (templateDump?.path !== dumpPath) templateDump = { path: dumpPath, blob: new Blob([readFileSync(dumpPath)]) };
  return templateDump.blob;
}

/**
 * A throw-away PGlite: under vitest it starts in memory from the migrated template of the global setup
 * (the same engine and schema; openDatabase still runs the migrations, which find nothing left to do)
 * instead of running initdb again or copying a data directory to disk.
 */
export async function pgliteTestDatabase(): Promise<TestDatabase> {
  const database = await openDatabase({ dataDir: tmpdir(), pgliteDump: await pgliteTemplateDump() });
  return {
    database,
    openAnother: () => Promise.reject(new Error("PGlite serves one process; there is no second instance")),
    dispose: () => database.close(),
  };
}

export async function postgresTestDatabase(): Promise<TestDatabase> {
  const name = `clinic_test_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await createDatabase(admin, name);
  await admin.end();
  const url = postgresDatabaseUrl(name);
  const opened: Database[] = [];
  const open = async () => {
    const d = await openDatabase({ databaseUrl: url, dataDir: tmpdir() });
    opened.push(d);
    return d;
  };
  const database = await open();
  return {
    database,
    url,
    openAnother: open,
    async dispose() {
      await Promise.all(opened.map((d) => d.close().catch(() => {})));
      const cleanup = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

export const SKIP_POSTGRES_MESSAGE =
  "PostgreSQL is not answering on 127.0.0.1:5432 — the DATABASE_URL suites are skipped (start it to run them).";

/** One of the two databases a suite runs on; `available` is false for PostgreSQL when it does not answer. */
export interface DatabaseUnderTest {
  name: "PGlite" | "PostgreSQL";
  kind: "pglite" | "postgres";
  open(): Promise<TestDatabase>;
  available: boolean;
}

/**
 * The databases a suite runs its tests on: PGlite always, PostgreSQL when it answers on
 * 127.0.0.1:5432 (otherwise it is listed as unavailable and the skip's reason is logged once). Await it
 * once at the top of a test file, then `describe.skipIf(!db.available)(`… on ${db.name}`, …)` for each.
 */
export async function bothDatabases(): Promise<readonly DatabaseUnderTest[]> {
  const postgres = await postgresAvailable();
  if (!postgres) console.warn(SKIP_POSTGRES_MESSAGE);
  return [
    { name: "PGlite", kind: "pglite", open: pgliteTestDatabase, available: true },
    { name: "PostgreSQL", kind: "postgres", open: postgresTestDatabase, available: postgres },
  ];
}
