"use client";

import { memo } from "react";
import Link from "next/link";
import { useTranslations } from "use-intl";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Printer } from "lucide-react";
import { Button, buttonClasses } from "@/components/ui/button";
import { formatMobile } from "@/components/patients/format-mobile";
import { formatInr } from "@/lib/i18n/format";
import { SAME_DAY_MOVES, STATUS_MOVES, type QueueStatus } from "@/lib/queue/status-moves";
import { ageOn, shortAge } from "@/lib/schemas/patient-age";
import type { QueueEntry } from "@/lib/schemas/queue";
import { clinicTime } from "@/lib/slots/clinic-time";
import type { PriorityMark } from "@/lib/queue/priority-marks";
import { slipPath } from "@/lib/queue/slip-path";
import { BillingBadge } from "@/components/billing/billing-badge";
import { PriorityBadge, TokenBadge } from "./token-badge";

export const STATUS_TONES: Record<QueueStatus, BadgeTone> = {
  booked: "neutral",
  checked_in: "warning",
  in_consultation: "info",
  done: "success",
  no_show: "danger",
  cancelled: "danger",
};

const NO_MARKS: readonly PriorityMark[] = [];

export function patientName(e: QueueEntry, fallback: string): string {
  return e.patient?.name ?? e.patientLabel ?? fallback;
}

/**
 * One appointment: who, when, what, how much, and the moves the table allows from its status.
 * Memoised (the board passes stable callbacks): a refresh of the day redraws only the rows that changed.
 */
