/** Starts the app as `npm start` does, on test ports with a fresh data directory. */
import { cpSync, rmSync } from "node:fs";
import { spawn } from "node:child_process";
import { NewStaff } from "../lib/schemas/staff";
import { openDatabase } from "../lib/server/db/connect";
import { addStaff } from "../lib/server/auth/staff-repo";
import { builtPgliteTemplate } from "../lib/testing/pglite-template";
import { E2E_STAFF } from "./staff-accounts";

const dataDir = ".data/e2e";
const appPort = process.env.E2E_APP_PORT ?? "3100";
const sandboxPort = process.env.E2E_SANDBOX_PORT ?? "4100";
rmSync(dataDir, { recursive: true, force: true });
// `npm test` runs vitest first, which leaves the migrated database template: a copy instead of initdb.
const template = builtPgliteTemplate();
if (template) cpSync(template, dataDir, { recursive: true });
const env = { ...process.env, DATA_DIR: dataDir, PORT: appPort, SANDBOX_PORT: sandboxPort, APP_URL: `http://localhost:${appPort}`, ABDM_COUNTERS: process.env.ABDM_COUNTERS ?? "*=cl-kothrud", SIGNIN_MAX_ATTEMPTS: "5", LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" };

/**
 * Accounts whose sessions tests may end, so the demo staff's stored sessions stay valid for the
 * other specs: added as `npm run staff:add` adds them (same schema, same repository), in one
 * opening of the fresh database rather than one CLI process each.
 */
async function addTestStaff() {
  const database = await openDatabase({ dataDir });
  try {
    for (const account of Object.values(E2E_STAFF)) {
      const result = await addStaff(database.db, NewStaff.parse(account));
      if (!result.created) throw new Error(`${account.email} already exists in a fresh database`);
    }
  } finally {
    await database.close();
  }
}

void addTestStaff().then(() => {
  const child = spawn(process.execPath, [require.resolve("tsx/cli"), "--conditions=react-server", "scripts/start.ts"], { stdio: "inherit", env });
  const stop = () => child.kill("SIGTERM");
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  child.on("exit", (code) => process.exit(code ?? 0));
}, (err: unknown) => {
  console.error(err);
  process.exit(1);
});
