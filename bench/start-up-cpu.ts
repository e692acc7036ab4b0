/**
 * Main-thread work of a first visit on a CPU throttled 4× (as Lighthouse's mobile preset does), read
 * from Chromium itself: script time and task time (Performance.getMetrics) and the blocking time of
 * long tasks (Σ of each task's time over 50 ms, as total blocking time counts it) until the page is
 * quiet. Less sensitive to a busy machine than Lighthouse's scores (which simulate from one trace),
 * so the figures to compare between builds. Run:
 * `npx tsx --conditions=react-server bench/start-up-cpu.ts [/slots ...]` against an app it starts
 * from the build in .next (START_UP_APP_PORT, START_UP_SANDBOX_PORT; default free ports), or
 * START_UP_APP_URL for one already running with the sandbox's demo staff. START_UP_LOCALES=en,hi;
 * START_UP_RUNS=3 (median).
 */
import os from "node:os";
import type { Browser } from "@playwright/test";
import { RECEPTION, longTasksOf, mobileContext, recordLongTasks, runTool, scriptDownloads, visitPages, type DemoLogin } from "./page-visits";
import { median } from "./suites/lighthouse";

const PAGES: [string, DemoLogin][] = [
  ["/patients/new", RECEPTION],
  ["/slots", RECEPTION],
  ["/appointments/today", RECEPTION],
];

interface Sample {
  scriptMs: number;
  taskMs: number;
  blockingMs: number;
  jsKiB: number;
}

async function once(browser: Browser, appUrl: string, path: string, session: string | null, locale: string): Promise<Sample> {
  const context = await mobileContext(browser, appUrl, locale, session);
  try {
    await recordLongTasks(context);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const scripts = scriptDownloads(page);
    await page.goto(appUrl + path, { waitUntil: "networkidle", timeout: 120_000 });
    await page.waitForTimeout(2000);
    const jsBytes = (await scripts()).reduce((sum, s) => sum + s.bytes, 0);
    const { metrics } = (await cdp.send("Performance.getMetrics")) as { metrics: { name: string; value: number }[] };
    const metric = (n: string) => (metrics.find((m) => m.name === n)?.value ?? NaN) * 1000;
    const longTasks = await longTasksOf(page);
    return { scriptMs: metric("ScriptDuration"), taskMs: metric("TaskDuration"), blockingMs: longTasks.reduce((sum, [, d]) => sum + Math.max(0, d! - 50), 0), jsKiB: jsBytes / 1024 };
  } finally {
    await context.close();
  }
}

async function main() {
  const locales = (process.env.START_UP_LOCALES ?? "en,hi").split(",").filter(Boolean);
  const runs = Number(process.env.START_UP_RUNS ?? 3);
  console.log("| page | language | script ms | task ms | blocking ms (long tasks over 50 ms) | JS KiB | load average (1 min) |");
  console.log("|---|---|---|---|---|---|---|");
  await visitPages("START_UP", PAGES, async (browser, appUrl, path, session) => {
    for (const locale of locales) {
      const samples: Sample[] = [];
      for (let i = 0; i < runs; i += 1) samples.push(await once(browser, appUrl, path, session, locale));
      const m = (k: keyof Sample) => median(samples.map((s) => s[k]));
      console.log(`| ${path} | ${locale} | ${m("scriptMs").toFixed(0)} | ${m("taskMs").toFixed(0)} | ${m("blockingMs").toFixed(0)} | ${m("jsKiB").toFixed(1)} | ${os.loadavg()[0]!.toFixed(1)} |`);
    }
  });
}

runTool(main);
