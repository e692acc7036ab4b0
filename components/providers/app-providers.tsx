"use client";

import { useEffect, type ReactNode } from "react";
import { ThemeProvider } from "next-themes";

/**
 * Every page's providers: only the theme, which the sign-in page's switch needs too. The desk's
 * own (its language catalogue, TanStack Query, toasts) are in desk-providers.tsx, loaded by desk
 * pages only: the sign-in page downloads none of them.
 * `nonce` is this response's CSP script nonce: next-themes' inline script (no flash of the wrong theme) needs it.
 */
export function AppProviders({ nonce, children }: { nonce?: string; children: ReactNode }) {
  // Lets end-to-end tests wait until the page answers input instead of racing hydration; a page
  // whose part waits for its feature messages says so itself (lib/i18n/feature-messages.tsx).
  useEffect(() => {
    if (!document.documentElement.dataset.messagesLoading) document.documentElement.dataset.hydrated = "true";
  }, []);
  return (
    <ThemeProvider attribute="class" defaultTheme="system" enableSystem disableTransitionOnChange nonce={nonce}>
      {children}
    </ThemeProvider>
  );
}
