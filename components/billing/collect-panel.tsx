"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { Plus, Printer, Trash2 } from "lucide-react";
import { useTranslations } from "use-intl";
import { MethodSelect } from "./method-select";
import { useLineName } from "./use-line-name";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Checkbox, FieldError, Input, Label } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { useRecordPayment, useVisitBilling } from "@/lib/api-client/billing";
import type { PaymentOutcome } from "@/lib/schemas/billing";
import { ApiProblemError } from "@/lib/api-client/problem-error";
import { formatPaise, parseRupees, paiseToDecimal, sumPaise } from "@/lib/billing/money";
import { upiPayUrl } from "@/lib/billing/upi";
import { type PaymentMethod, type VisitBilling } from "@/lib/schemas/billing";
import { displayDay } from "@/lib/schemas/calendar";
import { UpiQr } from "./upi-qr";

interface Line {
  method: PaymentMethod;
  amount: string;
  tendered: string;
  reference: string;
}

type Errors = Record<string, string>;

/** One visit's money: what it costs, what was paid, and the form that takes the rest. */
export function CollectPanel({ appointmentId }: { appointmentId: string }) {
  const t = useTranslations("billing");
  const visit = useVisitBilling(appointmentId);
  // Kept here: the visit is read again after a payment, and the form under it starts afresh.
  const [done, setDone] = useState<PaymentOutcome | null>(null);
  if (visit.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label={t("visit.title")} className="grid gap-3">
        <Skeleton className="h-24" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (visit.isError) return <ProblemAlert error={visit.error} onRetry={() => void visit.refetch()} />;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
      <VisitSummary v={visit.data} />
      {done ? (
        <Recorded done={done} onAnother={visit.data.duePaise > 0 ? () => setDone(null) : undefined} />
      ) : visit.data.duePaise > 0 || !visit.data.billed ? (
        <PaymentForm key={`${visit.data.duePaise}-${visit.data.receipts.length}`} v={visit.data} onDone={setDone} />
      ) : (
        <Card className="p-5 text-sm text-ink-muted">{t("visit.nothingDue")}</Card>
      )}
    </div>
  );
}

