import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { headers } from "next/headers";
import { AppProviders } from "@/components/providers/app-providers";
import { SandboxBanner } from "@/components/layout/sandbox-banner";
import { SkipLink } from "@/components/layout/skip-link";
import { EarlySubmitGuard } from "@/components/layout/early-submit-guard";
import { devanagariFontUrl } from "@/lib/server/devanagari-font";
import { platformDemo } from "@/lib/server/platform-demo";
import { getLocale, getTranslator } from "@/lib/i18n/server";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslator("meta");
  return {
    title: { default: t("title"), template: `%s · ${t("title")}` },
    description: t("description"),
    robots: { index: false, follow: false },
    manifest: "/manifest.webmanifest",
  };
}

export const viewport: Viewport = {
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#f4f7f8" },
    { media: "(prefers-color-scheme: dark)", color: "#0b1417" },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [locale, requestHeaders] = await Promise.all([getLocale(), headers()]);
  // A Hindi page fetches its font with the stylesheet, so the first paint uses it: no shift when it arrives.
  const hindiFont = locale === "hi" ? devanagariFontUrl() : undefined;
  const nonce = requestHeaders.get("x-nonce") ?? undefined;
  return (
    <html lang={locale} suppressHydrationWarning>
      {hindiFont ? (
        <head>
          <link rel="preload" href={hindiFont} as="font" type="font/woff2" crossOrigin="anonymous" />
        </head>
      ) : null}
      <body className="min-h-dvh">
        <EarlySubmitGuard nonce={nonce} />
        <AppProviders nonce={nonce}>
          <SkipLink />
          {platformDemo() ? <SandboxBanner /> : null}
          {children}
        </AppProviders>
      </body>
    </html>
  );
}
