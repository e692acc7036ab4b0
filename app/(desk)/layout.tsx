import type { ReactNode } from "react";
import { headers } from "next/headers";
import { forbidden } from "next/navigation";
import { DeskShell } from "@/components/layout/desk-shell";
import { featuresFor, homePathFor } from "@/lib/access";
import { requireStaff } from "@/lib/server/auth/session";
import { mayOpenPage } from "@/lib/page-access";
import { DESK_PATH_HEADER } from "@/lib/request-id";

export default async function DeskLayout({ children }: { children: ReactNode }) {
  const staff = await requireStaff();
  // Refused here, before the page streams behind the loading skeleton, the answer's status is 403, not 200.
  const path = (await headers()).get(DESK_PATH_HEADER);
  if (path && !mayOpenPage(staff.role, path)) forbidden();
  return (
    <DeskShell staff={{ name: staff.name, role: staff.role }} features={featuresFor(staff.role)} homePath={homePathFor(staff.role)}>
      {children}
    </DeskShell>
  );
}
