"use client";

import type { ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { useTheme } from "next-themes";
import { Toaster } from "sonner";
import { useTranslations } from "use-intl";
import { getQueryClient } from "@/lib/api-client/query-client";
import { DeskUpdatedNotice } from "@/components/feedback/desk-updated-notice";
import { AppIntlProvider } from "@/lib/i18n/intl-provider";
import type { Locale } from "@/lib/i18n/locales";

function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  const t = useTranslations("common");
  // Sonner sets its own system font stack, which has no Devanagari on most desk PCs (Hindi names drew as boxes):
  // the toasts inherit the app's stack instead, which starts with the bundled Noto Sans Devanagari.
  return (
    <Toaster
      theme={resolvedTheme === "dark" ? "dark" : "light"}
      closeButton
      position="top-right"
      containerAriaLabel={t("notifications")}
      style={{ fontFamily: "inherit" }}
      toastOptions={{ style: { fontFamily: "inherit" } }}
    />
  );
}

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
        <ThemedToaster />
      </QueryClientProvider>
    </AppIntlProvider>
  );
}
