"use client";

import { useDeferredValue } from "react";
import { ScrollText } from "lucide-react";
import { useTranslations } from "use-intl";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Badge } from "@/components/ui/badge";
import { CardHeading, CardSection } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime } from "@/lib/i18n/format";
import { useWebhookReceipts } from "@/lib/api-client/webhook-settings";

export function DeliveryLogCard() {
  const t = useTranslations("settings.log");
  // The log is drawn in an interruptible render (a transition), not one long task when it arrives.
  const { data, error, isPending, refetch } = useDeferredValue(useWebhookReceipts());
  return (
    <CardSection className="p-5" aria-labelledby="log-title">
      <CardHeading id="log-title" icon={ScrollText}>
        {t("title")}
      </CardHeading>
      <p className="mt-1 text-sm text-ink-muted">{t("body")}</p>
      {isPending ? (
        // Between an empty log (one line) and a few receipts: the smaller jump either way.
        <Skeleton className="mt-4 h-12 w-full" />
      ) : error ? (
        <div className="mt-4">
          <ProblemAlert error={error} onRetry={() => void refetch()} returnTo="/settings" />
        </div>
      ) : data.receipts.length === 0 ? (
        <p className="mt-4 text-sm text-ink-muted">{t("empty")}</p>
      ) : (
        // Focusable, so a keyboard can scroll the log sideways when it is wider than the card.
        <div className="mt-4 overflow-x-auto focus-visible:outline-2 focus-visible:outline-focus" tabIndex={0} role="region" aria-labelledby="log-title">
          <table className="w-full min-w-[28rem] table-fixed text-left text-sm" data-testid="delivery-log">
            <thead className="text-xs text-ink-muted">
              <tr>
                <th scope="col" className="w-24 py-2 pr-3 font-medium">{t("when")}</th>
                <th scope="col" className="w-32 py-2 pr-3 font-medium">{t("outcome")}</th>
                <th scope="col" className="w-1/4 py-2 pr-3 font-medium">{t("kind")}</th>
                <th scope="col" className="py-2 font-medium">{t("reason")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {data.receipts.map((r) => (
                <tr key={r.id}>
                  <td className="py-2 pr-3 text-ink">{formatDateTime(r.at)}</td>
                  <td className="py-2 pr-3">
                    <Badge tone={r.outcome === "accepted" ? "success" : r.outcome === "duplicate" ? "neutral" : "danger"}>
                      {r.outcome === "rejected" ? t("rejected", { status: r.status }) : t(r.outcome)}
                    </Badge>
                  </td>
                  <td className="py-2 pr-3 break-all text-ink">{r.kind ?? "—"}</td>
                  <td className={`py-2 text-ink-muted ${r.reason ? "break-words" : "break-all"}`}>{r.reason ?? r.deliveryKey ?? ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </CardSection>
  );
}
