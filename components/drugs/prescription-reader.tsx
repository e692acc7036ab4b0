"use client";

import { useId, useRef, useState, type KeyboardEvent } from "react";
import { AlertTriangle, CheckCircle2, ClipboardCopy, LoaderCircle, Printer } from "lucide-react";
import { useTranslations } from "use-intl";
import { useReadPrescription } from "@/lib/api-client/drugs";
import type { PrescriptionRow } from "@/lib/schemas/drugs";
import { PRESCRIPTION_MAX_LINES } from "@/lib/schemas/prescription-limits";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { FieldError, Label } from "@/components/ui/field";
import { cn } from "@/components/ui/cn";
import { FormNotKnownNote, MissExplained } from "./drug-understood";
import { useDrugWords } from "./use-drug-words";

/** A whole prescription pasted at once: one row a line with its generic, strength, dosing in words and the generic line to print. */
export function PrescriptionReader({ onLookUp }: { onLookUp: (name: string) => void }) {
  const t = useTranslations("drugs.prescription");
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const read = useReadPrescription();
  const errorId = useId();
  const tableRef = useRef<HTMLTableElement>(null);
  const rows = read.data?.rows ?? [];
  const unsure = rows.filter((r) => !r.confident).length;

  function submit() {
    const lines = text.split(/\r?\n/).filter((l) => l.trim());
    if (!lines.length) return setError(t("errors.empty"));
    if (lines.length > PRESCRIPTION_MAX_LINES) return setError(t("errors.tooManyLines", { max: PRESCRIPTION_MAX_LINES }));
    setError(null);
    setCopied(false);
    read.mutate(text, { onSuccess: () => requestAnimationFrame(() => tableRef.current?.focus()) });
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    }
  }

  const genericLines = rows.map((r) => r.understood?.genericLine ?? r.line).join("\n");

  return (
    <div className="space-y-5">
      <Card className="p-4 sm:p-5 print:hidden">
        <h2 className="text-base font-semibold text-ink">{t("title")}</h2>
        <p className="mt-1 text-sm text-ink-muted">{t("body")}</p>
        <form
          className="mt-4 space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div>
            <div className="flex items-baseline justify-between gap-2">
              <Label htmlFor="prescription-text">{t("label")}</Label>
              <span className="text-xs text-ink-faint">{t("shortcut")}</span>
            </div>
            <textarea
              id="prescription-text"
              autoFocus
              rows={6}
              spellCheck={false}
              value={text}
              placeholder={t("placeholder")}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              aria-keyshortcuts="Control+Enter"
              onChange={(event) => setText(event.target.value)}
              onKeyDown={onKeyDown}
              className="mt-1.5 block w-full rounded-lg border border-line-strong bg-surface px-3 py-2 font-mono text-sm text-ink shadow-sm placeholder:text-ink-faint focus-visible:border-focus focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-focus"
            />
            <FieldError id={errorId}>{error}</FieldError>
          </div>
          <Button type="submit" disabled={read.isPending}>
            {read.isPending ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : null}
            {read.isPending ? t("reading") : t("read")}
          </Button>
        </form>
      </Card>

      {read.isError ? <ProblemAlert error={read.error} onRetry={submit} returnTo="/drugs?mode=prescription" /> : null}

      {rows.length ? (
        <Card className="overflow-hidden">
          <div className="flex flex-wrap items-center justify-between gap-3 border-b border-line bg-surface-muted px-4 py-2">
            <p role="status" className="text-sm text-ink">
              <span className="hidden print:inline">{t("printTitle")} · </span>
              {t("summary", { count: rows.length, unsure })}
            </p>
            <div className="flex gap-2 print:hidden">
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void navigator.clipboard?.writeText(genericLines).then(() => setCopied(true), () => undefined)}
              >
                <ClipboardCopy aria-hidden className="size-4" />
                {copied ? t("copiedAll") : t("copyAll")}
              </Button>
              <Button variant="secondary" size="sm" onClick={() => window.print()}>
                <Printer aria-hidden className="size-4" />
                {t("print")}
              </Button>
            </div>
          </div>
          <div className="overflow-x-auto">
            <table ref={tableRef} tabIndex={-1} aria-label={t("rowsLabel")} className="w-full text-left text-sm focus-visible:outline-2 focus-visible:outline-focus">
              <thead className="bg-surface-muted text-xs tracking-wider text-ink-faint uppercase">
                <tr>
                  <th scope="col" className="px-4 py-2 font-semibold">{t("cols.line")}</th>
                  <th scope="col" className="px-4 py-2 font-semibold">{t("cols.medicine")}</th>
                  <th scope="col" className="px-4 py-2 font-semibold">{t("cols.dosing")}</th>
                  <th scope="col" className="px-4 py-2 font-semibold">{t("cols.genericLine")}</th>
                  <th scope="col" className="px-4 py-2 font-semibold">{t("cols.status")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, i) => (
                  <PrescriptionRowView key={`${i}-${row.line}`} row={row} onLookUp={onLookUp} />
                ))}
              </tbody>
            </table>
          </div>
        </Card>
      ) : null}
    </div>
  );
}

