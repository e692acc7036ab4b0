import { runScript } from "./run-script";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, inject, it } from "vitest";

// Run as a person would (with the loader the tsx command puts in front of the script), outside
// vitest's module aliases: a server-only import would crash them here.
// A desk that has run before: its database is migrated already (a fresh one would spend seconds in initdb).
// Copied into memory where Linux offers it (/dev/shm): 40 MB in 1,263 files cost ~1.3 s of CPU on ext4, ~0.3 s there.
const dataDir = mkdtempSync(path.join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "clinic-cli-"));
cpSync(inject("pgliteTemplate"), dataDir, { recursive: true });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function run(script: string, args: string[]) {
  return runScript(script, args, { DATA_DIR: dataDir });
}

// Each tool is its own program (its own imports, its own way to its database): both are run, side by side.
describe.concurrent("the staff command-line tools start outside Next", () => {
  it("staff:signout answers an unknown e-mail with its usage, not a crash", async ({ expect }) => {
    const r = await run("staff-signout.ts", ["--email", "nobody@clinic.test"]);
    expect(r.stderr).toContain("No staff member has the e-mail nobody@clinic.test.");
    expect(r.status).toBe(2);
  }, 60_000);

  it("staff:add refuses the demo addresses before asking for a password", async ({ expect }) => {
    const r = await run("staff-add.ts", ["--email", "admin@demo.clinic", "--name", "Demo Admin", "--role", "admin"]);
    expect(r.stderr).toMatch(/reserved for the sandbox's demo staff/);
    expect(r.status).toBe(2);
  }, 60_000);
});
