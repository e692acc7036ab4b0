"use client";

import { useTranslations } from "use-intl";
import type { SlotService } from "@/lib/schemas/slots";
import { formatInr } from "@/lib/i18n/format";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { serviceDot } from "./service-tones";

/** Every service of the doctor at this clinic: what it costs and how it is paid and booked. */
export function ServicesLegend({ services }: { services: SlotService[] }) {
  const t = useTranslations("slots");
  if (services.length === 0) return null;
  return (
    <section aria-labelledby="services-legend-heading" className="mt-6">
      <h2 id="services-legend-heading" className="mb-3 text-base font-semibold text-ink">
        {t("legend.title")}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {services.map((s, i) => (
          <li key={s.confId}>
            <Card className="h-full p-4">
              <div className="flex items-start gap-2">
                <span aria-hidden className={cn("mt-1.5 size-2.5 shrink-0 rounded-full", serviceDot(i))} />
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-ink">{s.name}</p>
                  <p className="text-xs text-ink-muted">{s.modes.map((m) => t(`mode.${m === "tele" ? "tele" : "in_clinic"}`)).join(" · ")}</p>
                </div>
                <p className="text-lg font-semibold text-ink tabular-nums">{formatInr(s.finalAmount)}</p>
              </div>
              <dl className="mt-3 grid grid-cols-3 gap-2 text-xs">
                <div>
                  <dt className="text-ink-muted">{t("legend.price")}</dt>
                  <dd className="font-medium text-ink tabular-nums">{formatInr(s.price)}</dd>
                </div>
                <div>
                  <dt className="text-ink-muted">{t("legend.fee")}</dt>
                  <dd className="font-medium text-ink tabular-nums">{formatInr(s.convenienceFee)}</dd>
                </div>
                <div>
                  <dt className="text-ink-muted">{t("legend.discount")}</dt>
                  <dd className="font-medium text-ink tabular-nums">{s.discount > 0 ? `− ${formatInr(s.discount)}` : formatInr(0)}</dd>
                </div>
              </dl>
              <div className="mt-3 flex flex-wrap gap-1.5">
                {s.prePay ? <Badge tone="warning">{t("legend.prePay")}</Badge> : null}
                {s.postPay ? <Badge tone="info">{t("legend.postPay")}</Badge> : null}
                {s.patientBookable ? <Badge tone="success">{t("legend.patientBookable")}</Badge> : <Badge>{t("legend.deskOnly")}</Badge>}
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
