import { defineConfig } from "@playwright/test";
import { deskBrowser } from "./e2e/browser-use";
import { clusterSkipReason } from "./e2e/cluster-preflight";

// The cluster journey: `npm run cluster` (nginx + several instances + PostgreSQL) on its own ports,
// after the main suite. Overridable like the main suite's ports, so checkouts can run side by side.
const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3100);
export const CLUSTER_PORT = Number(process.env.E2E_CLUSTER_PORT ?? APP_PORT + 50);
export const CLUSTER_SANDBOX_PORT = Number(process.env.E2E_CLUSTER_SANDBOX_PORT ?? Number(process.env.E2E_SANDBOX_PORT ?? 4100) + 50);
const baseURL = `http://localhost:${CLUSTER_PORT}`;

// Checked once, in the runner; its workers inherit the answer instead of probing again.
process.env.E2E_CLUSTER_SKIP ??= clusterSkipReason() ?? "";
const skip = process.env.E2E_CLUSTER_SKIP;
if (skip) console.warn(skip);
process.env.E2E_CLUSTER_PORT = String(CLUSTER_PORT);
process.env.E2E_CLUSTER_SANDBOX_PORT = String(CLUSTER_SANDBOX_PORT);

export default defineConfig({
  testDir: "e2e",
  testMatch: /\.cluster\.spec\.ts$/,
  outputDir: "test-results/cluster",
  timeout: 120_000,
  expect: { timeout: 10_000 },
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: deskBrowser(baseURL),
  webServer: skip
    ? undefined
    : {
        command: "npx tsx --conditions=react-server e2e/serve-cluster.ts",
        env: { E2E_CLUSTER_PORT: String(CLUSTER_PORT), E2E_CLUSTER_SANDBOX_PORT: String(CLUSTER_SANDBOX_PORT) },
        url: `${baseURL}/api/health`,
        timeout: 420_000,
        reuseExistingServer: false,
        stdout: "ignore",
        stderr: "pipe",
      },
});
