"use client";

import type { ReactNode, Ref } from "react";
import { ArrowLeft, Printer, Search } from "lucide-react";
import { useTranslations } from "use-intl";
import type { DrugEntry, DrugListEntry, DrugQueryUnderstood } from "@/lib/schemas/drugs";
import { useDrugEntry } from "@/lib/api-client/drugs";
import { ApiProblemError } from "@/lib/api-client/http";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { CategoryBadge, CompoundBadge, PregnancyBadge, ReferenceBadge, ScheduleBadge } from "./drug-badges";
import { DrugRelated } from "./drug-related";
import { EntryBrandsAndStrengths } from "./drug-understood";
import { normalisePregnancyCategory, normaliseSchedule, showsComponents } from "./drug-labels";

function FieldRow({ label, children, empty }: { label: string; children: ReactNode; empty?: boolean }) {
  const t = useTranslations("common");
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-medium text-ink-muted">{label}</dt>
      <dd className="text-sm leading-relaxed whitespace-pre-line text-ink">{empty ? <span className="text-ink-faint italic">{t("notStated")}</span> : children}</dd>
    </div>
  );
}

function TextRow({ label, value }: { label: string; value: string }) {
  return (
    <FieldRow label={label} empty={!value.trim()}>
      {value.trim()}
    </FieldRow>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="border-t border-line pt-4 first:border-t-0 first:pt-0">
      <h3 className="text-xs font-semibold tracking-wider text-ink-faint uppercase">{title}</h3>
      <dl className="mt-1 divide-y divide-line/70">{children}</dl>
    </section>
  );
}

function PregnancyExplained({ value }: { value: string }) {
  const t = useTranslations("drugs.pregnancy");
  const { known, text } = normalisePregnancyCategory(value);
  if (!text) return <span className="text-ink-muted">{t("none")}</span>;
  return (
    <span className="flex flex-col gap-1">
      <span className="font-semibold">{text}</span>
      <span className="text-ink-muted">{known ? t(known) : t("unknown", { category: text })}</span>
    </span>
  );
}

function ScheduleExplained({ value }: { value: string }) {
  const t = useTranslations("drugs.schedule");
  const { known, text } = normaliseSchedule(value);
  if (!text) return <span className="text-ink-muted">{t("none")}</span>;
  return (
    <span className="flex flex-col gap-1">
      <span className="font-semibold">{text}</span>
      <span className="text-ink-muted">{known ? t(known) : t("unknown", { schedule: text })}</span>
    </span>
  );
}

/** Every field of a formulary entry, labelled, grouped the way a prescriber reads it. */
// Printing shows only the open entry on A4 portrait: everything that neither holds nor is the entry leaves the layout
// (display: none, so the desktop layout's height cannot print as blank pages), and its holders lose their boxes.
const PRINT_CSS = `@media print {
  @page { size: A4 portrait; margin: 14mm; }
  html, body { height: auto !important; overflow: visible !important; background: #fff !important; }
  body *:not(:has([data-drug-print])):not([data-drug-print]):not([data-drug-print] *) { display: none !important; }
  body *:has([data-drug-print]) { display: block !important; position: static !important; overflow: visible !important; max-height: none !important;
    width: auto !important; margin: 0 !important; padding: 0 !important; border: 0 !important; box-shadow: none !important; background: none !important; }
  [data-drug-print] { display: block !important; width: 100% !important; padding: 0 !important; color: #000; background: #fff; }
  [data-drug-print] section { break-inside: auto; }
  [data-drug-print] h2, [data-drug-print] h3 { break-after: avoid; }
}`;

/** While the monograph loads: the sections' outline, announced once to screen readers. */
function MonographLoading() {
  const t = useTranslations("drugs.monograph");
  return (
    <div role="status" data-testid="drug-monograph-loading" className="mt-6 space-y-4">
      <span className="sr-only">{t("loading")}</span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="space-y-2">
          <Skeleton className="h-3 w-24" />
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-5/6" />
        </div>
      ))}
    </div>
  );
}

/** The sections of a loaded monograph, grouped the way a prescriber reads it. */
function Monograph({ entry }: { entry: DrugEntry }) {
  const t = useTranslations("drugs");
  const f = useTranslations("drugs.fields");
  const tc = useTranslations("common");
  const page = (n: number) => (n > 0 ? String(n) : "");
  return (
    <>
      <Section title={t("sections.clinical")}>
        <TextRow label={f("category")} value={entry.category} />
        <TextRow label={f("indications")} value={entry.indications} />
        <TextRow label={f("dose")} value={entry.dose} />
        <TextRow label={f("availability")} value={entry.availability} />
      </Section>

      <Section title={t("sections.safety")}>
        <TextRow label={f("contraindications")} value={entry.contraindications} />
        <TextRow label={f("precautions")} value={entry.precautions} />
        <TextRow label={f("precautionsAppendix")} value={entry.precautionsAppendix} />
        <TextRow label={f("adverseEffects")} value={entry.adverseEffects} />
        <FieldRow label={f("pregnancyCategory")}>
          <PregnancyExplained value={entry.pregnancyCategory} />
        </FieldRow>
      </Section>

      <Section title={t("sections.regulation")}>
        <FieldRow label={f("schedule")}>
          <ScheduleExplained value={entry.schedule} />
        </FieldRow>
        <TextRow label={f("storage")} value={entry.storage} />
      </Section>

      <Section title={t("sections.source")}>
        <TextRow label={f("note")} value={entry.note} />
        <TextRow label={f("comments")} value={entry.comments} />
        <TextRow label={f("additionalKeys")} value={entry.additionalKeys} />
        <TextRow label={f("pageNumber")} value={page(entry.pageNumber)} />
        <TextRow label={f("referencePageNumber")} value={page(entry.referencePageNumber)} />
        <FieldRow label={f("referenceCount")}>{t("referenceCount", { count: entry.referenceCount })}</FieldRow>
        <FieldRow label={f("isReference")}>{entry.isReference ? tc("yes") : tc("no")}</FieldRow>
      </Section>
    </>
  );
}

