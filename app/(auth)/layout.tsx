import type { ReactNode } from "react";
import { Brand } from "@/components/layout/brand";
import { MAIN_CONTENT_ID } from "@/components/layout/skip-link";
import { LanguageSwitch } from "@/components/preferences/language-switch";
import { ThemeToggle } from "@/components/preferences/theme-toggle";
import { getTranslator } from "@/lib/i18n/server";

export default async function AuthLayout({ children }: { children: ReactNode }) {
  const t = await getTranslator();
  return (
    <div className="flex min-h-[calc(100dvh-var(--banner-h,0px))] flex-col">
      {/* One row at every width: on a phone a first Hindi visit drew the switches wider in the fallback face,
          wrapped them under the name and moved the whole form up when the Devanagari font arrived (CLS 0.18).
          The name gives way instead, and the header keeps the height of a name on two lines either way. */}
      <header className="flex min-h-18 items-center justify-between gap-3 px-4 py-4 sm:px-8">
        <div className="min-w-0">
          <Brand name={t("common.appName")} />
        </div>
        <section aria-label={t("nav.preferences")} className="flex shrink-0 items-center gap-2">
          <LanguageSwitch />
          <ThemeToggle />
        </section>
      </header>
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 focus:outline-none sm:pt-12">
        {children}
      </main>
    </div>
  );
}
