import type { ReactNode } from "react";
import { DeskShell } from "@/components/layout/desk-shell";
import { featuresFor, homePathFor } from "@/lib/access";
import { requireStaff } from "@/lib/server/auth/session";

export default async function DeskLayout({ children }: { children: ReactNode }) {
  const staff = await requireStaff();
  return (
    <DeskShell staff={{ name: staff.name, role: staff.role }} features={featuresFor(staff.role)} homePath={homePathFor(staff.role)}>
      {children}
    </DeskShell>
  );
}
