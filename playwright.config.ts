import { defineConfig } from "@playwright/test";
import { deskBrowser } from "./e2e/browser-use";

// Overridable so that several checkouts can run their end-to-end suites side by side.
export const APP_PORT = Number(process.env.E2E_APP_PORT ?? 3100);
export const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 4100);
const baseURL = `http://localhost:${APP_PORT}`;

const VISUAL = /(^|\/)visual\.[a-z]+\.spec\.ts$/;
const FUNCTIONAL = ["anonymous", "receptionist", "doctor", "admin"];

const roleProject = (role: "receptionist" | "doctor" | "admin") => ({
  name: role,
  testMatch: new RegExp(`\\.${role}\\.spec\\.ts$`),
  testIgnore: VISUAL,
  dependencies: ["setup"],
  use: { storageState: `e2e/.auth/${role}.json` },
});

// Screenshots after the functional specs: those inject platform faults (a patient read failing
// for one test) that would otherwise land on a page being photographed in the other worker.
const visualProject = (role: "anon" | "receptionist" | "doctor" | "admin") => ({
  name: `visual-${role}`,
  testMatch: new RegExp(`(^|/)visual\\.${role}\\.spec\\.ts$`),
  dependencies: FUNCTIONAL,
  // A role's pages are opened by address alone, one test each: both workers share them, instead of one
  // worker taking a role's whole file while the other waits (visual-admin alone was ~50 s of an idle worker).
  fullyParallel: true,
  use: role === "anon" ? {} : { storageState: `e2e/.auth/${role}.json` },
});

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results",
  // Screenshots live in the visual-review specs (e2e/visual.*.spec.ts); a longer journey marks itself test.slow() (3×).
  timeout: 60_000,
  expect: { timeout: 7_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  use: deskBrowser(baseURL),
  projects: [
    { name: "setup", testMatch: /auth\.setup\.ts$/ },
    { name: "anonymous", testMatch: /\.anon\.spec\.ts$/, testIgnore: [/hostile-input\.anon\.spec\.ts$/, VISUAL] },
    roleProject("receptionist"),
    roleProject("doctor"),
    roleProject("admin"),
    // After the functional projects: it connects the app's receiver, which the live-feed spec wants unconnected when it starts.
    { name: "admin-late", testMatch: /\.admin-late\.spec\.ts$/, dependencies: FUNCTIONAL, use: { storageState: "e2e/.auth/admin.json" } },
    visualProject("anon"),
    visualProject("receptionist"),
    visualProject("doctor"),
    visualProject("admin"),
    // Last and alone: other specs inject platform faults (latency, errors) that would make a
    // hostile upload time out at the desk after the platform kept it, which is not what this suite tests.
    { name: "hostile", testMatch: /hostile-input\.anon\.spec\.ts$/, dependencies: [...FUNCTIONAL, "admin-late", "visual-anon", "visual-receptionist", "visual-doctor", "visual-admin"] },
  ],
  webServer: {
    command: "npx tsx --conditions=react-server e2e/serve.ts",
    env: { E2E_APP_PORT: String(APP_PORT), E2E_SANDBOX_PORT: String(SANDBOX_PORT) },
    url: `${baseURL}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
  },
});
