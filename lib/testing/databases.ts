/**
 * Test databases: a throw-away in-memory PGlite (from the migrated template), and — when PostgreSQL answers on
 * 127.0.0.1:5432 — a throw-away database there. Suites skip PostgreSQL with a clear reason.
 */
import { readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import pg from "pg";
import { openDatabase, type Database } from "../server/db/connect";
import * as schema from "../server/db/schema";

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

type PGliteClient = import("@electric-sql/pglite").PGlite;

/**
 * PGlite engines of this worker that a disposed test database gave back, emptied: loading the template
 * into a new engine costs ~0.35 s of CPU, emptying one a few milliseconds. Only the engine is reused;
 * every test database is a fresh handle on it (see pgliteTestDatabase).
 */
const idleEngines: PGliteClient[] = [];
const IDLE_ENGINES_KEPT = 2;

/**
 * Empties an engine back to the migrated template: every table of the desk's schema truncated with its
 * sequences restarted (the append-only tables' triggers refuse TRUNCATE, so triggers are off for this one
 * statement, as on a replica), then the session itself reset (settings, prepared statements, advisory
 * locks, LISTENs, temporary tables: DISCARD ALL). The template holds no rows, so empty is the template.
 */
async function emptyEngine(client: PGliteClient): Promise<void> {
  await client.exec("rollback").catch(() => {});
  const { rows } = await client.query<{ name: string }>(
    "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema', 'drizzle')",
  );
  await client.transaction(async (tx) => {
    await tx.exec("set local session_replication_role = replica");
    if (rows.length) await tx.exec(`truncate ${rows.map((r) => r.name).join(", ")} restart identity cascade`);
  });
  await client.exec("discard all");
}

async function newEngine(): Promise<PGliteClient> {
  // openDatabase runs the migrations on the loaded template (finding nothing left to do) as the app would.
  const opened = await openDatabase({ dataDir: tmpdir(), pgliteDump: await pgliteTemplateDump() });
  return (opened.db as unknown as { $client: PGliteClient }).$client;
}

/**
 * A handle on an engine that only this test database uses: its own identity (the desk keys per-database
 * state such as queued desk writes and registration locks by the client object), and refused once
 * disposed, as a closed PGlite refuses, so a late background task of a finished test reaches nothing.
 */
function handle(engine: PGliteClient, state: { closed: boolean }): PGliteClient {
  return new Proxy(engine, {
    get(target, prop) {
      if (prop === "closed") return state.closed || target.closed;
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => (state.closed ? Promise.reject(new Error("PGlite is closed")) : (value as (...a: unknown[]) => unknown).apply(target, args));
    },
  });
}

/**
 * A throw-away PGlite: under vitest it runs in memory from the migrated template of the global setup (the
 * same engine and schema) instead of running initdb again or copying a data directory to disk, on an engine
 * of this worker's that an earlier test database gave back emptied, when there is one.
 */
export async function pgliteTestDatabase(): Promise<TestDatabase> {
  const engine = idleEngines.pop() ?? (await newEngine());
  const state = { closed: false };
  const { drizzle } = await import("drizzle-orm/pglite");
  const db = drizzle(handle(engine, state), { schema }) as unknown as Database["db"];
  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      state.closed = true;
      try {
        await emptyEngine(engine);
      } catch {
        return void (await engine.close().catch(() => {}));
      }
      if (idleEngines.length < IDLE_ENGINES_KEPT) idleEngines.push(engine);
      else await engine.close();
    })());
  const database: Database = { db, kind: "pglite", close };
  return {
    database,
    openAnother: () => Promise.reject(new Error("PGlite serves one process; there is no second instance")),
    dispose: close,
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
