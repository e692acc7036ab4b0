/** Starts `npm run cluster` for the cluster journey: fresh data and database, on its own ports. */
import { rmSync } from "node:fs";
import { spawn } from "node:child_process";

const dataDir = ".data/e2e-cluster";
rmSync(dataDir, { recursive: true, force: true });
const port = process.env.E2E_CLUSTER_PORT ?? "3150";
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  // Always the cluster's own database (clinic_cluster_<PORT>), recreated: never one a .env names.
  DATABASE_URL: "",
  PORT: port,
  SANDBOX_PORT: process.env.E2E_CLUSTER_SANDBOX_PORT ?? "4150",
  APP_URL: `http://localhost:${port}`,
  CLUSTER_INSTANCES: process.env.E2E_CLUSTER_INSTANCES ?? "3",
  // The throttling test reaches the instances directly, on the ports after nginx's.
  CLUSTER_FIRST_INSTANCE_PORT: String(Number(port) + 1),
  // The journey holds one live stream per instance for one staff member, beside the desk's own.
  LIVE_STREAMS_PER_STAFF: "20",
};
const child = spawn(process.execPath, [require.resolve("tsx/cli"), "--conditions=react-server", "scripts/cluster.ts", "--fresh"], { stdio: "inherit", env });
const stop = () => child.kill("SIGTERM");
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
child.on("exit", (code) => process.exit(code ?? 0));
