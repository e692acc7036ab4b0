/** Starts the app as `npm start` does, on test ports with a fresh data directory. */
import { rmSync } from "node:fs";
import { spawn } from "node:child_process";

const dataDir = ".data/e2e";
const appPort = process.env.E2E_APP_PORT ?? "3100";
const sandboxPort = process.env.E2E_SANDBOX_PORT ?? "4100";
rmSync(dataDir, { recursive: true, force: true });
const child = spawn(process.execPath, [require.resolve("tsx/cli"), "scripts/start.ts"], {
  stdio: "inherit",
  env: { ...process.env, DATA_DIR: dataDir, PORT: appPort, SANDBOX_PORT: sandboxPort, APP_URL: `http://localhost:${appPort}`, SIGNIN_MAX_ATTEMPTS: "5" },
});
const stop = () => child.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", (code) => process.exit(code ?? 0));
