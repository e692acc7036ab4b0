"use client";

import { KeyRound } from "lucide-react";
import type { Role } from "@/lib/schemas/staff";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";

export type DemoStaffAccount = { name: string; role: Role; email: string; password: string };

/** `t` formats the sign-in messages (the form's); `roleNames` are the roles in the page's language. */
export function DemoStaffList({
  accounts,
  onUse,
  t,
  roleNames,
}: {
  accounts: DemoStaffAccount[];
  onUse: (account: DemoStaffAccount) => void;
  t: (key: "demoTitle" | "demoIntro" | "demoEmail" | "demoPassword" | "use" | "useAccount", values?: Record<string, string>) => string;
  roleNames: Record<Role, string>;
}) {
  const tr = (role: Role) => roleNames[role];
  return (
    <section aria-labelledby="demo-staff-heading" className="overflow-hidden rounded-xl border border-warning/50 bg-surface shadow-card">
      <div className="flex items-start gap-3 border-b border-warning/30 bg-warning-soft/60 px-5 py-4">
        <KeyRound aria-hidden className="mt-0.5 size-5 shrink-0 text-warning-soft-ink" />
        <div>
          <h2 id="demo-staff-heading" className="text-base font-semibold text-ink">
            {t("demoTitle")}
          </h2>
          <p className="mt-0.5 text-sm text-ink-muted">{t("demoIntro")}</p>
        </div>
      </div>
              <ul className="divide-y divide-line">
          {accounts.map((account) => (
            <li key={account.email} className="flex items-center justify-between gap-3 px-5 py-3">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-ink">
                  {account.name}
                  <Badge tone="primary">{tr(account.role)}</Badge>
                </p>
                <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 text-xs text-ink-muted">
                  <dt>{t("demoEmail")}</dt>
                  <dd className="truncate font-mono text-ink">{account.email}</dd>
                  <dt>{t("demoPassword")}</dt>
                  <dd className="truncate font-mono text-ink">{account.password}</dd>
                </dl>
              </div>
              <Button variant="secondary" size="sm" className="shrink-0" onClick={() => onUse(account)} aria-label={t("useAccount", { name: account.name, role: tr(account.role) })}>
                {t("use")}
              </Button>
            </li>
          ))}
        </ul>
    </section>
  );
}
