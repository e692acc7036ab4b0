/**
 * Vitest global setup: one migrated PGlite directory that every test database copies, since
 * initdb costs ~7 s of CPU per suite and a copy ~0.4 s. The template is kept between runs under
 * node_modules/.cache, keyed by the migrations and the PGlite version, so only a changed schema
 * pays for initdb again.
 */
import { cpSync, mkdirSync, mkdtempSync, renameSync, rmSync, existsSync, writeFileSync } from "node:fs";
import path from "node:path";
import { tmpdir } from "node:os";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../server/db/connect";
import { POSTGRES_ADMIN_URL, postgresDatabaseUrl } from "./databases";
import { PGLITE_TEMPLATE_CACHE as CACHE, pgliteTemplateDumpPath, pgliteTemplatePath, schemaFingerprint } from "./pglite-template";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The same data directory as one tar (PGlite's dumpDataDir), which test databases load into memory. */
    pgliteTemplateDump: string;
    /** A migrated PostgreSQL database that test databases are created from; null when PostgreSQL is not answering. */
    postgresTemplate: string | null;
    /** The start of this run's PostgreSQL test database names: the teardown drops those, and no other run's. */
    postgresRunPrefix: string;
  }
}

export default async function setup(project: TestProject) {
  // A data directory as openDatabase lays it out (<dir>/pglite), which test databases copy whole.
  const fingerprint = schemaFingerprint();
  const template = pgliteTemplatePath(fingerprint);
  if (!existsSync(path.join(template, "pglite", "PG_VERSION"))) {
    mkdirSync(CACHE, { recursive: true });
    const building = mkdtempSync(path.join(CACHE, "building-"));
    await (await openDatabase({ dataDir: building })).close();
    try {
      renameSync(building, template);
    } catch {
      // Another run finished the same template first; theirs is identical.
      rmSync(building, { recursive: true, force: true });
    }
  }
  const dump = pgliteTemplateDumpPath(fingerprint);
  if (!existsSync(dump)) await dumpTemplate(template, dump);
  project.provide("pgliteTemplate", template);
  project.provide("pgliteTemplateDump", dump);
  const postgres = await postgresTemplate(fingerprint);
  project.provide("postgresTemplate", postgres);
  const runPrefix = `clinic_test_r${Date.now().toString(36)}_`;
  project.provide("postgresRunPrefix", runPrefix);
  // Test databases are handed from test to test within a worker and dropped here, with any a crashed
  // run left behind more than a day ago.
  return async () => {
    if (postgres) await dropTestDatabases(runPrefix);
  };
}

const STALE_AFTER_MS = 24 * 3600_000;

async function dropTestDatabases(runPrefix: string): Promise<void> {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 1500 });
  try {
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like 'clinic\\_test\\_%'");
    for (const { datname } of rows) {
      const started = /^clinic_test_r([0-9a-z]+)_/.exec(datname);
      const stale = started ? Date.now() - parseInt(started[1]!, 36) > STALE_AFTER_MS : false;
      if (datname.startsWith(runPrefix) || stale) await admin.query(`drop database if exists ${datname} with (force)`).catch(() => {});
    }
  } catch {
    // The server went away: nothing to drop.
  } finally {
    await admin.end().catch(() => {});
  }
}

/**
 * A test database opened from a copied directory cost ~1.2 s of CPU (40 MB copied, then removed); loaded
 * into memory from this tar it costs ~0.3 s. Dumped from a copy: opening the template itself would change it.
 */
async function dumpTemplate(template: string, dump: string) {
  const copy = mkdtempSync(path.join(CACHE, "dumping-"));
  try {
    cpSync(template, copy, { recursive: true });
    const { PGlite } = await import("@electric-sql/pglite");
    const client = await PGlite.create(path.join(copy, "pglite"));
    const tar = Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());
    await client.close();
    const partial = `${dump}.${process.pid}.partial`;
    writeFileSync(partial, tar);
    renameSync(partial, dump);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

/** The same for PostgreSQL: one migrated database per schema, kept on the server between runs and copied by CREATE DATABASE … TEMPLATE. */
async function postgresTemplate(fingerprint: string): Promise<string | null> {
  const name = `clinic_template_${fingerprint}`;
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 1500 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  try {
    const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) {
      const building = `clinic_template_building_${process.pid}_${Date.now().toString(36)}`;
      await admin.query(`create database ${building}`);
      await (await openDatabase({ databaseUrl: postgresDatabaseUrl(building), dataDir: tmpdir() })).close();
      // Another run (another worktree on the same server) may have finished the same template first; theirs is identical.
      await admin.query(`alter database ${building} rename to ${name}`).catch(() => admin.query(`drop database if exists ${building} with (force)`));
    }
    return name;
  } finally {
    await admin.end();
  }
}
