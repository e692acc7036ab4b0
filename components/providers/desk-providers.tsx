"use client";

import type { ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { getQueryClient } from "@/lib/api-client/query-client";
import { DeskUpdatedNotice } from "@/components/feedback/desk-updated-notice";
import { DeskToaster } from "@/components/providers/toaster";
import { AppIntlProvider } from "@/lib/i18n/intl-provider";
import type { Locale } from "@/lib/i18n/locales";

/**
 * The desk pages' providers (app/(desk)/layout.tsx): the page's language catalogue for
 * `useTranslations`, TanStack Query, the toasts and the "desk was updated" notice. Pages outside the desk do without them.
 */
export function DeskProviders({ locale, children }: { locale: Locale; children: ReactNode }) {
  const queryClient = getQueryClient();
  return (
    <AppIntlProvider locale={locale}>
      <QueryClientProvider client={queryClient}>
        {children}
        <DeskUpdatedNotice />
        <DeskToaster />
      </QueryClientProvider>
    </AppIntlProvider>
  );
}
