"use client";

import Link from "next/link";
import { CalendarClock } from "lucide-react";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/badge";
import { Card, CardHeading } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { usePatientAppointments } from "@/lib/api-client/queue";
import { useClinicDirectory } from "@/lib/api-client/slots";
import { TIME_ZONE } from "@/lib/i18n/locales";
import type { QueueEntry } from "@/lib/schemas/queue";
import { clinicTime, displayDay } from "@/lib/slots/clinic-time";
import { TokenBadge } from "./token-badge";
import { STATUS_TONES } from "./queue-row";
import { useNow } from "./use-now";

/** The patient's upcoming and past appointments at this desk, each linking to its day in the queue. */
export function PatientAppointments({ patientId }: { patientId: string }) {
  const t = useTranslations("queue");
  const query = usePatientAppointments(patientId);
  const clinics = useClinicDirectory().data?.clinics ?? [];
  const zoneOf = (clinicId: string) => clinics.find((c) => c.platformId === clinicId)?.timeZone ?? TIME_ZONE;
  const now = useNow(60_000);
  const all = query.data?.appointments ?? [];
  const upcoming = all.filter((a) => Date.parse(a.start) >= now - 60 * 60_000).reverse();
  const past = all.filter((a) => Date.parse(a.start) < now - 60 * 60_000);
  const list = (title: string, items: QueueEntry[]) =>
    items.length ? (
      <div>
        <h3 className="mb-1 text-sm font-medium text-ink-muted">{title}</h3>
        <ul className="divide-y divide-line">
          {items.map((a) => (
            <li key={a.appointmentId} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
              <Link href={`/appointments/today?clinic=${encodeURIComponent(a.clinicId)}&day=${a.day}`} className="font-mono tabular-nums text-ink underline-offset-2 hover:underline">
                {displayDay(a.day)} {clinicTime(a.start, zoneOf(a.clinicId))}
              </Link>
              <TokenBadge label={a.tokenLabel} />
              <span className="text-ink">{a.doctorName}</span>
              <span className="text-ink-muted">{a.serviceName ?? (a.source === "walk_in" ? t("walkIn.open") : a.confId)}</span>
              <Badge tone={STATUS_TONES[a.status]}>{t(`status.${a.status}`)}</Badge>
            </li>
          ))}
        </ul>
      </div>
    ) : null;
  return (
    <Card role="region" className="flex flex-col gap-3 p-5" aria-labelledby="patient-appointments">
      <CardHeading id="patient-appointments" icon={CalendarClock}>
        {t("patientAppointments")}
      </CardHeading>
      {query.isPending ? (
        <Skeleton className="h-12 w-full" />
      ) : query.isError ? (
        <p role="alert" className="text-sm text-danger-soft-ink">
          {t("errorTitle")}
        </p>
      ) : all.length === 0 ? (
        <p className="text-sm text-ink-muted">{t("noPatientAppointments")}</p>
      ) : (
        <>
          {list(t("upcoming"), upcoming)}
          {list(t("past"), past)}
        </>
      )}
    </Card>
  );
}
