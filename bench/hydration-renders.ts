/**
 * What React renders while a page starts, commit by commit: how many function components each commit
 * rendered, the shallowest of them (where the update began, with its ancestors and any hook whose
 * state changed), and the page's long tasks, on a CPU throttled 4× at Lighthouse's mobile size. It reads
 * React's devtools hook, which React calls in production builds too; component names are minified, so
 * each is shown with its first DOM element. Finds renders a page does not need (a context that changes
 * after hydration, a state set in an effect) before any of them is guessed at. Run:
 * `npx tsx --conditions=react-server bench/hydration-renders.ts [/patients/new ...]` against an app it
 * starts from the build in .next (HYDRATION_APP_PORT, HYDRATION_SANDBOX_PORT; default free ports), or
 * HYDRATION_APP_URL for one already running with the sandbox's demo staff. HYDRATION_LOCALE=en|hi.
 * HYDRATION_TYPE="#patient-firstName=Asha" then types into that field, a key at a time, and reports
 * the commits of the typing too (what a keystroke costs).
 */
import type { Browser } from "@playwright/test";
import { ADMIN, RECEPTION, longTasksOf, mobileContext, recordLongTasks, runTool, visitPages, type DemoLogin } from "./page-visits";

const PAGES: [string, DemoLogin | null][] = [
  ["/login", null],
  ["/patients/new", RECEPTION],
  ["/slots", RECEPTION],
  ["/appointments/today", RECEPTION],
  ["/billing", RECEPTION],
  ["/settings", ADMIN],
];

interface Commit {
  at: number;
  rendered: number;
  fibres: number;
  startedAt: string[];
  most: string[];
}

/** Runs in the page before React: the hook React reports every commit to. Plain JavaScript only (serialised). */
function installCommitLog() {
  type Fiber = { type: unknown; tag: number; child: Fiber | null; sibling: Fiber | null; return: Fiber | null; alternate: Fiber | null; memoizedProps: unknown; memoizedState: unknown; stateNode: unknown };
  type Hook = { memoizedState: unknown; next: Hook | null };
  const g = globalThis as unknown as { __commits: Commit[]; __events: number[]; __REACT_DEVTOOLS_GLOBAL_HOOK__: unknown };
  const commits: Commit[] = (g.__commits = []);
  // Key presses and input events taking 16 ms or more, input to next paint (Event Timing, as INP reads them).
  const events: number[] = (g.__events = []);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (/^key|^input|^beforeinput/.test(e.name)) events.push(Math.round(e.duration));
  }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  const nameOf = (f: Fiber) => {
    const t = f.type as { displayName?: string; name?: string; $$typeof?: symbol } | string | null;
    if (typeof t === "function") return (t as { displayName?: string; name?: string }).displayName || (t as { name?: string }).name || "anonymous";
    if (typeof t === "string") return t;
    return t && t.$$typeof ? String(t.$$typeof).replace(/^Symbol\(react\.|\)$/g, "") : `tag ${f.tag}`;
  };
  const describe = (f: Fiber) => {
    let host = f.child;
    while (host && typeof host.type !== "string") host = host.child;
    const el = host?.stateNode as Element | undefined;
    const where = el?.nodeType === 1 ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.getAttribute("aria-label") ? `[${el.getAttribute("aria-label")!.slice(0, 24)}]` : ""}` : "-";
    return `${nameOf(f)} → ${where}`;
  };
  const hookChanges = (f: Fiber) => {
    const changed: string[] = [];
    let now = f.memoizedState as Hook | null;
    let before = (f.alternate?.memoizedState ?? null) as Hook | null;
    for (let i = 0; now && i < 60; i++, now = now.next, before = before?.next ?? null) {
      if (before && now.memoizedState !== before.memoizedState && typeof now.memoizedState !== "function") changed.push(`hook ${i}`);
    }
    return changed;
  };
  // A fibre a commit reuses unrendered keeps its objects; one it rendered has new ones (props or hook list).
  const seen = new WeakMap<object, unknown>();
  g.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    renderers: new Map(),
    inject: () => 1,
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id: number, root: { current: Fiber }) {
      let fibres = 0;
      let shallowest = Infinity;
      let starts: string[] = [];
      const counts = new Map<string, number>();
      const walk = (first: Fiber | null, depth: number) => {
        for (let f = first; f; f = f.sibling) {
          fibres++;
          if (typeof f.type === "function") {
            const mark = f.memoizedState ?? f.memoizedProps;
            const alt = f.alternate;
            const fresh = !alt || f.memoizedProps !== alt.memoizedProps || f.memoizedState !== alt.memoizedState;
            if (fresh && seen.get(f) !== mark) {
              const what = describe(f);
              counts.set(what, (counts.get(what) ?? 0) + 1);
              if (depth < shallowest) [shallowest, starts] = [depth, []];
              if (depth === shallowest && starts.length < 3) {
                const above: string[] = [];
                for (let a = f.return, k = 0; a && k < 8; a = a.return, k++) above.push(nameOf(a) + (a.alternate && a.memoizedProps !== a.alternate.memoizedProps ? "*" : ""));
                const hooks = hookChanges(f);
                starts.push(`${what}${alt ? "" : " (first render)"}${hooks.length ? `; changed: ${hooks.join(", ")}` : ""}; under ${above.join(" < ")}`);
              }
            }
            seen.set(f, mark);
            if (alt) seen.set(alt, mark);
          }
          walk(f.child, depth + 1);
        }
      };
      walk(root.current, 0);
      const most = [...counts].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ×${v}`);
      commits.push({ at: Math.round(performance.now()), rendered: [...counts.values()].reduce((s, n) => s + n, 0), fibres, startedAt: starts, most });
    },
  };
}

