/**
 * What JavaScript a first visit to each page downloads, chunk by chunk (bytes as sent, gzip), with
 * the libraries each chunk carries: the quick check between builds, where `npm run bench lighthouse`
 * is the slow one. Run: `npx tsx --conditions=react-server bench/first-visit-js.ts [/login ...]`
 * against an app it starts from the build in .next (FIRST_VISIT_APP_PORT, FIRST_VISIT_SANDBOX_PORT;
 * default free ports), or FIRST_VISIT_APP_URL for one already running with the sandbox's demo staff.
 * FIRST_VISIT_LOCALES=en,hi; FIRST_VISIT_CHUNKS=1 lists each chunk.
 */
import { chromium } from "@playwright/test";
import { signIn, startApp } from "./harness";

const CHROMIUM = "/usr/bin/chromium";
const PAGES: [string, [string, string] | null][] = [
  ["/login", null],
  ["/patients", ["reception@demo.clinic", "sandbox-reception"]],
  ["/patients/new", ["reception@demo.clinic", "sandbox-reception"]],
  ["/slots", ["reception@demo.clinic", "sandbox-reception"]],
  ["/appointments/today", ["reception@demo.clinic", "sandbox-reception"]],
  ["/drugs", ["reception@demo.clinic", "sandbox-reception"]],
  ["/documents", ["reception@demo.clinic", "sandbox-reception"]],
  ["/live", ["reception@demo.clinic", "sandbox-reception"]],
  ["/settings", ["admin@demo.clinic", "sandbox-admin"]],
  ["/patients/audit", ["admin@demo.clinic", "sandbox-admin"]],
];

/** Strings that identify a library inside a minified chunk. */
const MARKERS: [string, RegExp][] = [
  ["react-dom", /react-dom|__reactContainer|Minified React error/],
  ["next-auth", /nextauth|__NEXTAUTH|next-auth/],
  ["tanstack-query", /QueryClient|queryCache|refetchOnWindowFocus/],
  ["sonner", /data-sonner-toaster|sonner-toast/],
  ["next-themes", /theme-color|"data-theme"|resolvedTheme/],
  ["use-intl", /IntlProvider|INSUFFICIENT_PATH|MISSING_MESSAGE/],
  ["zod", /ZodError|\$ZodType|zod/],
  ["react-hook-form", /useForm|shouldUnregister|criteriaMode/],
  ["lucide", /lucide/],
  ["date-fns", /date-fns|startOfWeek|differenceInCalendar/],
  ["catalogue", /"signIn":\{|signIn:\{/],
];

async function main() {
  const wanted = process.argv.slice(2);
  const locales = (process.env.FIRST_VISIT_LOCALES ?? "en").split(",");
  const listChunks = process.env.FIRST_VISIT_CHUNKS === "1";
  const given = process.env.FIRST_VISIT_APP_URL;
  const port = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
  const app = given
    ? { appUrl: given, stop: async () => {} }
    : await startApp({ build: false, appPort: port("FIRST_VISIT_APP_PORT"), sandboxPort: port("FIRST_VISIT_SANDBOX_PORT") });
  const browser = await chromium.launch({ executablePath: CHROMIUM });
  const sessions = new Map<string, string>();
  try {
    for (const [path, login] of PAGES.filter(([p]) => !wanted.length || wanted.includes(p))) {
      let session = "";
      if (login) {
        if (!sessions.has(login[0])) sessions.set(login[0], await signIn(app.appUrl, ...login));
        session = sessions.get(login[0])!;
      }
      for (const locale of locales) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
        const url = new URL(app.appUrl);
        const cookies = [{ name: "locale", value: locale, domain: url.hostname, path: "/" }];
        if (session) {
          const [name, value] = session.split("=") as [string, string];
          cookies.push({ name, value, domain: url.hostname, path: "/" });
        }
        await context.addCookies(cookies);
        const page = await context.newPage();
        const chunks: { url: string; bytes: number; libs: string[] }[] = [];
        const pending: Promise<void>[] = [];
        page.on("response", (res) => {
          if (res.request().resourceType() !== "script") return;
          pending.push(
            (async () => {
              const sizes = await res.request().sizes();
              const text = await res.text().catch(() => "");
              chunks.push({ url: res.url().replace(app.appUrl, ""), bytes: sizes.responseBodySize + sizes.responseHeadersSize, libs: MARKERS.filter(([, re]) => re.test(text)).map(([n]) => n) });
            })(),
          );
        });
        await page.goto(app.appUrl + path, { waitUntil: "networkidle" });
        await page.waitForTimeout(1500);
        await Promise.all(pending);
        const total = chunks.reduce((s, c) => s + c.bytes, 0);
        console.log(`${path} (${locale}): ${(total / 1024).toFixed(1)} KiB in ${chunks.length} scripts`);
        if (listChunks) for (const c of chunks.sort((a, b) => b.bytes - a.bytes)) console.log(`  ${(c.bytes / 1024).toFixed(1).padStart(6)} KiB ${c.url} ${c.libs.join(",")}`);
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await app.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
