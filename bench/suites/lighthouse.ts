/**
 * Lighthouse on every page, signed in as a role that uses it: performance with the desktop and the
 * mobile preset (median of 3 runs each), mobile total blocking time, layout shift, and what a first
 * visit transfers (JavaScript and fonts, as sent: gzip). English and Hindi.
 *
 * Lighthouse 12.2.3 is pinned (devDependencies): 13 needs Node 22. It drives the system Chromium.
 * Narrow a run with LIGHTHOUSE_PAGES=/login,/settings, LIGHTHOUSE_LOCALES=en, LIGHTHOUSE_RUNS=1;
 * LIGHTHOUSE_APP_URL measures an app already running (with the sandbox's demo staff) instead of
 * starting one; LIGHTHOUSE_APP_PORT and LIGHTHOUSE_SANDBOX_PORT give the ports of the one it starts.
 */
import os from "node:os";
import { execFileSync } from "node:child_process";
import { can, FEATURES, type Action } from "../../lib/access";
import type { Role } from "../../lib/schemas/staff";
import { signIn, startApp, type RunningApp } from "../harness";
import type { SuiteResult } from "../report";

const CHROMIUM = "/usr/bin/chromium";
const CHROMIUM_FLAGS = ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update"];
const DEMO_LOGIN: Record<Role, [string, string]> = {
  receptionist: ["reception@demo.clinic", "sandbox-reception"],
  doctor: ["doctor@demo.clinic", "sandbox-doctor"],
  admin: ["admin@demo.clinic", "sandbox-admin"],
};
const ROLES: Role[] = ["receptionist", "doctor", "admin"];

/** Every page staff open, with the permission it needs (the role that uses it is the first that may). */
const PAGES: { path: string; action: Action | null }[] = [
  { path: "/login", action: null },
  ...Object.values(FEATURES).map((f) => ({ path: f.path, action: f.action as Action })),
  { path: "/patients/new", action: "patients.write" },
  { path: "/patients/audit", action: "patients.audit" },
];

const TARGETS = {
  desktopScore: 95,
  mobileScore: 90,
  mobileTbtMs: 200,
  cls: 0.05,
  /** KiB of JavaScript (as transferred) a first visit downloads. */
  jsKiB: { "/login": 150, "/appointments/today": 220 } as Record<string, number>,
  /** An English page draws one Devanagari word (the language switch): its few-glyph face, not the whole font. */
  englishFontKiB: 8,
};

interface Run {
  score: number;
  tbt: number;
  cls: number;
  lcp: number;
  jsBytes: number;
  fontBytes: number;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const kib = (bytes: number) => bytes / 1024;

interface LighthouseItem {
  resourceType?: string;
  transferSize?: number;
}

type LighthouseFn = (
  url: string,
  flags: Record<string, unknown>,
  config?: unknown,
) => Promise<{ lhr: { runtimeError?: { code: string; message: string }; categories: { performance: { score: number | null } }; audits: Record<string, { numericValue?: number; details?: { items?: LighthouseItem[] } }> } } | undefined>;

/** Tries a run that Lighthouse could not finish (on a busy machine a page can miss its paint deadline) twice more. */
const ATTEMPTS = 3;

async function loadLighthouse() {
  // Both are ES modules only; the bench runs as CommonJS under tsx.
  const lighthouse = (await import("lighthouse")).default as unknown as LighthouseFn;
  const desktopConfig = (await import("lighthouse/core/config/desktop-config.js")).default as unknown;
  const { launch } = await import("chrome-launcher");
  return { lighthouse, desktopConfig, launch };
}

async function measure(tools: Awaited<ReturnType<typeof loadLighthouse>>, url: string, cookie: string, preset: "desktop" | "mobile"): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await measureOnce(tools, url, cookie, preset);
    } catch (err) {
      if (attempt >= ATTEMPTS) throw err;
      console.warn(`  ${preset} ${url}: ${(err as Error).message}; again`);
    }
  }
}