async function visit(browser: Browser, appUrl: string, path: string, session: string | null, locale: string) {
  const context = await mobileContext(browser, appUrl, locale, session);
  try {
    // tsx (esbuild) wraps named functions in a `__name(…)` helper that the page does not have.
    await context.addInitScript({ content: `var __name = (f) => f; (${installCommitLog.toString()})();` });
    await recordLongTasks(context);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on("pageerror", (e) => problems.push(e.message));
    page.on("console", (m) => void (m.type() === "error" && problems.push(m.text())));
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await page.goto(appUrl + path, { waitUntil: "networkidle", timeout: 120_000 });
    await page.waitForTimeout(2000);
    const typing = process.env.HYDRATION_TYPE?.match(/^([^=]+)=(.*)$/);
    if (typing) {
      await page.evaluate(() => ((globalThis as unknown as { __commits: Commit[] }).__commits.push({ at: Math.round(performance.now()), rendered: 1, fibres: 0, startedAt: ["(typing starts)"], most: [] }), undefined));
      await page.locator(typing[1]!).pressSequentially(typing[2]!, { delay: 150 });
      await page.waitForTimeout(1000);
    }
    const { commits, events } = await page.evaluate(() => {
      const g = globalThis as unknown as { __commits: Commit[]; __events: number[] };
      return { commits: g.__commits, events: g.__events };
    });
    const longTasks = await longTasksOf(page);
    console.log(`\n## ${path} (${locale})`);
    for (const c of commits.filter((c) => c.rendered > 0)) {
      console.log(`- ${c.at} ms: ${c.rendered} components rendered of ${c.fibres} fibres`);
      for (const s of c.startedAt) console.log(`    from ${s}`);
      console.log(`    most: ${c.most.join(" · ")}`);
    }
    console.log(`- long tasks (start ms +duration): ${longTasks.map(([s, d]) => `${s} +${d}`).join(", ") || "none"}`);
    if (typing) console.log(`- typed keys' events of 16 ms or more, input to next paint (ms): ${events.join(", ") || "none"}`);
    if (problems.length) console.log(`- errors on the page: ${problems.join(" | ")}`);
  } finally {
    await context.close();
  }
}

async function main() {
  const locale = process.env.HYDRATION_LOCALE ?? "en";
  await visitPages("HYDRATION", PAGES, (browser, appUrl, path, session) => visit(browser, appUrl, path, session, locale));
}

runTool(main);
