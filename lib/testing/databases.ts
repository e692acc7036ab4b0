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

/** The desk's tables (not the migrator's own), as quoted names. */
const DESK_TABLES_SQL =
  "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname not in ('pg_catalog', 'information_schema', 'drizzle') order by 1";

/**
 * The statements that empty a database back to the migrated template, which holds no rows: the tables
 * a test wrote to (found with one query; most tests touch a handful of the ~50) are emptied with DELETE,
 * with triggers off for that transaction as on a replica (the append-only tables' triggers refuse it),
 * and every sequence that handed out a value is set back to its start. TRUNCATE of every table did the
 * same at ~0.35 s of CPU per test database on PGlite and 1–2 s of wall time on PostgreSQL (each table a
 * new file, synced at commit); this costs milliseconds.
 */
async function emptyingStatements(query: (sql: string) => Promise<{ rows: { name: string }[] }>): Promise<string[]> {
  const tables = (await query(DESK_TABLES_SQL)).rows.map((r) => r.name);
  if (!tables.length) return [];
  const used = await query(tables.map((t) => `select '${t.replaceAll("'", "''")}' as name where exists (select 1 from ${t})`).join(" union all "));
  return [
    "set local session_replication_role = replica",
    ...used.rows.map((r) => `delete from ${r.name}`),
    "select setval(format('%I.%I', schemaname, sequencename)::regclass, start_value, false) from pg_sequences where last_value is not null and schemaname not in ('pg_catalog', 'information_schema', 'drizzle')",
  ];
}

/**
 * Empties an engine back to the migrated template (see emptyingStatements), then resets the session
 * itself (settings, prepared statements, advisory locks, LISTENs, temporary tables: DISCARD ALL).
 */
async function emptyEngine(client: PGliteClient): Promise<void> {
  await client.exec("rollback").catch(() => {});
  const statements = await emptyingStatements((sql) => client.query<{ name: string }>(sql));
  await client.transaction(async (tx) => {
    for (const statement of statements) await tx.query(statement);
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

/**
 * This run's name for its PostgreSQL test databases (set by the global setup), so that the setup's
 * teardown drops only this run's, not those of another run sharing the server.
 */
function postgresRunPrefix(): Promise<string> {
  return import("vitest")
    .then(({ inject }) => inject("postgresRunPrefix") ?? "clinic_test_")
    .catch(() => "clinic_test_");
}

/**
 * PostgreSQL test databases of this worker that a disposed test database gave back, emptied: creating one
 * from the template costs ~0.4–1.4 s of wall time (its files copied and synced) and dropping it ~0.3 s.
 */
const idlePostgres: string[] = [];
const IDLE_POSTGRES_KEPT = 2;

/**
 * Empties a PostgreSQL test database for the next test database of this worker: any connection still
 * open on it (a background task of the finished test) is ended first, as DROP DATABASE … WITH (FORCE) ended them.
 */
async function emptyPostgres(name: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresDatabaseUrl(name) });
  await client.connect();
  try {
    await client.query("select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()");
    const statements = await emptyingStatements((sql) => client.query<{ name: string }>(sql));
    await client.query("begin");
    for (const statement of statements) await client.query(statement);
    await client.query("commit");
  } finally {
    await client.end().catch(() => {});
  }
}

async function dropPostgres(name: string): Promise<void> {
  const cleanup = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await cleanup.connect();
  await cleanup.query(`drop database if exists ${name} with (force)`);
  await cleanup.end();
}

let postgresCreated = 0;

/**
 * A throw-away PostgreSQL database: a copy of the global setup's migrated template, or one of this worker's
 * that an earlier test database gave back emptied. The global setup drops the run's databases at its end.
 */
export async function postgresTestDatabase(): Promise<TestDatabase> {
  let name = idlePostgres.pop();
  if (!name) {
    name = `${await postgresRunPrefix()}${process.pid}_${Date.now().toString(36)}_${postgresCreated++}`;
    const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
    await admin.connect();
    try {
      await createDatabase(admin, name);
    } finally {
      await admin.end();
    }
  }
  const url = postgresDatabaseUrl(name);
  const opened: Database[] = [];
  const open = async () => {
    const d = await openDatabase({ databaseUrl: url, dataDir: tmpdir() });
    opened.push(d);
    return d;
  };
  const database = await open();
  let disposing: Promise<void> | undefined;
  return {
    database,
    url,
    openAnother: open,
    dispose: () =>
      (disposing ??= (async () => {
        await Promise.all(opened.map((d) => d.close().catch(() => {})));
        if (idlePostgres.length < IDLE_POSTGRES_KEPT) {
          try {
            await emptyPostgres(name);
            idlePostgres.push(name);
            return;
          } catch {
            // Not emptied: dropped below instead of handed on.
          }
        }
        await dropPostgres(name);
      })()),
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
