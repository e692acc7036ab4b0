"use client";

import { useState, type FormEvent } from "react";
import { ArrowDown, ArrowUp, Plus, Siren } from "lucide-react";
import { toast } from "@/lib/toast";
import { useLocale, useTranslations } from "use-intl";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CardHeading, CardSection } from "@/components/ui/card";
import { Checkbox, FieldError, Input, Label } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiProblemError } from "@/lib/api-client/problem-error";
import { usePriorityMarks, useSavePriorityMarks } from "@/lib/api-client/counter-settings";
import { isBuiltInMark, markName, type PriorityMark } from "@/lib/queue/priority-marks";

interface Row {
  key: string;
  label: string;
  labelHi: string;
  retired: boolean;
  /** Added on this page and not saved yet: its key still follows its English name. */
  fresh: boolean;
  /** React's key for the row: a fresh row's `key` changes as its name is typed, and a remounted row would lose the focus. */
  rowId: string;
}

let freshRows = 0;

const toRow = (m: PriorityMark): Row => ({ key: m.key, label: m.label ?? "", labelHi: m.labelHi ?? "", retired: !!m.retired, fresh: false, rowId: m.key });

/** A new mark's key from its English name ("Child under 5" → child_under_5); the key never changes once saved. */
function keyFor(label: string, taken: readonly string[]): string {
  const base = label.toLowerCase().normalize("NFKD").replace(/[^a-z0-9]+/g, "_").replace(/^_+|_+$/g, "").replace(/^(\d)/, "m_$1").slice(0, 28) || "mark";
  let key = base;
  for (let n = 2; taken.includes(key); n++) key = `${base}_${n}`;
  return key;
}

