"use client";

import { use, useEffect, useMemo, type ReactNode } from "react";
import { IntlProvider, useLocale, useMessages } from "use-intl";
import type { Messages } from "./catalogue-en";
import { featureMessages, featuresPending, type Feature } from "./features";
import { TIME_ZONE, type Locale } from "./locales";
import { pageHydrated } from "./page-hydrated";

/**
 * The messages of the features its children use, added to those of the providers above it (the
 * desk's own words, a page's features for a dialog in it). Shows its children once they are here:
 * the server renders with them at once, the browser waits for their chunks before hydrating or
 * showing them (a dialog's arrive with its code, see components/ui/lazy-dialog.tsx). Only the
 * features' names pass from a server page, never the messages: they are not in the page's HTML.
 */
export function FeatureMessages({ features, children }: { features: readonly Feature[]; children: ReactNode }) {
  const locale = useLocale();
  const pending = featuresPending(locale, features);
  // No hook may follow a `use` that runs only sometimes: when React replays this first render after the
  // chunks came, `pending` is null, `use` is skipped, and a hook after it would be "updated" before it was
  // ever mounted (React error 467, seen on /live). The hooks live in the child, which mounts once they are here.
  if (pending) use(pending);
  return (
    <WithFeatureMessages locale={locale} features={features}>
      {children}
    </WithFeatureMessages>
  );
}

function WithFeatureMessages({ locale, features, children }: { locale: Locale; features: readonly Feature[]; children: ReactNode }) {
  const outer = useMessages();
  // The desk's page is ready for input once this has hydrated (its messages here): see intl-provider.tsx.
  useEffect(pageHydrated, []);
  const key = features.join();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `features`, often a new array of the same names
  const messages = useMemo(() => ({ ...outer, ...featureMessages(locale, features) }) as Messages, [outer, locale, key]);
  return (
    <IntlProvider locale={locale} messages={messages} timeZone={TIME_ZONE}>
      {children}
    </IntlProvider>
  );
}
