/**
 * The migrated PGlite data directory that test databases copy instead of running initdb and every
 * migration (~7 s of CPU) again. Kept between runs under node_modules/.cache, keyed by the
 * migrations and the PGlite version, so only a changed schema builds it again.
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

const MIGRATIONS = path.resolve("lib/server/db/migrations");
export const PGLITE_TEMPLATE_CACHE = path.resolve("node_modules/.cache/clinic-pglite-template");

export function schemaFingerprint(): string {
  const hash = createHash("sha256");
  hash.update(JSON.parse(readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json"), "utf8")).version);
  for (const file of readdirSync(MIGRATIONS).filter((f) => f.endsWith(".sql")).sort()) hash.update(file).update(readFileSync(path.join(MIGRATIONS, file)));
  hash.update(readFileSync(path.join(MIGRATIONS, "meta/_journal.json")));
  return hash.digest("hex").slice(0, 16);
}

/** Where this schema's template lives (a data directory laid out as openDatabase lays it out: <dir>/pglite). */
export const pgliteTemplatePath = (fingerprint = schemaFingerprint()) => path.join(PGLITE_TEMPLATE_CACHE, fingerprint);

/** The template dumped to one tar (PGlite's dumpDataDir), loaded into memory by test databases. */
export const pgliteTemplateDumpPath = (fingerprint = schemaFingerprint()) => path.join(PGLITE_TEMPLATE_CACHE, `${fingerprint}.tar`);

/** The template for the current schema, when a test run has built it; otherwise null. */
export function builtPgliteTemplate(): string | null {
  const template = pgliteTemplatePath();
  return existsSync(path.join(template, "pglite", "PG_VERSION")) ? template : null;
}
