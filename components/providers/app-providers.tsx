"use client";

import { useEffect, type ReactNode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { ThemeProvider, useTheme } from "next-themes";
import { Toaster } from "sonner";
import { useTranslations } from "use-intl";
import { getQueryClient } from "@/lib/api-client/query-client";

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
 * `nonce` is this response's CSP script nonce: next-themes' inline script (no flash of the wrong theme) needs it.
 * Rendered inside the page's language provider (app/layout.tsx), which brings the one catalogue it shows.
 */
export function AppProviders({ nonce, children }: { nonce?: string; children: ReactNode }) {
  const queryClient = getQueryClient();
  // Lets end-to-end tests wait until the page answers input instead of racing hydration.
  useEffect(() => void (document.documentElement.dataset.hydrated = "true"), []);
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      <QueryClientProvider client={queryClient}>
        {children}
        <ThemedToaster />
      </QueryClientProvider>
    </ThemeProvider>
  );
}