async function measureOnce(tools: Awaited<ReturnType<typeof loadLighthouse>>, url: string, cookie: string, preset: "desktop" | "mobile"): Promise<Run> {
  const chrome = await tools.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
  try {
    const result = await tools.lighthouse(
      url,
      { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"], extraHeaders: cookie ? { Cookie: cookie } : undefined },
      preset === "desktop" ? tools.desktopConfig : undefined,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr.runtimeError.code}`);
    const items = lhr.audits["resource-summary"]?.details?.items ?? [];
    const bytesOf = (type: string) => items.find((i) => i.resourceType === type)?.transferSize ?? 0;
    return {
      score: Math.round((lhr.categories.performance.score ?? 0) * 100),
      tbt: lhr.audits["total-blocking-time"]?.numericValue ?? NaN,
      cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? NaN,
      lcp: lhr.audits["largest-contentful-paint"]?.numericValue ?? NaN,
      jsBytes: bytesOf("script"),
      fontBytes: bytesOf("font"),
    };
  } finally {
    chrome.kill();
  }
}

function roleFor(action: Action | null): Role | null {
  if (!action) return null;
  const role = ROLES.find((r) => can(r, action));
  if (!role) throw new Error(`no role may ${action}`);
  return role;
}

export async function lighthouseBench(): Promise<SuiteResult> {
  const wantedPages = process.env.LIGHTHOUSE_PAGES?.split(",").filter(Boolean);
  const locales = (process.env.LIGHTHOUSE_LOCALES ?? "en,hi").split(",").filter(Boolean);
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const pages = wantedPages ? PAGES.filter((p) => wantedPages.includes(p.path)) : PAGES;
  const given = process.env.LIGHTHOUSE_APP_URL;
  const port = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
  const app: Pick<RunningApp, "appUrl" | "stop"> = given
    ? { appUrl: given, stop: async () => {} }
    : await startApp({ appPort: port("LIGHTHOUSE_APP_PORT"), sandboxPort: port("LIGHTHOUSE_SANDBOX_PORT") });
  const tools = await loadLighthouse();
  const rows: string[][] = [];
  const targets: SuiteResult["targets"] = [];
  const loads: string[] = [];
  try {
    const sessions = new Map<Role, string>();
    for (const page of pages) {
      const role = roleFor(page.action);
      if (role && !sessions.has(role)) sessions.set(role, await signIn(app.appUrl, ...DEMO_LOGIN[role]));
      for (const locale of locales) {
        const cookie = [role ? sessions.get(role)! : "", `locale=${locale}`].filter(Boolean).join("; ");
        const byPreset: Record<"desktop" | "mobile", Run[]> = { desktop: [], mobile: [] };
        for (const preset of ["desktop", "mobile"] as const) {
          for (let i = 0; i < runs; i += 1) byPreset[preset].push(await measure(tools, app.appUrl + page.path, cookie, preset));
        }
        loads.push(os.loadavg()[0]!.toFixed(1));
        const m = (preset: "desktop" | "mobile", key: keyof Run) => median(byPreset[preset].map((r) => r[key]));
        const label = `${page.path} (${locale})`;
        const js = kib(m("mobile", "jsBytes"));
        // The desktop layout shows the language switch in the sidebar; the mobile one inside the menu.
        const fonts = kib(Math.max(m("desktop", "fontBytes"), m("mobile", "fontBytes")));
        rows.push([
          page.path,
          locale,
          role ?? "signed out",
          String(m("desktop", "score")),
          String(m("mobile", "score")),
          `${m("mobile", "tbt").toFixed(0)} ms`,
          `${m("desktop", "cls").toFixed(3)} / ${m("mobile", "cls").toFixed(3)}`,
          `${(m("mobile", "lcp") / 1000).toFixed(2)} s`,
          `${js.toFixed(1)} KiB`,
          `${fonts.toFixed(1)} KiB`,
        ]);
        targets.push({ name: `${label} performance desktop ≥ ${TARGETS.desktopScore}`, value: String(m("desktop", "score")), met: m("desktop", "score") >= TARGETS.desktopScore });
        targets.push({ name: `${label} performance mobile ≥ ${TARGETS.mobileScore}`, value: String(m("mobile", "score")), met: m("mobile", "score") >= TARGETS.mobileScore });
        targets.push({ name: `${label} mobile TBT ≤ ${TARGETS.mobileTbtMs} ms`, value: `${m("mobile", "tbt").toFixed(0)} ms`, met: m("mobile", "tbt") <= TARGETS.mobileTbtMs });
        const cls = Math.max(m("desktop", "cls"), m("mobile", "cls"));
        targets.push({ name: `${label} CLS ≤ ${TARGETS.cls}`, value: cls.toFixed(3), met: cls <= TARGETS.cls });
        const jsLimit = TARGETS.jsKiB[page.path];
        if (jsLimit) targets.push({ name: `${label} first-visit JavaScript ≤ ${jsLimit} KiB`, value: `${js.toFixed(1)} KiB`, met: js <= jsLimit });
        if (locale === "en") targets.push({ name: `${label} fonts ≤ ${TARGETS.englishFontKiB} KiB (the switch's label face only)`, value: `${fonts.toFixed(1)} KiB`, met: fonts <= TARGETS.englishFontKiB });
      }
    }
  } finally {
    await app.stop();
  }
  let chromium = "Chromium";
  try {
    chromium = execFileSync(CHROMIUM, ["--version"], { encoding: "utf8" }).trim();
  } catch {
    /* reported as plain Chromium */
  }
  return {
    title: "Lighthouse per page (desktop and mobile presets)",
    note: `Lighthouse 12.2.3, ${chromium}, headless; median of ${runs} runs per preset, each in a fresh browser with an empty cache (a first visit). The mobile preset throttles the CPU 4× and the network to slow 4G (simulated). Signed in as the first role that may open the page (demo staff); the sandbox's demo data. JS: bytes transferred (gzip) on the mobile runs; fonts: the larger of the desktop and mobile runs. Load average (1 min) after each page: ${loads.join(", ")} on ${os.cpus().length} cores: scores drop on a busy machine.`,
    columns: ["page", "language", "signed in as", "performance desktop", "performance mobile", "mobile TBT", "CLS desktop / mobile", "mobile LCP", "JS first visit", "fonts"],
    rows,
    targets,
  };
}
