"use client";

import { useEffect, useId, useRef, useState } from "react";
import { Printer } from "lucide-react";
import { useTranslations } from "use-intl";
import { MethodSelect } from "./method-select";
import { useLineName } from "./use-line-name";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FieldError, Input, Label, Select } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { useIssueCreditNote, useReceipt, useRecordPrint } from "@/lib/api-client/billing";
import { ApiProblemError } from "@/lib/api-client/problem-error";
import { formatPaise, parseRupees, sumPaise } from "@/lib/billing/money";
import { type PaymentMethod, type ReceiptDocument } from "@/lib/schemas/billing";
import { pageRule } from "@/components/print/print-page";
import { ReceiptPrint, receiptSheet, type ReceiptPaper, type ReceiptWords } from "./receipt-print";

/** A roll is cut where the receipt ends: its page is as long as the receipt (CSS has no "auto" page height). */

/** A receipt on screen as it prints (80 mm or A5), the print button, and the refund form for those who may. */
export function ReceiptDesk({ id, mayRefund, initialPaper = "roll" }: { id: string; mayRefund: boolean; initialPaper?: ReceiptPaper }) {
  const t = useTranslations("billing");
  const lineName = useLineName();
  const receipt = useReceipt(id);
  const print = useRecordPrint(id);
  const [paper, setPaper] = useState<ReceiptPaper>(initialPaper);
  const [copy, setCopy] = useState<"original" | "duplicate" | null>(null);
  const printRef = useRef(false);
  const [height, setHeight] = useState(0);
  const paperRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = paperRef.current;
    if (!box) return;
    const observer = new ResizeObserver(() => setHeight(box.querySelector("article")?.getBoundingClientRect().height ?? 0));
    observer.observe(box);
    return () => observer.disconnect();
  }, [receipt.data]);

  useEffect(() => {
    if (copy && printRef.current) {
      printRef.current = false;
      window.print();
    }
  }, [copy]);

  if (receipt.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label={t("receipt.heading")}>
        <Skeleton className="h-96 w-80" />
      </div>
    );
  }
  if (receipt.isError) return <ProblemAlert error={receipt.error} onRetry={() => void receipt.refetch()} />;
  const r = receipt.data;
  const words: ReceiptWords = {
    line: lineName,
    duplicate: t("receipt.duplicate"),
    heading: t("receipt.heading"),
    headingHi: t("receipt.headingHi"),
    number: t("receipt.number"),
    date: t("receipt.date"),
    patient: t("receipt.patient"),
    uhid: t("receipt.uhid"),
    doctor: t("receipt.doctor"),
    gstin: t("receipt.gstin"),
    sac: t("receipt.sac"),
    item: t("receipt.item"),
    amount: t("receipt.amount"),
    total: t("receipt.total"),
    inWords: t("receipt.inWords"),
    paidBy: t("receipt.paidBy"),
    collectedBy: t("receipt.collectedBy"),
    creditNotes: t("receipt.creditNotes"),
    thanks: t("receipt.thanks"),
    method: (m) => t(`pay.methods.${m as PaymentMethod}`),
    change: (amount) => t("receipt.change", { amount }),
  };
  // What the next print will be: a reprint (any print before this one) says DUPLICATE.
  const duplicate = copy ? copy === "duplicate" : r.printCount > 0;
  return (
    <div className="grid gap-6 lg:grid-cols-[auto_minmax(0,1fr)]">
      <style>{`@media print { ${pageRule(receiptSheet(paper), height)} html, body { background: #fff !important } body * { visibility: hidden !important } .receipt, .receipt * { visibility: visible !important } .receipt { position: absolute; left: 0; top: 0; box-shadow: none } }`}</style>
      <div className="grid content-start gap-3">
        <div className="flex flex-wrap items-center gap-3 print:hidden">
          <Label htmlFor="receipt-paper" className="sr-only">
            {t("receipt.size")}
          </Label>
          <div className="w-44">
            <Select id="receipt-paper" value={paper} onChange={(e) => setPaper(e.target.value as ReceiptPaper)} className="h-10">
              <option value="roll">{t("receipt.roll")}</option>
              <option value="a5">{t("receipt.a5")}</option>
            </Select>
          </div>
          <Button
            disabled={print.isPending}
            onClick={() =>
              print.mutate(undefined, {
                onSuccess: (out) => {
                  printRef.current = true;
                  setCopy(out.copy);
                  void receipt.refetch();
                },
              })
            }
          >
            <Printer aria-hidden className="size-4" />
            {print.isPending ? t("receipt.printing") : t("receipt.print")}
          </Button>
        </div>
        {print.isError ? <ProblemAlert error={print.error} /> : null}
        <div ref={paperRef} className="overflow-x-auto rounded-lg border border-line bg-white shadow-sm">
          <ReceiptPrint r={r} paper={paper} duplicate={duplicate} words={words} />
        </div>
      </div>
      {mayRefund ? <RefundForm r={r} /> : null}
    </div>
  );
}

