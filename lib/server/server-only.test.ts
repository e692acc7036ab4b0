import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const LIB_DIR = path.resolve(import.meta.dirname, "..");
/** The desk's server code and the platform's client (lib/platform/client), which holds tokens and keys. */
const SERVER_DIRS = ["server", "platform/client"].map((d) => path.join(LIB_DIR, d));

/** Files that CLI scripts, drizzle-kit or the benchmark's main process load outside Next, where "server-only" throws. */
const OUTSIDE_NEXT: Record<string, string> = {
  "server/db/connect.ts": "scripts/staff-add.ts and staff-signout.ts open the database",
  "server/db/schema/": "drizzle-kit reads the schema; the scripts query through it",
  "server/auth/staff-repo.ts": "npm run staff:add creates accounts",
  "server/auth/password.ts": "npm run staff:add hashes the password",
  "server/auth/demo-staff.ts": "npm run staff:add refuses the demo accounts' addresses",
  "server/auth/staff-sessions.ts": "npm run staff:signout ends sessions",
  "server/audit.ts": "npm run staff:signout records who was signed out",
  "platform/client/jwe.ts": "npm run bench measures JWE in its main process",
  "platform/client/base64-stream.ts": "platform/client/jwe.ts streams through it",
  "server/log.ts": "db/connect.ts logs, and the scripts open the database through it",
  "server/request-context.ts": "the logger reads the current request's id here",
  "server/telemetry.ts": "the request context starts its spans here",
  "server/process-singleton.ts": "auth/staff-sessions.ts keeps its cache here, and npm run staff:signout loads it",
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

describe('lib/server and lib/platform/client start each file with import "server-only"', () => {
  const files = SERVER_DIRS.flatMap((d) => serverFiles(d)).map((f) => path.relative(LIB_DIR, f).split(path.sep).join("/"));

  it("has server files to check", () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('puts import "server-only" first in every file a client bundle must never get', () => {
    const missing = files.filter((rel) => !allowed(rel) && firstImport(path.join(LIB_DIR, rel)) !== 'import "server-only";');
    expect(missing).toEqual([]);
  });

  it("keeps the outside-Next list to files that exist and still lack the marker", () => {
    for (const entry of Object.keys(OUTSIDE_NEXT)) {
      const matching = files.filter((rel) => (entry.endsWith("/") ? rel.startsWith(entry) : rel === entry));
      expect(matching, entry).not.toEqual([]);
      for (const rel of matching) expect(readFileSync(path.join(LIB_DIR, rel), "utf8"), rel).not.toContain('import "server-only"');
    }
  });
});
