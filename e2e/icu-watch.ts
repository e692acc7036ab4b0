import type { Page } from "@playwright/test";

/**
 * Records every ICU number or date formatter, collator or locale string built before the page says it has
 * hydrated (`data-hydrated` on <html>), with where it was built. A page's first one costs 15–40 ms of the
 * main thread (ICU's data; 60–130 ms on a phone's slower CPU), so the desk's pages start without one: the
 * clinic's clock, rupees, weekday names and name order are plain arithmetic (lib/schemas/calendar.ts,
 * lib/i18n/format.ts, lib/slots/clinic-time.ts, lib/i18n/name-order.ts), and counts in messages shown at
 * start are plain numbers ({count}, not ICU's #, for which use-intl builds a number formatter). Plural
 * rules are cheap and not recorded. Call before the page's first navigation.
 */
export async function watchIcu(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const built: string[] = [];
    (globalThis as { __icuBuilt?: string[] }).__icuBuilt = built;
    const note = (what: string) => {
      if (!document.documentElement.dataset.hydrated) built.push(`${what} ${location.pathname}\n${new Error().stack?.split("\n").slice(2, 6).join("\n")}`);
    };
    for (const name of ["NumberFormat", "DateTimeFormat", "Collator", "RelativeTimeFormat", "ListFormat"] as const) {
      const Original = Intl[name] as unknown as new (...args: unknown[]) => object;
      const Wrapped = new Proxy(Original, {
        construct(target, args, newTarget) {
          note(`Intl.${name}`);
          return Reflect.construct(target, args, newTarget) as object;
        },
        apply(target, self, args) {
          note(`Intl.${name}`);
          return Reflect.apply(target, self, args) as object;
        },
      });
      Object.defineProperty(Intl, name, { value: Wrapped, configurable: true, writable: true });
    }
    for (const [proto, method] of [
      [String.prototype, "localeCompare"],
      [Number.prototype, "toLocaleString"],
      [Date.prototype, "toLocaleString"],
      [Date.prototype, "toLocaleDateString"],
      [Date.prototype, "toLocaleTimeString"],
    ] as const) {
      const original = (proto as unknown as Record<string, (...a: unknown[]) => unknown>)[method]!;
      Object.defineProperty(proto, method, {
        value: function (this: unknown, ...args: unknown[]) {
          note(method);
          return original.apply(this, args);
        },
        configurable: true,
        writable: true,
      });
    }
  });
  return () => page.evaluate(() => (globalThis as { __icuBuilt?: string[] }).__icuBuilt ?? []);
}