function RefundForm({ r }: { r: ReceiptDocument }) {
  const t = useTranslations("billing");
  const id = useId();
  const refund = useIssueCreditNote(r.id);
  const left = r.amountPaise - sumPaise(r.creditNotes.map((n) => n.amountPaise));
  const [amount, setAmount] = useState("");
  const [method, setMethod] = useState<PaymentMethod>(r.payments[0]?.method ?? "cash");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<{ label: string; amountPaise: number } | null>(null);
  const server = refund.error instanceof ApiProblemError ? (refund.error.problem.errors ?? {}) : {};
  const err = (f: string) => errors[f] ?? server[f];

  function submit(ev: React.FormEvent) {
    ev.preventDefault();
    const e: Record<string, string> = {};
    const p = parseRupees(amount);
    if (!p.ok) e.amount = t(`pay.errors.${p.reason}`);
    else if (p.paise === 0) e.amount = t("pay.errors.zero");
    else if (p.paise > left) e.amount = t("pay.errors.overDue", { amount: formatPaise(left) });
    if (reason.trim().length < 3) e.reason = t("pay.errors.reason");
    setErrors(e);
    if (Object.keys(e).length) return void document.getElementById(`${id}-${Object.keys(e)[0]}`)?.focus();
    refund.mutate({ amount, method, reason: reason.trim() }, { onSuccess: (out) => (setDone(out), setAmount(""), setReason("")) });
  }

  return (
    <Card className="h-fit p-5 print:hidden">
      <form onSubmit={submit} noValidate className="grid gap-4" aria-labelledby={`${id}-h`}>
        <h2 id={`${id}-h`} className="text-lg font-semibold text-ink">
          {t("receipt.refund.heading")}
        </h2>
        {done ? (
          <p role="status" className="rounded-lg bg-success-soft p-3 text-sm font-medium text-success-soft-ink">
            {t("receipt.refund.done", { label: done.label, amount: formatPaise(done.amountPaise) })}
          </p>
        ) : null}
        {left === 0 ? (
          <p className="text-sm text-ink-muted">{t("receipt.refund.none")}</p>
        ) : (
          <>
            <p className="text-sm text-ink-muted">{t("receipt.refund.hint", { amount: formatPaise(left) })}</p>
            <div>
              <Label htmlFor={`${id}-amount`}>{t("receipt.refund.amount")}</Label>
              <Input id={`${id}-amount`} inputMode="decimal" autoComplete="off" value={amount} onChange={(e) => setAmount(e.target.value)} className="mt-1" invalid={!!err("amount")} aria-describedby={err("amount") ? `${id}-amount-error` : undefined} />
              <FieldError id={`${id}-amount-error`}>{err("amount")}</FieldError>
            </div>
            <div>
              <Label htmlFor={`${id}-method`}>{t("receipt.refund.method")}</Label>
              <MethodSelect id={`${id}-method`} value={method} onChange={setMethod} />
            </div>
            <div>
              <Label htmlFor={`${id}-reason`}>{t("receipt.refund.reason")}</Label>
              <Input id={`${id}-reason`} autoComplete="off" maxLength={200} value={reason} onChange={(e) => setReason(e.target.value)} className="mt-1" invalid={!!err("reason")} aria-describedby={err("reason") ? `${id}-reason-error` : undefined} />
              <FieldError id={`${id}-reason-error`}>{err("reason")}</FieldError>
            </div>
            <Button type="submit" variant="secondary" disabled={refund.isPending} className="w-fit">
              {t("receipt.refund.submit")}
            </Button>
            {refund.isError ? <ProblemAlert error={refund.error} /> : null}
          </>
        )}
      </form>
    </Card>
  );
}