function VisitSummary({ v }: { v: VisitBilling }) {
  const t = useTranslations("billing");
  const lineName = useLineName();
  const row = (label: string, paise: number, strong = false) => (
    <div className={strong ? "flex justify-between border-t border-line pt-2 font-semibold text-ink" : "flex justify-between text-ink-muted"}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{formatPaise(paise)}</dd>
    </div>
  );
  return (
    <Card className="grid content-start gap-4 p-5">
      <div>
        <h2 className="text-lg font-semibold text-ink">{v.patientName ?? v.patientId}</h2>
        <p className="text-sm text-ink-muted">
          {v.doctorName} · {displayDay(v.day)}
          {v.tokenLabel ? ` · ${t("visit.token", { token: v.tokenLabel })}` : ""}
        </p>
        <div className="mt-2 flex flex-wrap gap-2">
          <Badge tone="info">{t(`visit.feeKind.${v.feeKind}`)}</Badge>
          {v.prePay ? <Badge tone="warning">{t("visit.prePay")}</Badge> : null}
          <Badge tone={v.billed ? "success" : "neutral"}>{v.billed ? t("visit.fixed") : t("visit.proposed")}</Badge>
        </div>
      </div>
      <section aria-labelledby="bill-lines">
        <h3 id="bill-lines" className="mb-2 text-sm font-semibold text-ink">
          {t("visit.lines")}
        </h3>
        <dl className="grid gap-1 text-sm">
          {v.lines.map((l, i) => (
            <div key={i} className="flex justify-between text-ink">
              <dt>{lineName(l)}</dt>
              <dd className="tabular-nums">{formatPaise(l.paise)}</dd>
            </div>
          ))}
          {row(t("visit.total"), v.totalPaise, true)}
          {v.concessionPaise ? row(t("visit.concession"), -v.concessionPaise) : null}
          {v.paidPaise ? row(t("visit.paid"), -v.paidPaise) : null}
          {v.refundedPaise ? row(t("visit.refunded"), v.refundedPaise) : null}
          <div className="flex justify-between border-t border-line pt-2 text-base font-semibold text-ink" data-testid="due">
            <dt>{t("visit.due")}</dt>
            <dd className="tabular-nums">{formatPaise(v.duePaise)}</dd>
          </div>
        </dl>
        {v.concessions.map((c, i) => (
          <p key={i} className="mt-1 text-xs text-ink-muted">
            {t("visit.concession")}: {formatPaise(c.amountPaise)} · {c.reason} · {c.allowedBy}
          </p>
        ))}
      </section>
      <section aria-labelledby="bill-receipts">
        <h3 id="bill-receipts" className="mb-2 text-sm font-semibold text-ink">
          {t("visit.receipts")}
        </h3>
        {v.receipts.length === 0 ? (
          <p className="text-sm text-ink-muted">{t("visit.noReceipts")}</p>
        ) : (
          <ul className="grid gap-1 text-sm">
            {v.receipts.map((r) => (
              <li key={r.id} className="flex justify-between gap-2">
                <Link href={`/billing/receipts/${r.id}`} aria-label={t("visit.openReceipt", { label: r.label })} className="font-mono text-primary underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-focus">
                  {r.label}
                </Link>
                <span className="tabular-nums text-ink">
                  {formatPaise(r.amountPaise)} · {r.payments.map((p) => t(`pay.methods.${p.method}`)).join(" + ")}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Link href="/appointments/today" className="text-sm text-primary underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-focus">
        {t("visit.back")}
      </Link>
    </Card>
  );
}

const blankLine = (method: PaymentMethod, amount = ""): Line => ({ method, amount, tendered: "", reference: "" });

function Recorded({ done, onAnother }: { done: PaymentOutcome; onAnother?: () => void }) {
  const t = useTranslations("billing");
  return (
    <Card className="grid content-start gap-4 p-5" role="status">
      <p className="text-lg font-semibold text-ink">{done.receiptLabel ? t("pay.done", { label: done.receiptLabel, amount: formatPaise(done.amountPaise) }) : t("pay.doneFree")}</p>
      {done.changePaise > 0 ? <p className="text-base font-semibold text-warning-soft-ink">{t("pay.change", { amount: formatPaise(done.changePaise) })}</p> : null}
      {done.duePaise > 0 ? <p className="text-sm text-ink-muted">{t("pay.dueAfter", { amount: formatPaise(done.duePaise) })}</p> : null}
      <div className="flex flex-wrap gap-3">
        {done.receiptId ? (
          <Link href={`/billing/receipts/${done.receiptId}`} className={buttonClasses({ className: "w-fit" })} autoFocus>
            <Printer aria-hidden className="size-4" />
            {t("pay.print", { label: done.receiptLabel! })}
          </Link>
        ) : null}
        {onAnother ? (
          <Button variant="secondary" onClick={onAnother}>
            {t("pay.heading")}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}

function PaymentForm({ v, onDone }: { v: VisitBilling; onDone: (out: PaymentOutcome) => void }) {
  const t = useTranslations("billing");
  const id = useId();
  const record = useRecordPayment(v.appointmentId);
  const [lines, setLines] = useState<Line[]>([blankLine("cash", v.duePaise ? paiseToDecimal(v.duePaise) : "")]);
  const [procedures, setProcedures] = useState<string[]>([]);
  const [concession, setConcession] = useState<{ on: boolean; amount: string; reason: string; allowedBy: string }>({ on: false, amount: "", reason: "", allowedBy: "" });
  const [upiSeen, setUpiSeen] = useState(false);
  const [errors, setErrors] = useState<Errors>({});

  const procedureExtra = sumPaise(procedures.map((c) => v.procedures.find((p) => p.code === c)?.feePaise ?? 0));
  const due = v.duePaise + (v.billed ? 0 : procedureExtra);
  const parsed = lines.map((l) => parseRupees(l.amount));
  const sum = sumPaise(parsed.map((p) => (p.ok ? p.paise : 0)));
  const concessionPaise = concession.on ? (parseRupees(concession.amount).ok ? (parseRupees(concession.amount) as { paise: number }).paise : 0) : 0;
  const upiPaise = sumPaise(lines.map((l, i) => (l.method === "upi" && parsed[i]!.ok ? (parsed[i] as { paise: number }).paise : 0)));
  const serverErrors = record.error instanceof ApiProblemError ? (record.error.problem.errors ?? {}) : {};
  const err = (field: string) => errors[field] ?? serverErrors[field];
  const set = (i: number, patch: Partial<Line>) => setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  function validate(): Errors {
    const e: Errors = {};
    lines.forEach((l, i) => {
      if (concession.on && l.amount.trim() === "") return;
      const p = parseRupees(l.amount);
      if (!p.ok) e[`payments.${i}.amount`] = t(`pay.errors.${p.reason}`);
      else if (p.paise === 0) e[`payments.${i}.amount`] = t("pay.errors.zero");
      if (l.method === "cash" && l.tendered.trim()) {
        const c = parseRupees(l.tendered);
        if (!c.ok) e[`payments.${i}.tendered`] = t(`pay.errors.${c.reason}`);
        else if (p.ok && c.paise < p.paise) e[`payments.${i}.tendered`] = t("pay.errors.tenderedShort");
      }
    });
    if (concession.on) {
      const c = parseRupees(concession.amount);
      if (!c.ok) e["concession.amount"] = t(`pay.errors.${c.reason}`);
      else if (c.paise === 0) e["concession.amount"] = t("pay.errors.zero");
      if (concession.reason.trim().length < 3) e["concession.reason"] = t("pay.errors.reason");
      if (concession.allowedBy.trim().length < 2) e["concession.allowedBy"] = t("pay.errors.allowedBy");
    }
    if (!Object.keys(e).length && sum + concessionPaise > due) e[lines.length === 1 ? "payments.0.amount" : "payments"] = t("pay.errors.overDue", { amount: formatPaise(due) });
    if (upiPaise > 0 && !upiSeen) e.upiSeen = t("pay.upiConfirmNeeded");
    return e;
  }

  function submit(ev: React.FormEvent) {
    ev.preventDefault();
    const e = validate();
    setErrors(e);
    if (Object.keys(e).length) {
      document.getElementById(`${id}-${Object.keys(e)[0]}`)?.focus();
      return;
    }
    record.mutate(
      {
        payments: lines.filter((l) => !(concession.on && l.amount.trim() === "")).map((l) => ({ method: l.method, amount: l.amount, ...(l.method === "cash" && l.tendered.trim() ? { tendered: l.tendered } : {}), ...(l.reference.trim() ? { reference: l.reference.trim() } : {}) })),
        ...(procedures.length && !v.billed ? { procedures } : {}),
        ...(concession.on ? { concession: { amount: concession.amount, reason: concession.reason, allowedBy: concession.allowedBy } } : {}),
      },
      { onSuccess: onDone },
    );
  }

  const field = (name: string) => ({ id: `${id}-${name}`, "aria-invalid": err(name) ? true : undefined, "aria-describedby": err(name) ? `${id}-${name}-error` : undefined });

  return (
    <Card className="p-5">
      <form onSubmit={submit} noValidate className="grid gap-5" aria-labelledby={`${id}-heading`}>
        <h2 id={`${id}-heading`} className="text-lg font-semibold text-ink">
          {t("pay.heading")}
        </h2>
        {!v.billed && v.procedures.length ? (
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-medium text-ink">{t("pay.procedures")}</legend>
            {v.procedures.map((p) => (
              <Checkbox
                key={p.code}
                checked={procedures.includes(p.code)}
                onChange={(e) => setProcedures((ps) => (e.target.checked ? [...ps, p.code] : ps.filter((x) => x !== p.code)))}
                label={`${p.name} · ${formatPaise(p.feePaise)}`}
              />
            ))}
          </fieldset>
        ) : null}
        {lines.map((l, i) => (
          <fieldset key={i} className="grid gap-3 rounded-lg border border-line p-3 sm:grid-cols-2" data-payment-line={i}>
            <legend className="px-1 text-sm font-medium text-ink">{t("pay.line", { n: i + 1 })}</legend>
            <div>
              <Label htmlFor={`${id}-payments.${i}.method`}>{t("pay.method")}</Label>
              <MethodSelect id={`${id}-payments.${i}.method`} value={l.method} onChange={(method) => set(i, { method })} />
            </div>
            <div>
              <Label htmlFor={`${id}-payments.${i}.amount`}>{t("pay.amount")}</Label>
              <Input {...field(`payments.${i}.amount`)} inputMode="decimal" autoComplete="off" value={l.amount} onChange={(e) => set(i, { amount: e.target.value })} className="mt-1 tabular-nums" invalid={!!err(`payments.${i}.amount`)} />
              <FieldError id={`${id}-payments.${i}.amount-error`}>{err(`payments.${i}.amount`)}</FieldError>
            </div>
            {l.method === "cash" ? (
              <div>
                <Label htmlFor={`${id}-payments.${i}.tendered`}>{t("pay.tendered")}</Label>
                <Input {...field(`payments.${i}.tendered`)} inputMode="decimal" autoComplete="off" value={l.tendered} onChange={(e) => set(i, { tendered: e.target.value })} className="mt-1 tabular-nums" invalid={!!err(`payments.${i}.tendered`)} />
                <FieldError id={`${id}-payments.${i}.tendered-error`}>{err(`payments.${i}.tendered`)}</FieldError>
                {(() => {
                  const a = parseRupees(l.amount);
                  const c = parseRupees(l.tendered);
                  return a.ok && c.ok && c.paise > a.paise ? <p className="mt-1 text-sm font-semibold text-warning-soft-ink" role="status">{t("pay.change", { amount: formatPaise(c.paise - a.paise) })}</p> : null;
                })()}
              </div>
            ) : (
              <div>
                <Label htmlFor={`${id}-payments.${i}.reference`}>{t("pay.reference")}</Label>
                <Input id={`${id}-payments.${i}.reference`} autoComplete="off" maxLength={64} value={l.reference} onChange={(e) => set(i, { reference: e.target.value })} className="mt-1" />
              </div>
            )}
            {lines.length > 1 ? (
              <div className="flex items-end">
                <Button variant="ghost" size="sm" aria-label={t("pay.removeLine", { n: i + 1 })} onClick={() => setLines((ls) => ls.filter((_, j) => j !== i))}>
                  <Trash2 aria-hidden className="size-4" />
                  {t("pay.removeLine", { n: i + 1 })}
                </Button>
              </div>
            ) : null}
          </fieldset>
        ))}
        <FieldError id={`${id}-payments-error`}>{err("payments")}</FieldError>
        {lines.length < 4 ? (
          <Button variant="secondary" size="sm" className="w-fit" onClick={() => setLines((ls) => [...ls, blankLine("upi", due > sum ? paiseToDecimal(due - sum) : "")])}>
            <Plus aria-hidden className="size-4" />
            {t("pay.addLine")}
          </Button>
        ) : null}
        {upiPaise > 0 ? (
          <div className="grid gap-3 rounded-lg border border-line bg-surface-sunken p-4 sm:grid-cols-[auto_minmax(0,1fr)] sm:items-center">
            {v.upi ? (
              <>
                <UpiQr url={upiPayUrl({ vpa: v.upi.vpa, payee: v.upi.payee, paise: upiPaise, note: `${v.patientName ?? "Visit"} ${displayDay(v.day)}`.slice(0, 60), reference: v.appointmentId })} label={t("pay.upiQr", { amount: formatPaise(upiPaise), vpa: v.upi.vpa })} />
                <div className="grid gap-2">
                  <p className="text-sm font-medium text-ink">{t("pay.upiScan", { amount: formatPaise(upiPaise) })}</p>
                  <p className="font-mono text-xs text-ink-muted">{v.upi.vpa}</p>
                  <Checkbox id={`${id}-upiSeen`} checked={upiSeen} onChange={(e) => (setUpiSeen(e.target.checked), setErrors((all) => Object.fromEntries(Object.entries(all).filter(([k]) => k !== "upiSeen"))))} label={t("pay.upiConfirm", { amount: formatPaise(upiPaise) })} aria-describedby={err("upiSeen") ? `${id}-upiSeen-error` : undefined} />
                  <FieldError id={`${id}-upiSeen-error`}>{err("upiSeen")}</FieldError>
                </div>
              </>
            ) : (
              <div className="grid gap-2 sm:col-span-2">
                <p className="text-sm text-ink-muted">{t("pay.upiMissing")}</p>
                <Checkbox id={`${id}-upiSeen`} checked={upiSeen} onChange={(e) => (setUpiSeen(e.target.checked), setErrors((all) => Object.fromEntries(Object.entries(all).filter(([k]) => k !== "upiSeen"))))} label={t("pay.upiConfirm", { amount: formatPaise(upiPaise) })} />
                <FieldError id={`${id}-upiSeen-error`}>{err("upiSeen")}</FieldError>
              </div>
            )}
          </div>
        ) : null}
        <div className="grid gap-3">
          <Checkbox checked={concession.on} onChange={(e) => setConcession((c) => ({ ...c, on: e.target.checked }))} label={t("pay.concessionToggle")} />
          {concession.on ? (
            <div className="grid gap-3 sm:grid-cols-3">
              {(["amount", "reason", "allowedBy"] as const).map((f) => (
                <div key={f}>
                  <Label htmlFor={`${id}-concession.${f}`}>{t(f === "amount" ? "pay.concessionAmount" : f === "reason" ? "pay.concessionReason" : "pay.allowedBy")}</Label>
                  <Input {...field(`concession.${f}`)} inputMode={f === "amount" ? "decimal" : undefined} autoComplete="off" value={concession[f]} onChange={(e) => setConcession((c) => ({ ...c, [f]: e.target.value }))} className="mt-1" invalid={!!err(`concession.${f}`)} />
                  <FieldError id={`${id}-concession.${f}-error`}>{err(`concession.${f}`)}</FieldError>
                </div>
              ))}
            </div>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4 text-sm">
          <div className="grid gap-0.5">
            <span className="font-semibold text-ink tabular-nums">{t("pay.sum", { amount: formatPaise(sum) })}</span>
            <span className="text-ink-muted tabular-nums">{t("pay.dueAfter", { amount: formatPaise(Math.max(0, due - sum - concessionPaise)) })}</span>
          </div>
          <Button type="submit" disabled={record.isPending}>
            {record.isPending ? t("pay.submitting") : t("pay.submit")}
          </Button>
        </div>
        {record.isError ? <ProblemAlert error={record.error} /> : null}
      </form>
    </Card>
  );
}
