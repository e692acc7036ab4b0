"use client";

import { Copy, Radio, TriangleAlert, Video } from "lucide-react";
import { format } from "date-fns";
import { toast } from "@/lib/toast";
import { useTranslations } from "use-intl";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { LiveEvent } from "@/lib/schemas/live-events";
import { DOCTOR_JOINED } from "@/lib/platform/wire/event-kinds";
import { appointmentTime, doctorLabel, eventTitle, patientLabel } from "./event-words";

export { patientLabel };

const when = (e: LiveEvent) => format(new Date(e.occurredAt ?? e.receivedAt), "dd/MM/yyyy, HH:mm:ss");

function Detail({ label, value }: { label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div className="min-w-0">
      <dt className="text-xs text-ink-muted">{label}</dt>
      <dd className="truncate text-sm font-medium text-ink">{value}</dd>
    </div>
  );
}

/** A link the feed will not open (javascript:, data:, plain http:), shown as inert text with a warning. */
function BlockedLinks({ event }: { event: LiveEvent }) {
  const t = useTranslations("live");
  const blocked = [
    [t("blockedHostLink"), event.video?.blockedHostLink],
    [t("blockedMeetLink"), event.video?.blockedMeetLink],
  ].filter((b): b is [string, string] => !!b[1]);
  if (blocked.length === 0) return null;
  return (
    <div role="note" data-testid="blocked-link" className="mt-3 rounded-lg border border-warning/50 bg-warning-soft p-3 text-sm text-warning-soft-ink">
      <p className="flex items-center gap-2 font-medium">
        <TriangleAlert aria-hidden className="size-4 shrink-0" />
        {t("blockedLink")}
      </p>
      <ul className="mt-1 space-y-1">
        {blocked.map(([label, text]) => (
          <li key={label} className="break-all">
            {label}: <code className="select-all">{text}</code>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function DoctorJoinedCard({ event, fresh }: { event: LiveEvent; fresh: boolean }) {
  const t = useTranslations("live");
  const patient = patientLabel(event, t);
  const copy = async () => {
    const link = event.video?.meetLink;
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      toast.success(t("patientLinkCopied", { patient }));
    } catch {
      toast.error(t("copyFailed", { link }));
    }
  };
  return (
    <Card className={`p-4 sm:p-5 ${fresh ? "ring-2 ring-primary/60" : ""}`} data-testid="doctor-joined-card" data-event-id={event.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 items-start gap-3">
          <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-success-soft text-success-soft-ink">
            <Video className="size-5" />
          </span>
          <div className="min-w-0">
            <h3 className="font-semibold text-ink">{event.doctorName ? t("doctorJoined", { doctor: event.doctorName }) : t("doctorIdJoined", { doctor: event.doctorId ?? "—" })}</h3>
            <p className="text-sm text-ink-muted">
              <time dateTime={event.occurredAt ?? event.receivedAt}>{when(event)}</time>
            </p>
          </div>
        </div>
        {event.verification === "unsigned" ? (
          <Badge tone="warning" title={t("unsignedHint")}>
            {t("unsigned")}
          </Badge>
        ) : null}
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <Detail label={t("patient")} value={patient} />
        <Detail label={t("doctor")} value={event.doctorName ?? event.doctorId} />
        <Detail label={t("appointment")} value={appointmentTime(event)} />
        <Detail label={t("clinic")} value={event.clinicName ?? event.clinicId} />
      </dl>
      <BlockedLinks event={event} />
      <div className="mt-4 flex flex-wrap gap-2">
        {event.video?.hostLink ? (
          <a href={event.video.hostLink} target="_blank" rel="noopener noreferrer" className={buttonClasses({ size: "sm" })}>
            <Video aria-hidden className="size-4" />
            {t("joinAsHost")}
          </a>
        ) : null}
        {event.video?.meetLink ? (
          <Button size="sm" variant="secondary" onClick={() => void copy()}>
            <Copy aria-hidden className="size-4" />
            {t("copyPatientLink")}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

export function GenericEventCard({ event }: { event: LiveEvent }) {
  const t = useTranslations("live");
  return (
    <Card className="p-4" data-testid="generic-event-card" data-event-id={event.id}>
      <div className="flex items-start gap-3">
        <span aria-hidden className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-info-soft text-info-soft-ink">
          <Radio className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="font-medium text-ink">{eventTitle(event, t)}</h3>
          <p className="text-sm text-ink-muted">
            <time dateTime={event.occurredAt ?? event.receivedAt}>{when(event)}</time>
          </p>
          <dl className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-4">
            <Detail label={t("patient")} value={event.patientId ? patientLabel(event, t) : null} />
            <Detail label={t("doctor")} value={event.doctorId ? doctorLabel(event, t) : null} />
            <Detail label={t("service")} value={event.serviceName} />
            <Detail label={t("appointment")} value={appointmentTime(event)} />
            <Detail label={t("clinic")} value={event.clinicName ?? event.clinicId} />
          </dl>
          <BlockedLinks event={event} />
        </div>
      </div>
    </Card>
  );
}

export const isDoctorJoined = (e: LiveEvent) => e.kind === DOCTOR_JOINED;
