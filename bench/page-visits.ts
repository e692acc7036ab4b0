/**
 * What the browser-side bench tools (first-visit-js.ts, start-up-cpu.ts, hydration-renders.ts) share:
 * an app to visit, one Chromium, a sign-in per demo account, and a context at Lighthouse's mobile size
 * carrying the page's language and the session. Each tool names its own environment variables by a
 * prefix: `<PREFIX>_APP_URL` for an app already running with the sandbox's demo staff, otherwise one
 * started from the build in .next on `<PREFIX>_APP_PORT` and `<PREFIX>_SANDBOX_PORT` (default free ports).
 */
import { chromium, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { signIn, startApp } from "./harness";

const CHROMIUM = "/usr/bin/chromium";

export type DemoLogin = [email: string, password: string];
export const RECEPTION: DemoLogin = ["reception@demo.clinic", "sandbox-reception"];
export const ADMIN: DemoLogin = ["admin@demo.clinic", "sandbox-admin"];

/**
 * Visits each of `pages` the command line names (every one when it names none), in order, signed in as
 * the page's account (signed out when it has none); stops the app it started, whatever happens.
 */
export async function visitPages(
  prefix: string,
  pages: [string, DemoLogin | null][],
  visit: (browser: Browser, appUrl: string, path: string, session: string | null) => Promise<void>,
): Promise<void> {
  const wanted = process.argv.slice(2);
  const port = (name: string) => (process.env[`${prefix}_${name}`] ? Number(process.env[`${prefix}_${name}`]) : undefined);
  const given = process.env[`${prefix}_APP_URL`];
  const app = given ? { appUrl: given, stop: async () => {} } : await startApp({ build: false, appPort: port("APP_PORT"), sandboxPort: port("SANDBOX_PORT") });
  const sessions = new Map<string, string>();
  try {
    const browser = await chromium.launch({ executablePath: CHROMIUM });
    try {
      for (const [path, login] of pages.filter(([p]) => !wanted.length || wanted.includes(p))) {
        if (login && !sessions.has(login[0])) sessions.set(login[0], await signIn(app.appUrl, ...login));
        await visit(browser, app.appUrl, path, login ? sessions.get(login[0])! : null);
      }
    } finally {
      await browser.close();
    }
  } finally {
    await app.stop();
  }
}

/** A context at Lighthouse's mobile size (412 × 823) with the page's language and, when given, the session cookie. */
export async function mobileContext(browser: Browser, appUrl: string, locale: string, session: string | null): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  const { hostname } = new URL(appUrl);
  const cookies = [{ name: "locale", value: locale, domain: hostname, path: "/" }];
  if (session) {
    const [name, value] = session.split("=") as [string, string];
    cookies.push({ name, value, domain: hostname, path: "/" });
  }
  await context.addCookies(cookies);
  return context;
}

/**
 * Long tasks of the context's pages from the very start of each document, as [start ms, duration ms]
 * (Long Tasks API); call before the page opens, read with `longTasksOf`.
 */
export async function recordLongTasks(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const held: number[][] = [];
    (globalThis as { __longTasks?: number[][] }).__longTasks = held;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) held.push([Math.round(e.startTime), Math.round(e.duration)]);
    }).observe({ type: "longtask", buffered: true });
  });
}

export const longTasksOf = (page: Page): Promise<number[][]> => page.evaluate(() => (globalThis as { __longTasks?: number[][] }).__longTasks ?? []);

/**
 * Every script the page downloads, with its bytes on the wire (body and headers) and, when `withText`,
 * its text; the returned function waits for the answers still being read, then gives the list.
 */
export function scriptDownloads(page: Page, withText = false): () => Promise<{ url: string; bytes: number; text: string }[]> {
  const scripts: { url: string; bytes: number; text: string }[] = [];
  const pending: Promise<void>[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() !== "script") return;
    pending.push(
      (async () => {
        const sizes = await res.request().sizes();
        const text = withText ? await res.text().catch(() => "") : "";
        scripts.push({ url: res.url(), bytes: sizes.responseBodySize + sizes.responseHeadersSize, text });
      })(),
    );
  });
  return async () => {
    await Promise.all(pending);
    return scripts;
  };
}

/** Runs a tool's main, and exits non-zero with its error when it fails. */
export function runTool(main: () => Promise<void>): void {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
