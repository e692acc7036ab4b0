"use client";

import { use, type ReactNode } from "react";
import { IntlProvider } from "use-intl";
import type { Messages } from "./catalogue-en";
import { downloadOnce, type CommonMessages } from "./features";
import { isLocale, TIME_ZONE, type Locale } from "./locales";

/**
 * The desk's own words (messages/{en,hi}.json: navigation, problems, common buttons) for each
 * language are a chunk of their own, downloaded only by pages shown in that language and cached by
 * the browser from page to page; each feature's words come with the pages and dialogs that use them
 * (<FeatureMessages>, feature-messages.tsx). Not a prop: the server would serialise a prop into
 * every page's HTML, a second copy of the same messages.
 */
const LOADERS: Record<Locale, () => Promise<{ default: CommonMessages }>> = {
  en: () => import("./messages/en.json"),
  hi: () => import("./messages/hi.json"),
};

const loading = new Map<Locale, Promise<CommonMessages>>();

function catalogue(locale: Locale): Promise<CommonMessages> {
  return downloadOnce(loading, locale, () => LOADERS[locale]().then((m) => m.default));
}

// Starts the page's catalogue as soon as this module runs, beside the page's other scripts, rather
// than when React reaches the provider: hydration waits for it, so it should already be on its way.
if (typeof document !== "undefined" && isLocale(document.documentElement.lang)) void catalogue(document.documentElement.lang).catch(() => {});

// A desk page answers input only once its own part has hydrated, after its features' messages came:
// this marks a first desk load as waiting, and <FeatureMessages> (every desk page and refusal) or the
// desk's error page ends the wait (page-hydrated.ts), setting the `data-hydrated` end-to-end tests wait for.
if (typeof document !== "undefined" && !document.documentElement.dataset.hydrated) document.documentElement.dataset.messagesLoading = "true";

/**
 * The chosen language's common messages for every `useTranslations` below; switching language loads
 * the other one once. Typed as the whole catalogue for `useTranslations`'s keys: a feature's
 * namespace is there only inside a <FeatureMessages> naming it (checked by page-messages.test.ts).
 */
export function AppIntlProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  const messages = use(catalogue(locale)) as Messages;
  return (
    <IntlProvider locale={locale} messages={messages} timeZone={TIME_ZONE}>
      {children}
    </IntlProvider>
  );
}