function MarksEditor({ marks }: { marks: PriorityMark[] }) {
  const t = useTranslations("priorityMarks");
  const tp = useTranslations("queue.priority");
  const tc = useTranslations("queue.counter");
  const locale = useLocale();
  const save = useSavePriorityMarks();
  const [rows, setRows] = useState<Row[]>(() => marks.map(toRow));
  const errors = save.error instanceof ApiProblemError ? (save.error.problem.errors ?? {}) : {};
  const builtIn = (key: string) => (isBuiltInMark(key) ? tp(key) : null);
  // A built-in mark's name field shows its built-in name, in that field's language when the page is in it (else "Built-in name").
  const placeholder = (key: string, field: "en" | "hi") => (isBuiltInMark(key) ? (locale === field ? tp(key) : t("builtInPlaceholder")) : t(field === "en" ? "englishPlaceholder" : "hindiPlaceholder"));
  const preview = rows.filter((r) => !r.retired).map((r) => markName(r.key, rows.map((x) => ({ key: x.key, label: x.label || null, labelHi: x.labelHi || null })), locale, builtIn));

  const update = (i: number, change: Partial<Row>) =>
    setRows((rs) =>
      rs.map((r, j) => {
        if (j !== i) return r;
        const next = { ...r, ...change };
        return next.fresh && change.label !== undefined ? { ...next, key: keyFor(change.label, rs.filter((_, k) => k !== i).map((x) => x.key)) } : next;
      }),
    );
  const move = (i: number, by: -1 | 1) => {
    const to = i + by;
    setRows((rs) => {
      const next = [...rs];
      [next[i], next[to]] = [next[to]!, next[i]!];
      return next;
    });
    // The focus follows the mark; at the top or bottom its button in that direction is disabled, so the other one takes it.
    const atEnd = by < 0 ? to === 0 : to === rows.length - 1;
    const direction = (by < 0) !== atEnd ? "up" : "down";
    requestAnimationFrame(() => document.getElementById(`mark-${to}-${direction}`)?.focus());
  };

  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate(
      { marks: rows.map((r) => ({ key: r.key, label: r.label.trim() || null, labelHi: r.labelHi.trim() || null, retired: r.retired })) },
      {
        onSuccess: (list) => {
          setRows(list.marks.map(toRow));
          toast.success(t("saved"));
        },
        onError: (err) => {
          const first = err instanceof ApiProblemError ? Object.keys(err.problem.errors ?? {})[0] : undefined;
          const m = first?.match(/^marks\.(\d+)\.(label|labelHi|key)$/);
          if (m) document.getElementById(`mark-${m[1]}-${m[2] === "key" ? "label" : m[2]}`)?.focus();
        },
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate className="mt-4 space-y-4">
      {save.error && !Object.keys(errors).some((k) => k.startsWith("marks.")) ? <ProblemAlert error={save.error} /> : null}
      {errors.marks ? <FieldError id="marks-error">{errors.marks}</FieldError> : null}
      <ol className="divide-y divide-line rounded-lg border border-line" aria-label={t("listLabel")}>
        {rows.map((r, i) => {
          const name = r.label || builtIn(r.key) || r.key;
          return (
            <li key={r.rowId} data-mark={r.key} className="grid gap-3 p-3 md:grid-cols-[auto_minmax(0,1fr)_minmax(0,1fr)_auto] md:items-start">
              <div className="flex items-center gap-1 md:pt-6">
                <span className="w-6 text-right text-sm text-ink-muted tabular-nums">{r.retired ? "–" : `${i + 1 - rows.slice(0, i).filter((x) => x.retired).length}.`}</span>
                <Button id={`mark-${i}-up`} variant="ghost" size="icon" aria-label={t("moveUp", { mark: name })} disabled={i === 0} onClick={() => move(i, -1)}>
                  <ArrowUp aria-hidden className="size-4" />
                </Button>
                <Button id={`mark-${i}-down`} variant="ghost" size="icon" aria-label={t("moveDown", { mark: name })} disabled={i === rows.length - 1} onClick={() => move(i, 1)}>
                  <ArrowDown aria-hidden className="size-4" />
                </Button>
              </div>
              <div>
                <Label htmlFor={`mark-${i}-label`}>{t("english")}</Label>
                <Input
                  id={`mark-${i}-label`}
                  className="mt-1.5"
                  value={r.label}
                  placeholder={placeholder(r.key, "en")}
                  aria-label={t("englishFor", { mark: name })}
                  maxLength={80}
                  onChange={(e) => update(i, { label: e.target.value })}
                  invalid={!!errors[`marks.${i}.label`] || !!errors[`marks.${i}.key`]}
                  aria-describedby={errors[`marks.${i}.label`] || errors[`marks.${i}.key`] ? `mark-${i}-label-error mark-${i}-key` : `mark-${i}-key`}
                />
                <p id={`mark-${i}-key`} className="mt-1 text-xs text-ink-muted">
                  {t("key", { key: r.key })}
                </p>
                <FieldError id={`mark-${i}-label-error`}>{errors[`marks.${i}.label`] ?? errors[`marks.${i}.key`]}</FieldError>
              </div>
              <div>
                <Label htmlFor={`mark-${i}-labelHi`}>{t("hindi")}</Label>
                <Input
                  id={`mark-${i}-labelHi`}
                  className="mt-1.5"
                  lang="hi"
                  value={r.labelHi}
                  placeholder={placeholder(r.key, "hi")}
                  aria-label={t("hindiFor", { mark: name })}
                  maxLength={80}
                  onChange={(e) => update(i, { labelHi: e.target.value })}
                  invalid={!!errors[`marks.${i}.labelHi`]}
                  aria-describedby={errors[`marks.${i}.labelHi`] ? `mark-${i}-labelHi-error` : undefined}
                />
                <FieldError id={`mark-${i}-labelHi-error`}>{errors[`marks.${i}.labelHi`]}</FieldError>
              </div>
              <div className="flex flex-wrap items-center gap-2 md:w-32 md:pt-8">
                <Checkbox label={t("retired")} aria-label={t("retireMark", { mark: name })} checked={r.retired} onChange={(e) => update(i, { retired: e.target.checked })} />
                {r.retired ? <Badge tone="neutral">{t("retiredBadge")}</Badge> : null}
              </div>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          onClick={() => {
            setRows((rs) => [...rs, { key: keyFor("", rs.map((x) => x.key)), label: "", labelHi: "", retired: false, fresh: true, rowId: `new-${++freshRows}` }]);
            requestAnimationFrame(() => document.getElementById(`mark-${rows.length}-label`)?.focus());
          }}
        >
          <Plus aria-hidden className="size-4" />
          {t("add")}
        </Button>
        <Button type="submit" aria-busy={save.isPending || undefined} disabled={save.isPending}>
          {t("save")}
        </Button>
      </div>
      <section aria-labelledby="marks-rule" className="rounded-lg bg-surface-sunken p-3 text-sm">
        <h3 id="marks-rule" className="font-medium text-ink">
          {tc("ruleTitle")}
        </h3>
        <p className="mt-1 text-ink-muted" data-testid="marks-rule">
          {preview.length ? tc("rulePriority", { marks: preview.join(", ") }) : t("noneInUse")} {tc("ruleRest")}
        </p>
      </section>
    </form>
  );
}

/** Settings → Priority marks: the clinic's list in order of precedence; what staff see and how the next token is chosen. */
export function PriorityMarksSettings() {
  const t = useTranslations("priorityMarks");
  const marks = usePriorityMarks();
  return (
    <CardSection className="p-5" aria-labelledby="marks-title">
      <CardHeading id="marks-title" icon={Siren}>
        {t("cardTitle")}
      </CardHeading>
      <p className="mt-1 text-sm text-ink-muted">{t("howTo")}</p>
      {marks.isPending ? (
        <div className="mt-4 space-y-2" aria-busy="true">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : marks.error ? (
        <div className="mt-4">
          <ProblemAlert error={marks.error} onRetry={() => void marks.refetch()} returnTo="/settings/priority-marks" />
        </div>
      ) : (
        <MarksEditor key={JSON.stringify(marks.data.marks)} marks={marks.data.marks} />
      )}
    </CardSection>
  );
}
