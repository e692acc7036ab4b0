"use client";

import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DayField } from "@/components/ui/day-field";
import { FieldError, Input, Label } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { useCashierDays, useReopenCashierDay } from "@/lib/api-client/billing-admin";
import { formatPaise } from "@/lib/billing/money";
import { formatDateTime } from "@/lib/i18n/format";
import { displayDay } from "@/lib/schemas/calendar";
import type { CashierDay } from "@/lib/schemas/day-close";
import { addDays } from "@/lib/schemas/calendar";

/** Billing → Day closes: every cashier's days at a clinic in a range, closed ones reopenable with a reason. */
export function CashierDays({ clinicId, today }: { clinicId: string; today: string }) {
  const t = useTranslations("billingAdmin.dayCloses");
  const [from, setFrom] = useState(addDays(today, -6));
  const [to, setTo] = useState(today);
  const days = useCashierDays(clinicId, from, to);
  const [done, setDone] = useState<string | null>(null);
  const cell = "px-3 py-2 align-top";
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-4">
        <DayField id="days-from" label={t("from")} value={from} today={today} onChange={setFrom} />
        <DayField id="days-to" label={t("to")} value={to} today={today} onChange={setTo} />
      </div>
      {done ? (
        <p role="status" className="rounded-lg bg-success-soft p-3 text-sm font-medium text-success-soft-ink">
          {done}
        </p>
      ) : null}
      {days.isPending ? (
        <div role="status" aria-busy="true" aria-label={t("pageTitle")}>
          <Skeleton className="h-48" />
        </div>
      ) : days.isError ? (
        <ProblemAlert error={days.error} onRetry={() => void days.refetch()} />
      ) : days.data.days.length === 0 ? (
        <Card className="p-5 text-sm text-ink-muted">{t("empty")}</Card>
      ) : (
        <Card className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="cashier-days">
            <caption className="sr-only">{t("pageTitle")}</caption>
            <thead className="border-b border-line text-xs text-ink-muted">
              <tr>
                {(["day", "cashier", "state", "expected", "counted", "difference", "upiCard", "note", "action"] as const).map((c) => (
                  <th key={c} scope="col" className={cell}>
                    {t(`columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.data.days.map((d) => (
                <DayRow key={`${d.cashierId}|${d.day}`} day={d} cell={cell} onDone={setDone} />
              ))}
            </tbody>
          </table>
        </Card>
      )}
    </div>
  );
}

function DayRow({ day: d, cell, onDone }: { day: CashierDay; cell: string; onDone(text: string): void }) {
  const t = useTranslations("billingAdmin.dayCloses");
  const id = useId();
  const reopen = useReopenCashierDay();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const who = d.cashierName ?? "—";
  const money = (p: number | null) => (p === null ? "—" : formatPaise(p));
  return (
    <tr className="border-b border-line last:border-0" data-cashier-day={`${d.cashierName ?? d.cashierId}|${d.day}`}>
      <td className={`${cell} whitespace-nowrap`}>{displayDay(d.day)}</td>
      <td className={cell}>{who}</td>
      <td className={cell}>
        <Badge tone={d.state === "closed" ? "success" : d.state === "reopened" ? "warning" : "neutral"}>{t(`state.${d.state}`)}</Badge>
        {d.close ? <p className="mt-1 text-xs text-ink-muted">{t("closedBy", { name: d.close.closedBy ?? "—", time: formatDateTime(d.close.closedAt) })}</p> : null}
        {d.reopen ? <p className="mt-1 text-xs text-ink-muted">{t("reopenedBy", { name: d.reopen.by ?? "—", reason: d.reopen.reason })}</p> : null}
      </td>
      <td className={`${cell} tabular-nums`}>{formatPaise(d.expectedCashPaise)}</td>
      <td className={`${cell} tabular-nums`}>{money(d.countedCashPaise)}</td>
      <td className={`${cell} tabular-nums ${d.differencePaise ? "font-semibold text-danger-soft-ink" : ""}`}>{money(d.differencePaise)}</td>
      <td className={`${cell} tabular-nums whitespace-nowrap`}>
        {formatPaise(d.upiPaise)} · {formatPaise(d.cardPaise)}
      </td>
      <td className={cell}>{d.note ?? "—"}</td>
      <td className={cell}>
        {d.state === "closed" && d.close && !asking ? (
          <Button type="button" variant="secondary" onClick={() => setAsking(true)} aria-label={t("reopen", { cashier: who, day: displayDay(d.day) })}>
            {t("reopenShort")}
          </Button>
        ) : null}
        {asking && d.close ? (
          <form
            className="grid min-w-56 gap-2"
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              if (reason.trim().length < 3) {
                setError(t("errors.reason"));
                return void document.getElementById(`${id}-reason`)?.focus();
              }
              setError(null);
              reopen.mutate({ closeId: d.close!.id, reason: reason.trim() }, { onSuccess: () => (setAsking(false), onDone(t("done", { cashier: who, day: displayDay(d.day) }))) });
            }}
          >
            <Label htmlFor={`${id}-reason`}>{t("reason")}</Label>
            <Input id={`${id}-reason`} autoFocus maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} invalid={!!error} aria-describedby={error ? `${id}-reason-error` : undefined} />
            <FieldError id={`${id}-reason-error`}>{error}</FieldError>
            <div className="flex gap-2">
              <Button type="submit" disabled={reopen.isPending}>
                {t("confirm")}
              </Button>
              <Button type="button" variant="ghost" onClick={() => setAsking(false)}>
                {t("cancel")}
              </Button>
            </div>
            {reopen.isError ? <ProblemAlert error={reopen.error} /> : null}
          </form>
        ) : null}
      </td>
    </tr>
  );
}
