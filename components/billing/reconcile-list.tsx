"use client";

import { useId, useState } from "react";
import { useTranslations } from "use-intl";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { DayField } from "@/components/ui/day-field";
import { FieldError, Input, Label } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { useLinkPlatformReceipt, useMarkPlatformOnly, useReconciliation } from "@/lib/api-client/billing-admin";
import { ApiProblemError } from "@/lib/api-client/problem-error";
import { formatPaise } from "@/lib/billing/money";
import { formatDateTime } from "@/lib/i18n/format";
import { displayDay } from "@/lib/schemas/calendar";
import { TO_RECONCILE, type ReconcileRow } from "@/lib/schemas/reconcile";

const TONE: Record<ReconcileRow["state"], BadgeTone> = { matched: "success", platform_only: "info", unmatched: "warning", reported_differently: "danger", unreadable: "danger" };

/** Billing → Reconcile: the platform's receipts against the counter's, the ones waiting for a person first. */
export function ReconcileList({ clinicId, today }: { clinicId: string; today: string }) {
  const t = useTranslations("billingAdmin.reconcile");
  const [day, setDay] = useState(today);
  const view = useReconciliation(clinicId, day === today ? null : day);
  const [done, setDone] = useState<string | null>(null);
  if (view.isPending)
    return (
      <div role="status" aria-busy="true" aria-label={t("pageTitle")}>
        <Skeleton className="h-72" />
      </div>
    );
  if (view.isError) return <ProblemAlert error={view.error} onRetry={() => void view.refetch()} />;
  const v = view.data;
  const open = v.rows.filter((r) => TO_RECONCILE.includes(r.state));
  const settled = v.rows.filter((r) => !TO_RECONCILE.includes(r.state));
  const total = (label: string, paise: number, id: string, strong = false) => (
    <div className={strong ? "flex justify-between gap-4 font-semibold text-ink" : "flex justify-between gap-4 text-ink-muted"}>
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={id}>
        {formatPaise(paise)}
      </dd>
    </div>
  );
  return (
    <div className="grid gap-6">
      <Card className="p-5" aria-labelledby="reconcile-totals">
        <div className="mb-3 flex flex-wrap items-end justify-between gap-4">
          <h2 id="reconcile-totals" className="text-lg font-semibold text-ink">
            {t("totals.heading", { day: displayDay(v.day) })}
          </h2>
          <DayField id="reconcile-day" label={t("day")} value={day} today={today} onChange={setDay} />
        </div>
        <dl className="grid max-w-xl gap-1 text-sm">
          {total(t("totals.counter"), v.totals.counterPaise, "total-counter")}
          {total(t("totals.platformOnly"), v.totals.platformOnlyPaise, "total-platform-only")}
          {total(t("totals.total"), v.totals.totalPaise, "total-collected", true)}
        </dl>
        <dl className="mt-3 grid max-w-xl gap-1 border-t border-line pt-3 text-xs">
          {total(t("totals.matched"), v.totals.matchedPaise, "total-matched")}
          {total(t("totals.waiting"), v.totals.waitingPaise, "total-waiting")}
        </dl>
      </Card>
      {done ? (
        <p role="status" className="rounded-lg bg-success-soft p-3 text-sm font-medium text-success-soft-ink">
          {done}
        </p>
      ) : null}
      <section aria-labelledby="reconcile-open" className="grid gap-3">
        <h2 id="reconcile-open" className="text-lg font-semibold text-ink">
          {t("open.heading")} <span className="text-ink-muted">({open.length})</span>
        </h2>
        {open.length === 0 ? <Card className="p-5 text-sm text-ink-muted">{t("open.empty")}</Card> : open.map((r) => <OpenReceipt key={r.id} row={r} onDone={setDone} />)}
      </section>
      <section aria-labelledby="reconcile-settled" className="grid gap-3">
        <h2 id="reconcile-settled" className="text-lg font-semibold text-ink">
          {t("settled.heading")} <span className="text-ink-muted">({settled.length})</span>
        </h2>
        {settled.length === 0 ? (
          <Card className="p-5 text-sm text-ink-muted">{t("settled.empty")}</Card>
        ) : (
          <ul className="grid gap-2">
            {settled.map((r) => (
              <li key={r.id} data-platform-receipt={r.platformReceiptId}>
                <Card className="p-4 text-sm">
                  <Facts row={r} />
                  {r.decision?.deskReceipt ? <p className="mt-1 text-ink-muted">{t("linkedTo", { label: r.decision.deskReceipt.label, amount: formatPaise(r.decision.deskReceipt.netPaise), how: t(`how.${r.decision.how}`) })}</p> : null}
                  {r.decision?.decision === "platform_only" ? <p className="mt-1 text-ink-muted">{t("platformOnlyNote")}</p> : null}
                  {r.decision?.note ? <p className="mt-1 text-ink-muted">“{r.decision.note}”</p> : null}
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function Facts({ row: r }: { row: ReconcileRow }) {
  const t = useTranslations("billingAdmin.reconcile");
  const amount =
    r.netPaise === null
      ? t("amountUnknown")
      : r.refundedPaise
        ? t("amountWithRefund", { amount: formatPaise(r.netPaise), paid: formatPaise(r.amountPaise ?? 0), refunded: formatPaise(r.refundedPaise) })
        : t("amount", { amount: formatPaise(r.netPaise) });
  return (
    <div className="grid gap-1">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-ink">{t("receipt", { number: r.receiptNumber ?? r.platformReceiptId })}</h3>
        <Badge tone={TONE[r.state]} data-state={r.state}>
          {t(`state.${r.state}`)}
        </Badge>
      </div>
      <p className="text-ink" data-testid="platform-amount">
        {amount}
      </p>
      <p className="text-xs text-ink-muted">
        {[r.appointmentId ? t("appointment", { id: r.appointmentId }) : null, t("paidAt", { time: formatDateTime(r.paidAt) }), r.method, t("events", { count: r.events })].filter(Boolean).join(" · ")}
      </p>
      {r.problem ? <p className="text-xs text-danger-soft-ink">{r.problem}</p> : null}
    </div>
  );
}

function OpenReceipt({ row: r, onDone }: { row: ReconcileRow; onDone(text: string): void }) {
  const t = useTranslations("billingAdmin.reconcile");
  const id = useId();
  const link = useLinkPlatformReceipt();
  const only = useMarkPlatformOnly();
  const [chosen, setChosen] = useState<string>(r.candidates.length === 1 ? r.candidates[0]!.id : "");
  const [note, setNote] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const server = (link.error ?? only.error) instanceof ApiProblemError ? ((link.error ?? only.error) as ApiProblemError).problem.errors ?? {} : {};
  const err = (f: string) => errors[f] ?? server[f];
  const candidate = r.candidates.find((c) => c.id === chosen);
  const needsNote = r.netPaise === null || (candidate !== undefined && candidate.netPaise !== r.netPaise);

  function submitLink(ev: React.FormEvent) {
    ev.preventDefault();
    const e: Record<string, string> = {};
    if (!chosen) e.deskReceiptId = t("errors.choose");
    else if (needsNote && note.trim().length < 3) e.note = t("errors.note");
    setErrors(e);
    if (Object.keys(e).length) return void document.getElementById(e.deskReceiptId ? `${id}-candidates` : `${id}-note`)?.focus();
    only.reset();
    link.mutate({ id: r.id, deskReceiptId: chosen, ...(note.trim() ? { note: note.trim() } : {}) }, { onSuccess: () => onDone(t("linked")) });
  }
  function markOnly() {
    if (r.problem && note.trim().length < 3) {
      setErrors({ note: t("errors.note") });
      return void document.getElementById(`${id}-note`)?.focus();
    }
    setErrors({});
    link.reset();
    only.mutate({ id: r.id, ...(note.trim() ? { note: note.trim() } : {}) }, { onSuccess: () => onDone(t("markedPlatformOnly")) });
  }

  return (
    <Card className="p-4 text-sm" data-platform-receipt={r.platformReceiptId}>
      <Facts row={r} />
      <form onSubmit={submitLink} noValidate className="mt-3 grid gap-3">
        {r.candidates.length ? (
          <fieldset id={`${id}-candidates`} tabIndex={-1} aria-describedby={err("deskReceiptId") ? `${id}-candidates-error` : undefined}>
            <legend className="mb-1 font-medium text-ink">{t("candidates")}</legend>
            <div className="grid gap-1">
              {r.candidates.map((c) => (
                <label key={c.id} className="flex items-center gap-2">
                  <input type="radio" name={`${id}-desk`} value={c.id} checked={chosen === c.id} onChange={() => setChosen(c.id)} className="size-4 accent-primary" />
                  <span className="tabular-nums">{t("candidate", { label: c.label, amount: formatPaise(c.netPaise), how: t(`how.${c.how}`) })}</span>
                </label>
              ))}
            </div>
            <FieldError id={`${id}-candidates-error`}>{err("deskReceiptId")}</FieldError>
          </fieldset>
        ) : (
          <p className="text-ink-muted">{t("noCandidates")}</p>
        )}
        <div className="max-w-md">
          <Label htmlFor={`${id}-note`}>{t("note")}</Label>
          <Input id={`${id}-note`} maxLength={300} value={note} onChange={(e) => setNote(e.target.value)} className="mt-1" invalid={!!err("note")} aria-describedby={err("note") ? `${id}-note-error` : undefined} />
          <FieldError id={`${id}-note-error`}>{err("note")}</FieldError>
        </div>
        <div className="flex flex-wrap gap-2">
          {r.candidates.length && r.netPaise !== null ? (
            <Button type="submit" disabled={link.isPending}>
              {t("link")}
            </Button>
          ) : null}
          <Button type="button" variant="secondary" onClick={markOnly} disabled={only.isPending}>
            {t("platformOnly")}
          </Button>
        </div>
        {link.isError && !Object.keys(server).length ? <ProblemAlert error={link.error} /> : null}
        {only.isError && !Object.keys(server).length ? <ProblemAlert error={only.error} /> : null}
      </form>
    </Card>
  );
}