function PrescriptionRowView({ row, onLookUp }: { row: PrescriptionRow; onLookUp: (name: string) => void }) {
  const t = useTranslations("drugs.prescription");
  const words = useDrugWords();
  const u = row.understood;
  const medicine = row.entry?.name ?? u?.generic?.join(" + ");
  // The brand's composition carries every ingredient's strength; else the strength as typed.
  const strength = u?.brand ? (/\d/.test(u.brand.composition) ? `${u.brand.name} = ${u.brand.composition}` : u.brand.name) : u?.strength;
  const dosing = u?.sig ? words.sigInWords(u.sig) : "";
  return (
    <tr data-testid="prescription-row" data-sure={row.confident ? "true" : "false"} className={cn("border-t border-line align-top", !row.confident && "bg-warning-soft/60")}>
      <td className="px-4 py-2 font-mono text-ink-muted">{row.line}</td>
      <td className="px-4 py-2">
        {medicine ? (
          <>
            <span data-testid="prescription-generic" className="font-medium text-ink">{medicine}</span>
            {strength ? <span data-testid="prescription-strength" className="block text-xs text-ink-muted">{strength}</span> : null}
            {u?.form ? <span className="block text-xs text-ink-faint">{[words.form(u.form), u.route && words.route(u.route)].filter(Boolean).join(" · ")}</span> : null}
          </>
        ) : (
          <span className="text-ink-faint">—</span>
        )}
        {!row.confident ? <MissExplained understood={u} /> : <FormNotKnownNote understood={u} />}
      </td>
      <td data-testid="prescription-dosing" className="px-4 py-2 text-ink">{dosing || <span className="text-ink-faint">—</span>}</td>
      <td className="px-4 py-2">
        {u?.genericLine ? <code data-testid="prescription-generic-line" className="font-mono text-sm text-ink">{u.genericLine}</code> : <span className="text-ink-faint">—</span>}
      </td>
      <td className="px-4 py-2">
        {row.confident ? (
          <span className="inline-flex items-center gap-1 text-success-soft-ink">
            <CheckCircle2 aria-hidden className="size-4" />
            {t("sure")}
          </span>
        ) : (
          <span className="inline-flex items-center gap-1 font-medium text-warning-soft-ink">
            <AlertTriangle aria-hidden className="size-4" />
            {u?.otherMedicine ? t("notInFormularyStatus") : t("unsure")}
          </span>
        )}
        {row.entry ? (
          <button type="button" onClick={() => onLookUp(row.entry!.name)} className="mt-1 block text-xs font-medium text-primary underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-focus print:hidden">
            {t("openEntry", { name: row.entry.name })}
          </button>
        ) : null}
      </td>
    </tr>
  );
}
