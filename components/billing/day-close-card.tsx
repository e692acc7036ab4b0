"use client";

import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FieldError, Input, Label } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { useCloseDay, useDayClose, useReopenDay } from "@/lib/api-client/billing";
import { ApiProblemError } from "@/lib/api-client/problem-error";
import { formatPaise, sumPaise } from "@/lib/billing/money";
import { formatDateTime } from "@/lib/i18n/format";
import { displayDay } from "@/lib/schemas/calendar";

const DENOMINATIONS = [2000, 500, 200, 100, 50, 20, 10, 5, 2, 1] as const;
/** Stands in for the day in the subtitle while it loads (a character no translation uses). */
const DAY_MARK = "\u2063";

function SubtitleWithPlaceholder({ text, placeholder }: { text: string; placeholder: React.ReactNode }) {
  const [before, after] = text.split(DAY_MARK);
  return (
    <>
      {before}
      {placeholder}
      {after}
    </>
  );
}

/** The signed-in cashier's day: expected against counted cash, UPI and card totals, and the close itself. */
export function DayCloseCard({ clinicId, mayReopen }: { clinicId: string; mayReopen: boolean }) {
  const t = useTranslations("billing.dayClose");
  const id = useId();
  const day = useDayClose(clinicId);
  const close = useCloseDay(clinicId);
  const reopen = useReopenDay(clinicId);
  const [counts, setCounts] = useState<Record<string, string>>({});
  const [note, setNote] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (day.isError) return <ProblemAlert error={day.error} onRetry={() => void day.refetch()} />;
  // Until the day arrives the card is drawn as an open day (its usual state) with placeholder figures
  // and the count form disabled: the card is as tall as it will be, and the price list below stays put.
  const v = day.data;
  const pending = !v;
  const server = close.error instanceof ApiProblemError ? (close.error.problem.errors ?? {}) : {};
  const err = (f: string) => errors[f] ?? server[f];
  const parsedCounts = Object.fromEntries(DENOMINATIONS.map((d) => [String(d), counts[d] ?? ""]).filter(([, c]) => c !== "").map(([d, c]) => [d, /^\d{1,6}$/.test(c!) ? Number(c) : NaN]));
  const counted = sumPaise(Object.entries(parsedCounts).map(([d, n]) => (Number.isNaN(n) ? 0 : Number(d) * 100 * (n as number))));
  const difference = v ? counted - v.totals.expectedCashPaise : null;
  const row = (label: string, paise: number | null, strong = false) => (
    <div className={strong ? "flex justify-between font-semibold text-ink" : "flex justify-between text-ink-muted"}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{paise === null ? <Skeleton className="my-0.5 h-4 w-16" /> : formatPaise(paise)}</dd>
    </div>
  );
  /** A figure not known yet: the same text, transparent on a placeholder bar, so the line wraps as the real one will. */
  const placeholder = (text: string) => (
    <span aria-hidden className="animate-pulse rounded bg-surface-sunken text-transparent">
      {text}
    </span>
  );

  function submit(ev: React.FormEvent) {
    ev.preventDefault();
    if (!v) return;
    const e: Record<string, string> = {};
    for (const [d, n] of Object.entries(parsedCounts)) if (Number.isNaN(n)) e[`denominations.${d}`] = t("errors.count");
    if (!Object.keys(e).length && difference !== 0 && note.trim().length < 3) e.note = t("errors.note");
    setErrors(e);
    if (Object.keys(e).length) return void document.getElementById(`${id}-${Object.keys(e)[0]}`)?.focus();
    close.mutate({ denominations: parsedCounts as Record<string, number>, ...(note.trim() ? { note: note.trim() } : {}) });
  }

  return (
    <Card className="p-5" data-testid="day-close" aria-busy={pending || undefined}>
      <h2 className="text-lg font-semibold text-ink">{t("heading")}</h2>
      {/* The day is always dd/mm/yyyy: a placeholder of the same ten characters. */}
      <p className="mb-4 text-sm text-ink-muted">{v ? t("subtitle", { day: displayDay(v.day) }) : <SubtitleWithPlaceholder text={t("subtitle", { day: DAY_MARK })} placeholder={placeholder("00/00/0000")} />}</p>
      <dl className="mb-4 grid max-w-md gap-1 text-sm">
        {row(t("cash"), v ? v.totals.cashPaise : null)}
        {row(t("cashRefunds"), v ? -v.totals.cashRefundPaise : null)}
        {row(t("expected"), v ? v.totals.expectedCashPaise : null, true)}
        {row(t("upi"), v ? v.totals.upiPaise - v.totals.upiRefundPaise : null)}
        {row(t("card"), v ? v.totals.cardPaise - v.totals.cardRefundPaise : null)}
      </dl>
      <p className="-mt-3 mb-4 text-xs text-ink-faint">{v ? t("receipts", { count: v.totals.receipts }) : placeholder(t("receipts", { count: 0 }))}</p>
      {v?.closed && v.close ? (
        <div className="grid gap-3" role="status">
          <p className="rounded-lg bg-success-soft p-3 text-sm font-medium text-success-soft-ink">{t("closed", { name: v.close.closedBy ?? "—", time: formatDateTime(v.close.closedAt) })}</p>
          <dl className="grid max-w-md gap-1 text-sm">
            {row(t("counted"), v.close.countedCashPaise, true)}
            {row(t("difference"), v.close.differencePaise, true)}
          </dl>
          {v.close.note ? <p className="text-sm text-ink-muted">{v.close.note}</p> : null}
          {mayReopen ? (
            <form
              className="flex flex-wrap items-end gap-2"
              onSubmit={(e) => {
                e.preventDefault();
                if (reason.trim().length < 3) return void setErrors({ reason: t("errors.reason") });
                reopen.mutate({ closeId: v.close!.id, reason: reason.trim() }, { onSuccess: () => setReason("") });
              }}
            >
              <div>
                <Label htmlFor={`${id}-reason`}>{t("reopenReason")}</Label>
                <Input id={`${id}-reason`} value={reason} onChange={(e) => setReason(e.target.value)} className="mt-1" invalid={!!errors.reason} />
                <FieldError id={`${id}-reason-error`}>{errors.reason}</FieldError>
              </div>
              <Button type="submit" variant="secondary" disabled={reopen.isPending}>
                {t("reopen")}
              </Button>
              {reopen.isError ? <ProblemAlert error={reopen.error} /> : null}
            </form>
          ) : null}
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="grid gap-4" aria-labelledby={`${id}-count`}>
          <fieldset disabled={pending}>
            <legend id={`${id}-count`} className="mb-2 text-sm font-semibold text-ink">
              {t("count")}
            </legend>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-5">
              {DENOMINATIONS.map((d) => (
                <div key={d}>
                  <Label htmlFor={`${id}-denominations.${d}`}>{t("denomination", { value: d })}</Label>
                  <Input id={`${id}-denominations.${d}`} inputMode="numeric" autoComplete="off" value={counts[d] ?? ""} onChange={(e) => setCounts((c) => ({ ...c, [d]: e.target.value.trim() }))} className="mt-1 tabular-nums" invalid={!!err(`denominations.${d}`)} />
                  <FieldError id={`${id}-denominations.${d}-error`}>{err(`denominations.${d}`)}</FieldError>
                </div>
              ))}
            </div>
          </fieldset>
          <dl className="grid max-w-md gap-1 text-sm">
            {row(t("counted"), counted, true)}
            {row(t("difference"), difference, true)}
          </dl>
          <div className="max-w-md">
            <Label htmlFor={`${id}-note`}>{t("note")}</Label>
            <Input id={`${id}-note`} maxLength={300} value={note} onChange={(e) => setNote(e.target.value)} className="mt-1" invalid={!!err("note")} aria-describedby={err("note") ? `${id}-note-error` : undefined} />
            <FieldError id={`${id}-note-error`}>{err("note")}</FieldError>
          </div>
          <Button type="submit" className="w-fit" disabled={pending || close.isPending}>
            {t("submit")}
          </Button>
          {close.isError ? <ProblemAlert error={close.error} /> : null}
        </form>
      )}
    </Card>
  );
}
