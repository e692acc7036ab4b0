import type { ReactNode } from "react";
import Link from "next/link";
import { headers } from "next/headers";
import { forbidden } from "next/navigation";
import { DeskShell } from "@/components/layout/desk-shell";
import { DeskNav } from "@/components/layout/desk-nav";
import { MobileMenu } from "@/components/layout/mobile-menu";
import { SignOutButton } from "@/components/layout/sign-out-button";
import { DeskProviders } from "@/components/providers/desk-providers";
import { getLocale } from "@/lib/i18n/server";
import { featuresFor, homePathFor } from "@/lib/access";
import { requireStaff } from "@/lib/server/auth/session";
import { mayOpenPage } from "@/lib/page-access";
import { DESK_PATH_HEADER } from "@/lib/request-id";

export default async function DeskLayout({ children }: { children: ReactNode }) {
  const staff = await requireStaff();
  // Refused here, before the page streams behind the loading skeleton, the answer's status is 403, not 200.
  const path = (await headers()).get(DESK_PATH_HEADER);
  if (path && !mayOpenPage(staff.role, path)) forbidden();
  // The desk's client providers (catalogue, TanStack Query, toasts) are here, not in the root layout: the sign-in page needs none of them.
  return (
    <DeskProviders locale={await getLocale()}>
      <DeskShell staff={{ name: staff.name, role: staff.role }} features={featuresFor(staff.role)} homePath={homePathFor(staff.role)} chrome={{ DeskNav, MobileMenu, SignOutButton, Link }}>
        {children}
      </DeskShell>
    </DeskProviders>
  );
}
