import { MAIN_CONTENT_ID } from "@/components/layout/skip-link";
import { DeskShell, type DeskChrome } from "@/components/layout/desk-shell";
import { LazyDeskNav, LazyMobileMenu, LazySignOutButton } from "@/components/layout/desk-chrome-lazy";
import { ForbiddenNotice } from "@/components/desk/forbidden-notice";
import { featuresFor, homePathFor } from "@/lib/access";
import { getStaffSession } from "@/lib/server/auth/session";

/** Loaded only when this page shows (see desk-chrome-lazy.tsx): this boundary is part of every route. */
const LAZY_CHROME: DeskChrome = {
  DeskNav: LazyDeskNav,
  MobileMenu: LazyMobileMenu,
  SignOutButton: LazySignOutButton,
  Link: ({ href, className, children }) => (
    <a href={href} className={className}>
      {children}
    </a>
  ),
};

/** Refused by the desk layout (HTTP 403): signed-in staff keep their navigation, as on a page's own refusal. */
export default async function Forbidden() {
  const staff = await getStaffSession();
  if (staff) {
    return (
      <DeskShell staff={{ name: staff.name, role: staff.role }} features={featuresFor(staff.role)} homePath={homePathFor(staff.role)} chrome={LAZY_CHROME}>
        <ForbiddenNotice />
      </DeskShell>
    );
  }
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className="focus:outline-none">
      <ForbiddenNotice />
    </main>
  );
}
