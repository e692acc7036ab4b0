"use client";

import { useTranslations } from "use-intl";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/i18n/format";
import { useErasureLog } from "@/lib/api-client/erasure";

const TABLES = ["patient_index", "patient_registrations", "documents", "queue_appointments", "slot_bookings", "webhook_inbox", "desk_outbox", "audit_log"] as const;

/** The erasure log: one row per erased patient, under the pseudonym; never the erased id or name. */
export function ErasureLogTable() {
  const t = useTranslations("erasure");
  const { data, error, isPending, refetch } = useErasureLog();
  if (isPending) return <Skeleton className="h-24 w-full" />;
  if (error) return <ProblemAlert error={error} onRetry={() => void refetch()} returnTo="/settings/erasures" />;
  if (data.entries.length === 0)
    return (
      <Card className="p-6">
        <p className="text-sm text-ink-muted">{t("empty")}</p>
      </Card>
    );
  return (
    <Card className="overflow-hidden">
      <div className="overflow-x-auto focus-visible:outline-2 focus-visible:outline-focus" tabIndex={0} role="region" aria-label={t("title")}>
        <table className="w-full min-w-[48rem] text-left text-sm" data-testid="erasure-log">
          <thead className="bg-surface-sunken text-xs text-ink-muted">
            <tr>
              <th scope="col" className="px-4 py-2 font-medium">{t("when")}</th>
              <th scope="col" className="px-4 py-2 font-medium">{t("pseudonym")}</th>
              <th scope="col" className="px-4 py-2 font-medium">{t("source")}</th>
              <th scope="col" className="px-4 py-2 font-medium">{t("reason")}</th>
              <th scope="col" className="px-4 py-2 font-medium">{t("state")}</th>
              <th scope="col" className="px-4 py-2 font-medium">{t("erased")}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {data.entries.map((e) => {
              const erased = TABLES.filter((k) => (e.counts[k] ?? 0) > 0);
              return (
                <tr key={e.id} className="align-top">
                  <td className="px-4 py-3 whitespace-nowrap text-ink">{formatDateTime(e.requestedAt)}</td>
                  <td className="px-4 py-3 font-mono text-xs text-ink">{e.pseudonym}</td>
                  <td className="px-4 py-3 text-ink">
                    {e.source === "platform" ? t("sourcePlatform") : e.requestedByName ? t("sourceAdmin", { name: e.requestedByName }) : t("sourceAdminUnknown")}
                  </td>
                  <td className="px-4 py-3 break-words text-ink">{e.reason ?? "—"}</td>
                  <td className="px-4 py-3">
                    {e.completedAt ? (
                      <Badge tone="success">{t("done", { time: formatDateTime(e.completedAt) })}</Badge>
                    ) : e.lastError ? (
                      <Badge tone="warning">{t("resuming", { error: e.lastError })}</Badge>
                    ) : (
                      <Badge tone="info">{t("pending")}</Badge>
                    )}
                  </td>
                  <td className="px-4 py-3 text-ink-muted">{erased.length ? erased.map((k) => `${t(`tables.${k}`)} (${e.counts[k]})`).join(", ") : t("countsNone")}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </Card>
  );
}
