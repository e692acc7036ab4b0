import { existsSync } from "node:fs";

// Debian's Chromium: Playwright cannot download its own browser on these machines.
const executablePath = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);

/** What every end-to-end suite's browser uses: an Indian desk's locale and zone, the system Chromium. */
export const deskBrowser = (baseURL: string) => ({
  baseURL,
  locale: "en-IN",
  timezoneId: "Asia/Kolkata",
  // Recording a trace of every test to keep only the failures' cost a quarter of each test's time
  // on 2 cores; a failed test is traced when it is retried (CI retries once; locally: --trace on).
  trace: "on-first-retry" as const,
  launchOptions: {
    executablePath,
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  },
});
