import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";

// Run as a person would (with the loader the tsx command puts in front of the script), outside
// vitest's module aliases: a server-only import would crash them here.
const dataDir = mkdtempSync(path.join(tmpdir(), "clinic-cli-"));
// A desk that has run before: its database is migrated already (a fresh one would spend seconds in initdb).
cpSync(inject("pgliteTemplate"), dataDir, { recursive: true });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function run(script: string, args: string[]) {
  return spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", `scripts/${script}`, ...args], {
    encoding: "utf8",
    input: "",
    env: { ...process.env, DATA_DIR: dataDir },
    timeout: 60_000,
  });
}

describe("the staff command-line tools start outside Next", () => {
  it("staff:signout answers an unknown e-mail with its usage, not a crash", () => {
    const r = run("staff-signout.ts", ["--email", "nobody@clinic.test"]);
    expect(r.stderr).toContain("No staff member has the e-mail nobody@clinic.test.");
    expect(r.status).toBe(2);
  });

  it("staff:add refuses the demo addresses before asking for a password", () => {
    const r = run("staff-add.ts", ["--email", "admin@demo.clinic", "--name", "Demo Admin", "--role", "admin"]);
    expect(r.stderr).toMatch(/reserved for the sandbox's demo staff/);
    expect(r.status).toBe(2);
  });
});
