import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SERVER_DIR = import.meta.dirname;

/** Files that CLI scripts, drizzle-kit or the benchmark's main process load outside Next, where "server-only" throws. */
const OUTSIDE_NEXT: Record<string, string> = {
  "db/connect.ts": "scripts/staff-add.ts and staff-signout.ts open the database",
  "db/schema/": "drizzle-kit reads the schema; the scripts query through it",
  "auth/staff-repo.ts": "npm run staff:add creates accounts",
  "auth/password.ts": "npm run staff:add hashes the password",
  "auth/demo-staff.ts": "npm run staff:add refuses the demo accounts' addresses",
  "auth/staff-sessions.ts": "npm run staff:signout ends sessions",
  "audit.ts": "npm run staff:signout records who was signed out",
  "platform/jwe.ts": "npm run bench measures JWE in its main process",
  "platform/base64-stream.ts": "platform/jwe.ts streams through it",
  "log.ts": "db/connect.ts logs, and the scripts open the database through it",
  "request-context.ts": "the logger reads the current request's id here",
  "telemetry.ts": "the request context starts its spans here",
  "process-singleton.ts": "auth/staff-sessions.ts keeps its cache here, and npm run staff:signout loads it",
};

function serverFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return serverFiles(full);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [full] : [];
  });
}

const allowed = (rel: string) => Object.keys(OUTSIDE_NEXT).some((a) => (a.endsWith("/") ? rel.startsWith(a) : rel === a));
const firstImport = (file: string) => /^import\s[^;]*;/m.exec(readFileSync(file, "utf8"))?.[0];

describe('lib/server starts each file with import "server-only"', () => {
  const files = serverFiles(SERVER_DIR).map((f) => path.relative(SERVER_DIR, f).split(path.sep).join("/"));

  it("has server files to check", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('puts import "server-only" first in every file a client bundle must never get', () => {
    const missing = files.filter((rel) => !allowed(rel) && firstImport(path.join(SERVER_DIR, rel)) !== 'import "server-only";');
    expect(missing).toEqual([]);
  });

  it("keeps the outside-Next list to files that exist and still lack the marker", () => {
    for (const entry of Object.keys(OUTSIDE_NEXT)) {
      const matching = files.filter((rel) => (entry.endsWith("/") ? rel.startsWith(entry) : rel === entry));
      expect(matching, entry).not.toEqual([]);
      for (const rel of matching) expect(readFileSync(path.join(SERVER_DIR, rel), "utf8"), rel).not.toContain('import "server-only"');
    }
  });
});
