/**
 * What JavaScript a first visit to each page downloads, chunk by chunk (bytes as sent, gzip), with
 * the libraries each chunk carries: the quick check between builds, where `npm run bench lighthouse`
 * is the slow one. Run: `npx tsx --conditions=react-server bench/first-visit-js.ts [/login ...]`
 * against an app it starts from the build in .next (FIRST_VISIT_APP_PORT, FIRST_VISIT_SANDBOX_PORT;
 * default free ports), or FIRST_VISIT_APP_URL for one already running with the sandbox's demo staff.
 * FIRST_VISIT_LOCALES=en,hi; FIRST_VISIT_CHUNKS=1 lists each chunk.
 */
import { ADMIN, RECEPTION, mobileContext, runTool, scriptDownloads, visitPages, type DemoLogin } from "./page-visits";

const PAGES: [string, DemoLogin | null][] = [
  ["/login", null],
  ["/patients", RECEPTION],
  ["/patients/new", RECEPTION],
  ["/slots", RECEPTION],
  ["/appointments/today", RECEPTION],
  ["/drugs", RECEPTION],
  ["/documents", RECEPTION],
  ["/live", RECEPTION],
  ["/settings", ADMIN],
  ["/patients/audit", ADMIN],
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
  const locales = (process.env.FIRST_VISIT_LOCALES ?? "en").split(",");
  const listChunks = process.env.FIRST_VISIT_CHUNKS === "1";
  await visitPages("FIRST_VISIT", PAGES, async (browser, appUrl, path, session) => {
    for (const locale of locales) {
      const context = await mobileContext(browser, appUrl, locale, session);
      const page = await context.newPage();
      const scripts = scriptDownloads(page, true);
      await page.goto(appUrl + path, { waitUntil: "networkidle" });
      await page.waitForTimeout(1500);
      const chunks = (await scripts()).map((s) => ({ url: s.url.replace(appUrl, ""), bytes: s.bytes, libs: MARKERS.filter(([, re]) => re.test(s.text)).map(([n]) => n) }));
      const total = chunks.reduce((s, c) => s + c.bytes, 0);
      console.log(`${path} (${locale}): ${(total / 1024).toFixed(1)} KiB in ${chunks.length} scripts`);
      if (listChunks) for (const c of chunks.sort((a, b) => b.bytes - a.bytes)) console.log(`  ${(c.bytes / 1024).toFixed(1).padStart(6)} KiB ${c.url} ${c.libs.join(",")}`);
      await context.close();
    }
  });
}

runTool(main);
