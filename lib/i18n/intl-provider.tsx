"use client";

import { use, type ReactNode } from "react";
import { IntlProvider } from "use-intl";
import type { Messages } from "./catalogue-en";
import { isLocale, TIME_ZONE, type Locale } from "./locales";

/**
 * Each language's catalogue is a chunk of its own, downloaded only by pages shown in that language
 * and cached by the browser from page to page. It is not a prop: the server would serialise a prop
 * into every page's HTML, a second copy of the same messages.
 */
const LOADERS: Record<Locale, () => Promise<Messages>> = {
  en: () => import("./catalogue-en").then((m) => m.en),
  hi: () => import("./catalogue-hi").then((m) => m.hi),
};

const loading = new Map<Locale, Promise<Messages>>();

function catalogue(locale: Locale): Promise<Messages> {
  let promise = loading.get(locale);
  if (!promise) {
    promise = LOADERS[locale]();
    // A failed download (a flaky connection) is tried again by the next render, not cached.
    promise.catch(() => loading.delete(locale));
    loading.set(locale, promise);
  }
  return promise;
}

// Starts the page's catalogue as soon as this module runs, beside the page's other scripts, rather
// than when React reaches the provider: hydration waits for it, so it should already be on its way.
if (typeof document !== "undefined" && isLocale(document.documentElement.lang)) void catalogue(document.documentElement.lang).catch(() => {});

/** The chosen language's messages for every `useTranslations` below; switching language loads the other catalogue once. */
export function AppIntlProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const messages = use(catalogue(locale));
  return (
    <IntlProvider locale={locale} messages={messages} timeZone={TIME_ZONE}>
      {children}
    </IntlProvider>
  );
}
