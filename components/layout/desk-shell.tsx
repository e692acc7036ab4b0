import type { ComponentType, ReactNode } from "react";
import type { Feature } from "@/lib/access";
import type { Role } from "@/lib/schemas/staff";
import { getTranslator } from "@/lib/i18n/server";
import { LanguageSwitch } from "@/components/preferences/language-switch";
import { ThemeToggle } from "@/components/preferences/theme-toggle";
import { Brand } from "./brand";
import type { DeskNav } from "./desk-nav";
import type { MobileMenu } from "./mobile-menu";
import type { SignOutButton } from "./sign-out-button";
import { MAIN_CONTENT_ID } from "./skip-link";
import { StaffSummary } from "./staff-summary";

type ShellStaff = { name: string; role: Role };

/**
 * The shell's client components, given by whoever draws it: the desk layout passes them imported
 * directly, the root forbidden page their lazily loaded versions (desk-chrome-lazy.tsx), so that
 * this module, imported by both, pulls none of them into every route's first download.
 */
export type DeskChrome = {
  DeskNav: typeof DeskNav;
  MobileMenu: typeof MobileMenu;
  SignOutButton: typeof SignOutButton;
  /** next/link on desk pages; a plain link on the forbidden page, whose next/link code would weigh on every route. */
  Link: ComponentType<{ href: string; className?: string; children: ReactNode }>;
};

/** Sidebar on wide screens, a top bar with a menu on narrow ones; one nav list for both. */
export async function DeskShell({ staff, features, homePath, chrome, children }: { staff: ShellStaff; features: Feature[]; homePath: string; chrome: DeskChrome; children: ReactNode }) {
  const { DeskNav, MobileMenu, SignOutButton, Link } = chrome;
  const [t, tc, tr] = await Promise.all([getTranslator("nav"), getTranslator("common"), getTranslator("roles")]);
  const roleLabel = tr(staff.role);
  const names = Object.fromEntries(features.map((feature) => [feature, t(feature)]));
  const signOutLabels = { signOut: t("signOut"), signingOut: t("signingOut") };
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
          <DeskNav features={features} names={names} />
        </nav>
        <section aria-label={t("preferences")} className="space-y-2 border-t border-line px-4 py-3">
          <ThemeToggle className="w-full" />
          <LanguageSwitch className="w-full" />
        </section>
        <section aria-label={t("account")} className="flex items-center justify-between gap-2 border-t border-line px-4 py-3">
          <StaffSummary name={staff.name} roleLabel={roleLabel} />
          <SignOutButton iconOnly className="shrink-0" labels={signOutLabels} />
        </section>
      </aside>

      <div className="min-w-0 flex-1">
        <header className="sticky top-0 z-30 flex h-16 items-center justify-between border-b border-line bg-surface/95 px-4 backdrop-blur lg:hidden print:hidden">
          {brand}
          <MobileMenu labels={{ openMenu: t("openMenu"), closeMenu: t("closeMenu") }}>
            <nav aria-label={t("label")}>
              <DeskNav features={features} names={names} />
            </nav>
            <div className="mt-3 grid gap-2 border-t border-line pt-3 sm:grid-cols-2">
              <ThemeToggle />
              <LanguageSwitch />
            </div>
            <div className="mt-3 flex items-center justify-between gap-2 border-t border-line pt-3">
              <StaffSummary name={staff.name} roleLabel={roleLabel} />
              <SignOutButton labels={signOutLabels} />
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
