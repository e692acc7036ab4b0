import type { ReactNode } from "react";
import Link from "next/link";
import type { Feature } from "@/lib/access";
import type { Role } from "@/lib/schemas/staff";
import { getTranslator } from "@/lib/i18n/server";
import { LanguageSwitch } from "@/components/preferences/language-switch";
import { ThemeToggle } from "@/components/preferences/theme-toggle";
import { Brand } from "./brand";
import { DeskNav } from "./desk-nav";
import { MobileMenu } from "./mobile-menu";
import { SignOutButton } from "./sign-out-button";
import { MAIN_CONTENT_ID } from "./skip-link";
import { StaffSummary } from "./staff-summary";

type ShellStaff = { name: string; role: Role };

/** Sidebar on wide screens, a top bar with a menu on narrow ones; one nav list for both. */
export async function DeskShell({ staff, features, homePath, children }: { staff: ShellStaff; features: Feature[]; homePath: string; children: ReactNode }) {
  const [t, tc, tr] = await Promise.all([getTranslator("nav"), getTranslator("common"), getTranslator("roles")]);
  const roleLabel = tr(staff.role);
  const brand = (
    <Link href={homePath} className="rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus">
      <Brand name={tc("appName")} tagline={roleLabel} />
    </Link>
  );

  return (
    <div className="lg:flex">
      <aside className="hidden border-r print:!hidden border-line bg-surface lg:sticky lg:top-[var(--banner-h,0px)] lg:flex lg:h-[calc(100dvh-var(--banner-h,0px))] lg:w-64 lg:shrink-0 lg:flex-col">
        <div className="px-5 pt-5 pb-4">{brand}</div>
        <nav aria-label={t("label")} className="flex-1 overflow-y-auto px-3 py-2">
          <DeskNav features={features} />
        </nav>
        <section aria-label={t("preferences")} className="space-y-2 border-t border-line px-4 py-3">
          <ThemeToggle className="w-full" />
          <LanguageSwitch className="w-full" />
        </section>
        <section aria-label={t("account")} className="flex items-center justify-between gap-2 border-t border-line px-4 py-3">
          <StaffSummary name={staff.name} roleLabel={roleLabel} />
          <SignOutButton iconOnly className="shrink-0" />
        </section>
      </aside>

      <div className="min-w-0 flex-1">
        <header className="sticky top-0 z-30 flex h-16 items-center justify-between border-b border-line bg-surface/95 px-4 backdrop-blur lg:hidden print:hidden">
          {brand}
          <MobileMenu>
            <nav aria-label={t("label")}>
              <DeskNav features={features} />
            </nav>
            <div className="mt-3 grid gap-2 border-t border-line pt-3 sm:grid-cols-2">
              <ThemeToggle />
              <LanguageSwitch />
            </div>
            <div className="mt-3 flex items-center justify-between gap-2 border-t border-line pt-3">
              <StaffSummary name={staff.name} roleLabel={roleLabel} />
              <SignOutButton />
            </div>
          </MobileMenu>
        </header>
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto w-full max-w-7xl px-4 py-6 focus:outline-none sm:px-6 lg:px-10 lg:py-8">
          {children}
        </main>
      </div>
    </div>
  );
}
