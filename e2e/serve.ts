/** Starts the app as `npm start` does, on test ports with a fresh data directory. */
import { rmSync } from "node:fs";
import { spawn, spawnSync } from "node:child_process";
import { E2E_STAFF } from "./staff-accounts";

const dataDir = ".data/e2e";
const appPort = process.env.E2E_APP_PORT ?? "3100";
const sandboxPort = process.env.E2E_SANDBOX_PORT ?? "4100";
rmSync(dataDir, { recursive: true, force: true });
const env = { ...process.env, DATA_DIR: dataDir, PORT: appPort, SANDBOX_PORT: sandboxPort, APP_URL: `http://localhost:${appPort}`, SIGNIN_MAX_ATTEMPTS: "5", LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" };
// Accounts whose sessions tests may end, so the demo staff's stored sessions stay valid for the other specs.
for (const account of Object.values(E2E_STAFF)) {
  const added = spawnSync(process.execPath, [require.resolve("tsx/cli"), "scripts/staff-add.ts", "--email", account.email, "--name", account.name, "--role", account.role], {
    input: `${account.password}\n`,
    env,
    stdio: ["pipe", "inherit", "inherit"],
  });
  if (added.status !== 0) process.exit(added.status ?? 1);
}
const child = spawn(process.execPath, [require.resolve("tsx/cli"), "scripts/start.ts"], { stdio: "inherit", env });
const stop = () => child.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", (code) => process.exit(code ?? 0));
