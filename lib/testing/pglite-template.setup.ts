/**
 * Vitest global setup: one migrated PGlite directory that every test database copies, since
 * initdb costs ~7 s of CPU per suite and a copy ~0.4 s. The template is kept between runs under
 * node_modules/.cache, keyed by the migrations and the PGlite version, so only a changed schema
 * pays for initdb again.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "../server/db/connect";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}

const MIGRATIONS = path.resolve("lib/server/db/migrations");
const CACHE = path.resolve("node_modules/.cache/clinic-pglite-template");

function schemaFingerprint(): string {
  const hash = createHash("sha256");
  hash.update(JSON.parse(readFileSync(path.resolve("node_modules/@electric-sql/pglite/package.json"), "utf8")).version);
  for (const file of readdirSync(MIGRATIONS).filter((f) => f.endsWith(".sql")).sort()) hash.update(file).update(readFileSync(path.join(MIGRATIONS, file)));
  hash.update(readFileSync(path.join(MIGRATIONS, "meta/_journal.json")));
  return hash.digest("hex").slice(0, 16);
}

export default async function setup(project: TestProject) {
  // A data directory as openDatabase lays it out (<dir>/pglite), which test databases copy whole.
  const template = path.join(CACHE, schemaFingerprint());
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
  project.provide("pgliteTemplate", template);
}
