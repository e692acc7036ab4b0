"use client";

import type { ReactNode } from "react";
import { IntlProvider } from "use-intl";
import { TIME_ZONE, type Locale, type Messages } from "./config";

export function AppIntlProvider({ locale, messages, children }: { locale: Locale; messages: Messages; children: ReactNode }) {
  return (
    <IntlProvider locale={locale} messages={messages} timeZone={TIME_ZONE}>
      {children}
    </IntlProvider>
  );
}
