"use client";

import { useDeferredValue, useState } from "react";
import { LogOut, Users } from "lucide-react";
import { toast } from "@/lib/toast";
import { useTranslations } from "use-intl";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CardHeading, CardSection } from "@/components/ui/card";
import { focusWhenReady } from "@/components/ui/focus-after";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/i18n/format";
import { useSignOutEverywhere, useStaffSessions } from "@/lib/api-client/staff-sessions";
import { useSettingsDirectory } from "@/lib/api-client/slots";
import { DoctorLinkControl } from "./doctor-link-control";
import type { StaffSessionsView } from "@/lib/schemas/staff-sessions";

type Member = StaffSessionsView["staff"][number];

/** Who is signed in, and a way to sign someone out on every desk at once (a lost phone, a PC left open). */
export function StaffSessionsCard() {
  const t = useTranslations("staffSessions");
  // The list and the doctors are drawn in interruptible renders (transitions), not one long task when they arrive.
  const { data, error, isPending, refetch } = useDeferredValue(useStaffSessions());
  const signOut = useSignOutEverywhere();
  const directory = useDeferredValue(useSettingsDirectory());
  const [asking, setAsking] = useState<Member | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  return (
    <CardSection className="p-5" aria-labelledby="staff-sessions-title">
      <CardHeading id="staff-sessions-title" icon={Users}>
        {t("title")}
      </CardHeading>
      <p className="mt-1 text-sm text-ink-muted">{t("body")}</p>
      {failure ? (
        <div className="mt-3">
          <ProblemAlert error={failure} />
        </div>
      ) : null}
      {isPending ? (
        <div className="mt-4 space-y-2">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="h-5 w-1/2" />
        </div>
      ) : error ? (
        <div className="mt-4">
          <ProblemAlert error={error} onRetry={() => void refetch()} returnTo="/settings" />
        </div>
      ) : (
        <ul className="mt-3 divide-y divide-line" aria-label={t("listLabel")}>
          {data.staff.map((member) => (
            <li key={member.id} data-staff={member.id} tabIndex={-1} className="flex flex-wrap items-center justify-between gap-2 py-2.5 outline-none focus-visible:ring-2 focus-visible:ring-focus">
              <div className="max-w-full min-w-0">
                <p className="truncate text-sm font-medium text-ink">{member.name}</p>
                <p className="truncate text-xs text-ink-muted">
                  {member.email} · {t(`roles.${member.role}`)}
                </p>
              </div>
              <div className="flex max-w-full flex-wrap items-center gap-2">
                {!member.active ? (
                  <Badge tone="neutral">{t("inactive")}</Badge>
                ) : member.liveSessions > 0 ? (
                  <Badge tone="success" title={member.lastSeenAt ? t("lastSeen", { at: formatDateTime(member.lastSeenAt) }) : undefined}>
                    {t("signedIn", { count: member.liveSessions })}
                  </Badge>
                ) : (
                  <Badge tone="neutral">{t("signedOut")}</Badge>
                )}
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={member.liveSessions === 0}
                  aria-label={t("signOutEverywhereFor", { name: member.name })}
                  onClick={() => setAsking(member)}
                >
                  <LogOut aria-hidden className="size-4" />
                  {t("signOutEverywhere")}
                </Button>
              </div>
              {member.role === "doctor" ? (
                directory.error ? (
                  <div className="w-full">
                    <ProblemAlert error={directory.error} onRetry={() => void directory.refetch()} />
                  </div>
                ) : directory.data ? (
                  <DoctorLinkControl member={member} doctors={directory.data.doctors} />
                ) : (
                  <Skeleton className="h-5 w-1/2" />
                )
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={asking !== null}
        title={t("confirmTitle", { name: asking?.name ?? "" })}
        confirmLabel={t("confirm")}
        cancelLabel={t("cancel")}
        busy={signOut.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          const member = asking!;
          setFailure(null);
          signOut.mutate(member.id, {
            onSuccess: ({ ended }) => {
              toast.success(t("done", { name: member.name, count: ended }));
              // Their button is now disabled: focus stays on their row, where the list goes on.
              focusWhenReady(() => {
                const row = document.querySelector<HTMLElement>(`[data-staff="${CSS.escape(member.id)}"]`);
                return row?.querySelector("button")?.disabled ? row : null;
              });
            },
            onError: setFailure,
            onSettled: () => setAsking(null),
          });
        }}
      >
        {t("confirmBody")}
      </ConfirmDialog>
    </CardSection>
  );
}
