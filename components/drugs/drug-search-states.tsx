"use client";

import { FlaskConical, Search, SearchX } from "lucide-react";
import { useTranslations } from "use-intl";
import { Skeleton } from "@/components/ui/skeleton";

export function DrugSearchHint() {
  const t = useTranslations("drugs");
  return (
    <div className="flex flex-col items-center px-6 py-14 text-center">
      <span aria-hidden className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-soft-ink">
        <Search className="size-6" />
      </span>
      <p className="mt-4 max-w-sm text-sm font-medium text-ink">{t("hint")}</p>
      <p className="mt-2 max-w-sm text-sm text-ink-muted">{t("hintDetail")}</p>
    </div>
  );
}

export function DrugResultsSkeleton() {
  const t = useTranslations("common");
  return (
    <div role="status" className="divide-y divide-line">
      <span className="sr-only">{t("loading")}</span>
      {Array.from({ length: 6 }, (_, i) => (
        <div key={i} className="space-y-2 px-4 py-3.5">
          <Skeleton className="h-4 w-2/5" />
          <div className="flex gap-2">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-4 w-16" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** The hint offers to turn off "Exact match only" only when it is on: with it off, that advice would send people hunting. */
export function NoDrugMatches({ query, exact }: { query: string; exact: boolean }) {
  const t = useTranslations("drugs");
  return (
    <div className="flex flex-col items-center px-6 py-14 text-center">
      <span aria-hidden className="flex size-12 items-center justify-center rounded-full bg-surface-sunken text-ink-muted">
        <SearchX className="size-6" />
      </span>
      <p className="mt-4 max-w-sm text-sm font-medium text-ink">{query ? t("emptyTitle", { query }) : t("emptyTitleCategory")}</p>
      <p className="mt-2 max-w-sm text-sm text-ink-muted">{exact ? t("emptyBody") : t("emptyBodyLoose")}</p>
    </div>
  );
}

export function SandboxFormularyNotice() {
  const t = useTranslations("sandbox");
  return (
    <p role="note" className="flex items-start gap-2 rounded-lg border border-warning/50 bg-warning-soft px-3 py-2 text-sm text-warning-soft-ink">
      <FlaskConical aria-hidden className="mt-0.5 size-4 shrink-0" />
      <span>{t("formularyNotice")}</span>
    </p>
  );
}