/**
 * One opened row: its heading, badges and components at once (the list row has them), then the
 * whole monograph and its brands from GET /api/drugs/entry.
 */
export function DrugDetail({
  entry,
  headingRef,
  onSearchComponent,
  onOpenEntry,
  onBack,
  demoFormulary,
  understood,
}: {
  entry: DrugListEntry;
  headingRef?: Ref<HTMLHeadingElement>;
  onSearchComponent: (name: string) => void;
  onOpenEntry: (entry: DrugListEntry) => void;
  /** Shown on narrow screens, where the list and the details take turns. */
  onBack?: () => void;
  /** The formulary is the sandbox platform's demo content: the printout carries the label too. */
  demoFormulary: boolean;
  /** What the desk read in the query (brand, strength), to mark the asked strength. */
  understood?: DrugQueryUnderstood;
}) {
  const t = useTranslations("drugs");
  const m = useTranslations("drugs.monograph");
  const monograph = useDrugEntry(entry);
  const full = monograph.data?.entry;
  const brands = monograph.data?.brands ?? [];
  const notFound = monograph.error instanceof ApiProblemError && monograph.error.status === 404;

  return (
    <article aria-labelledby="drug-detail-heading" aria-busy={monograph.isPending || undefined} data-drug-print className="p-5 sm:p-6">
      <style>{PRINT_CSS}</style>
      {demoFormulary ? <p className="mb-3 hidden text-sm font-semibold print:block">{t("printDemoNotice")}</p> : null}
      {onBack ? (
        <Button variant="ghost" size="sm" onClick={onBack} className="-ml-2 mb-3 lg:hidden">
          <ArrowLeft aria-hidden className="size-4" />
          {t("backToResults")}
        </Button>
      ) : null}

      <header>
        <div className="flex items-start justify-between gap-3">
          <h2 id="drug-detail-heading" ref={headingRef} tabIndex={-1} className="text-xl font-semibold tracking-tight text-ink focus:outline-none">
            {entry.name}
          </h2>
          <Button variant="secondary" size="sm" onClick={() => window.print()} disabled={!full} className="shrink-0 print:hidden">
            <Printer aria-hidden className="size-4" />
            {t("print")}
          </Button>
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-1.5">
          <CategoryBadge category={entry.category} />
          <ScheduleBadge schedule={entry.schedule} />
          {full ? <PregnancyBadge category={full.pregnancyCategory} /> : null}
          {entry.isCompound ? <CompoundBadge /> : null}
          {entry.isReference ? <ReferenceBadge /> : null}
        </div>
        {showsComponents(entry) ? (
          <div className="mt-4">
            <p id="drug-components-label" className="text-xs font-semibold tracking-wider text-ink-faint uppercase">
              {t("components")}
            </p>
            <ul aria-labelledby="drug-components-label" className="mt-2 flex flex-wrap gap-2">
              {entry.components.map((component) => (
                <li key={component}>
                  <button
                    type="button"
                    onClick={() => onSearchComponent(component)}
                    aria-label={t("searchComponent", { name: component })}
                    className="inline-flex items-center gap-1.5 rounded-full border border-primary/40 print:border-0 print:px-0 bg-surface px-3 py-1 text-sm font-medium text-primary-soft-ink hover:bg-primary-soft focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
                  >
                    <Search aria-hidden className="size-3.5" />
                    {component}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {entry.isReference ? <p className="mt-3 text-sm text-ink-muted">{t("referenceHint")}</p> : null}
        {full ? <EntryBrandsAndStrengths entry={full} understood={understood} brands={brands} /> : null}
      </header>

      <div className="mt-6 space-y-6">
        {full ? (
          <Monograph entry={full} />
        ) : monograph.isError ? (
          notFound ? (
            <p role="alert" className="text-sm text-ink-muted">
              {m("notFound")}
            </p>
          ) : (
            <ProblemAlert error={monograph.error} feature="drugs" title={m("error")} onRetry={() => void monograph.refetch()} />
          )
        ) : (
          <MonographLoading />
        )}

        <div className="print:hidden">
          <DrugRelated name={entry.name} onOpen={onOpenEntry} />
        </div>
      </div>
    </article>
  );
}
