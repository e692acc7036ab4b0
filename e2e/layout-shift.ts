import type { Page } from "@playwright/test";

/**
 * Sums the page's layout shifts (not those right after input, as CLS leaves them out) from its first
 * paint: call before `page.goto`, read with `layoutShift(page)` once the page has settled. A plain sum
 * over the whole load, so at least what Lighthouse's CLS (the worst 5 s window) would say.
 */
export async function watchLayoutShift(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { layoutShiftTotal: number; layoutShiftSources: string[] };
    w.layoutShiftTotal = 0;
    w.layoutShiftSources = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources?: { node?: Node | null }[] }[]) {
        if (entry.hadRecentInput) continue;
        w.layoutShiftTotal += entry.value;
        for (const s of entry.sources ?? []) {
          const el = s.node instanceof Element ? s.node : s.node?.parentElement;
          if (el) w.layoutShiftSources.push(`${entry.value.toFixed(3)} ${el.tagName.toLowerCase()}${el.getAttribute("data-testid") ? `[data-testid=${el.getAttribute("data-testid")}]` : ""}.${[...el.classList].slice(0, 4).join(".")}`);
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

/** The total so far and the shifted elements (for the failure message). */
export async function layoutShift(page: Page): Promise<{ total: number; sources: string[] }> {
  // Two frames, so that a shift of the last render is reported.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return page.evaluate(() => {
    const w = window as unknown as { layoutShiftTotal: number; layoutShiftSources: string[] };
    return { total: w.layoutShiftTotal, sources: w.layoutShiftSources };
  });
}