export const QueueRow = memo(function QueueRow({
  entry,
  timeZone,
  today,
  now,
  busy,
  mayChange,
  onMove,
  onReschedule,
  onLink,
  marks = NO_MARKS,
  mayCollect = false,
}: {
  /** The signed-in role takes money (a doctor sees paid / due only). */
  mayCollect?: boolean;
  entry: QueueEntry;
  /** The clinic's priority marks, for the names of its own marks. */
  marks?: readonly PriorityMark[];
  timeZone: string;
  today: string;
  now: number;
  busy: boolean;
  /** False on another doctor's appointment for a doctor: no actions are offered. */
  mayChange: boolean;
  onMove: (entry: QueueEntry, to: QueueStatus) => void;
  onReschedule: (entry: QueueEntry) => void;
  /** Only for an appointment whose patient the desk does not know. */
  onLink: (entry: QueueEntry) => void;
}) {
  const t = useTranslations("queue");
  const slipWords = useTranslations("opdSlips");
  const time = clinicTime(entry.start, timeZone);
  const p = entry.patient;
  const name = patientName(entry, t("unknownPatient"));
  const allowed = mayChange ? STATUS_MOVES[entry.status] : [];
  // Arrival moves only on the appointment's own day (the server refuses them on any other).
  const otherDay = entry.day !== today;
  const moves = allowed.filter((to) => (to !== "no_show" || Date.parse(entry.start) <= now) && !(otherDay && SAME_DAY_MOVES.includes(to)));
  const dayReason = otherDay && allowed.some((to) => SAME_DAY_MOVES.includes(to)) ? t(entry.day > today ? "notTodayFuture" : "notTodayPast") : null;
  const waitedMinutes = entry.status === "checked_in" && entry.arrivedAt ? Math.max(0, Math.floor((now - Date.parse(entry.arrivedAt)) / 60_000)) : null;
  const modeWord = entry.mode === "tele" || entry.mode === "in_clinic" ? t(`mode.${entry.mode}`) : entry.mode;
  return (
    <li
      data-appointment={entry.appointmentId}
      data-status={entry.status}
      data-start={entry.start}
      tabIndex={-1}
      className="grid grid-cols-[4rem_minmax(0,1fr)] gap-x-3 gap-y-2 px-4 py-3 md:grid-cols-[4rem_minmax(0,2fr)_minmax(0,1.4fr)_7rem_minmax(0,1fr)_auto] lg:grid-cols-[4rem_minmax(0,2fr)_minmax(0,1.4fr)_7rem_minmax(0,1fr)_17.5rem] md:items-center focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-focus print:grid-cols-[3.5rem_minmax(0,2fr)_minmax(0,1.4fr)_6rem_9rem] print:break-inside-avoid"
    >
      <div className="flex flex-col items-start gap-1">
        <span className="font-mono text-sm font-semibold text-ink tabular-nums">{time}</span>
        <TokenBadge label={entry.tokenLabel} />
      </div>
      <div className="min-w-0">
        {p ? (
          <Link href={`/patients/${encodeURIComponent(p.id)}`} className="font-medium text-ink underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-focus">
            {name}
          </Link>
        ) : (
          <span className="font-medium text-ink">{name}</span>
        )}
        {p ? null : <p className="text-xs text-ink-muted">{t("platformPatient", { id: entry.patientId })}</p>}
        <p className="text-xs text-ink-muted">
          {[p?.dob ? t("age", shortAge(ageOn(p.dob, today))) : null, p?.gender ? t(`sex.${p.gender}`) : null, p?.mobile ? formatMobile(p.mobile) : null, p?.uhid ? t("uhid", { uhid: p.uhid }) : null].filter(Boolean).join(" · ")}
        </p>
      </div>
      <div className="col-start-2 min-w-0 text-sm md:col-start-auto print:col-start-auto">
        <p className="truncate text-ink">{entry.serviceName ?? (entry.source === "walk_in" ? t("walkIn.open") : entry.confId)}</p>
        <p className="text-xs text-ink-muted">{modeWord}</p>
      </div>
      <div className="col-start-2 text-sm md:col-start-auto print:col-start-auto">
        <p className="text-ink tabular-nums">{entry.price === null ? t("priceUnknown") : formatInr(entry.price)}</p>
        {entry.prePay !== null ? <p className="text-xs text-ink-muted">{entry.prePay ? t("payBefore") : t("payAtVisit")}</p> : null}
        <BillingBadge billing={entry.billing} appointmentId={entry.appointmentId} patient={name} mayCollect={mayCollect && entry.status !== "cancelled"} />
      </div>
      <div className="col-start-2 flex flex-wrap items-center gap-2 md:col-start-auto print:col-start-auto">
        <Badge tone={STATUS_TONES[entry.status]}>{t(`status.${entry.status}`)}</Badge>
        <PriorityBadge priority={entry.priority} marks={marks} />

        {waitedMinutes !== null ? <span className="text-xs font-medium text-warning-soft-ink">{t("waiting", { minutes: waitedMinutes })}</span> : null}
        {entry.cancelReason ? <span className="text-xs text-ink-muted">{t("reason", { reason: entry.cancelReason })}</span> : null}
        <span className="w-full text-xs text-ink-faint">
          {t("columns.bookedBy")}: {entry.bookedBy === "platform" ? t("bookedByPlatform") : (entry.bookedBy ?? "—")}
        </span>
      </div>
      <div className="col-start-2 flex flex-wrap items-center gap-2 md:col-start-auto md:justify-end print:hidden">
        {dayReason ? (
          <p className="w-full text-xs text-ink-muted md:text-right" data-testid="day-reason">
            {dayReason}
          </p>
        ) : null}
        {moves.map((to) => (
          <Button
            key={to}
            data-move={to}
            size="sm"
            variant={to === "cancelled" || to === "no_show" ? "ghost" : to === "checked_in" || to === "in_consultation" ? "primary" : "secondary"}
            disabled={busy}
            aria-label={t("moveFor", { action: t(`move.${to}`), patient: name, time })}
            onClick={() => onMove(entry, to)}
          >
            {t(`move.${to}`)}
          </Button>
        ))}
        {p || !mayChange ? null : (
          <Button size="sm" variant="secondary" disabled={busy} aria-label={t("moveFor", { action: t("linkAction"), patient: name, time })} onClick={() => onLink(entry)}>
            {t("linkAction")}
          </Button>
        )}
        {entry.tokenLabel && (entry.status === "checked_in" || entry.status === "in_consultation") ? (
          <a
            href={slipPath(entry.appointmentId)}
            target="_blank"
            rel="noopener"
            data-print-slip=""
            className={buttonClasses({ size: "sm", variant: "ghost" })}
            aria-label={slipWords("printSlipFor", { patient: name, token: entry.tokenLabel })}
          >
            <Printer aria-hidden className="size-4" />
            {slipWords("printSlip")}
          </a>
        ) : null}
        {entry.status === "booked" && mayChange ? (
          <Button size="sm" variant="ghost" disabled={busy} aria-label={t("moveFor", { action: t("reschedule"), patient: name, time })} onClick={() => onReschedule(entry)}>
            {t("reschedule")}
          </Button>
        ) : null}
      </div>
    </li>
  );
});
