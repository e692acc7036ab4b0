"use client";

import { useState } from "react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { ChevronRight, Search, UserPlus } from "lucide-react";
import { useTranslations } from "use-intl";
import { usePatientSearch } from "@/lib/api-client/patients";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/components/ui/cn";
import { useCombobox } from "@/components/ui/use-combobox";
import { PatientSummaryLine } from "./patient-summary-line";
import { AbhaScanDialog, ScanAbhaButton } from "./abha-scan-dialog";
import { ABHA_SCAN_STORAGE_KEY } from "./abha-scan-storage";

const LIMIT = 20;

/** Search by name (typo-tolerant), mobile, UHID or id; recent patients first; arrows and Enter open one. */
export function PatientSearch({ canRegister }: { canRegister: boolean }) {
  const t = useTranslations("patients");
  const router = useRouter();
  const [q, setQ] = useState("");
  const [scanning, setScanning] = useState(false);
  const search = usePatientSearch(q, { limit: LIMIT });
  const patients = search.data?.patients ?? [];
  const listId = "patient-search-results";
  const combobox = useCombobox({
    listboxId: listId,
    items: patients,
    getKey: (p) => p.id,
    onPick: (p) => router.push(`/patients/${p.id}`),
    settled: !search.isDebouncing && !search.isPlaceholderData && !search.isFetching,
    open: patients.length > 0,
    typed: q.trim().length > 0,
    onEscape: () => setQ(""),
  });

  return (
    <div className="grid gap-4">
      <search className="flex flex-wrap items-end gap-3">
        {/* At least 16rem for the search: on a phone "Register patient" goes under it instead of squeezing it. */}
        <div className="min-w-0 flex-1 basis-64">
          <label htmlFor="patient-search" className="block text-sm font-medium text-ink">
            {t("searchLabel")}
          </label>
          <div className="relative mt-1.5">
            <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-faint" />
            <input
              id="patient-search"
              type="search"
              {...combobox.inputProps}
              aria-describedby="patient-search-hint"
              autoFocus
              autoComplete="off"
              spellCheck={false}
              value={q}
              placeholder={t("searchPlaceholder")}
              onChange={(e) => {
                setQ(e.target.value);
                combobox.reset();
              }}
              onKeyDown={combobox.onKeyDown}
              className="block h-11 w-full rounded-lg border border-line-strong bg-surface pr-3 pl-9 text-base text-ink shadow-sm placeholder:text-ink-faint focus-visible:border-focus focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-focus"
            />
          </div>
          <p id="patient-search-hint" className="mt-1 text-xs text-ink-muted">
            {t("searchHint")}
          </p>
        </div>
        <ScanAbhaButton onClick={() => setScanning(true)} className="mb-5" />
        {canRegister ? (
          <Link href="/patients/new" className={buttonClasses({ size: "lg", className: "mb-5" })} aria-keyshortcuts="Alt+N">
            <UserPlus aria-hidden className="size-4" />
            {t("registerAction")}
          </Link>
        ) : null}
      </search>
      <AbhaScanDialog
        open={scanning}
        onClose={() => setScanning(false)}
        onRegister={
          canRegister
            ? (_scan, raw) => {
                // The code as scanned (at most 4 KB), read again by the form: nothing parsed is trusted across pages.
                sessionStorage.setItem(ABHA_SCAN_STORAGE_KEY, raw);
                router.push("/patients/new?from=abha");
              }
            : undefined
        }
      />

      <Card className="overflow-hidden">
        <h2 className="border-b border-line px-4 py-3 text-sm font-semibold text-ink-muted">{q.trim() ? t("results") : t("recent")}</h2>
        {search.isError ? (
          <div className="p-4">
            <ProblemAlert error={search.error} onRetry={() => void search.refetch()} returnTo="/patients" />
          </div>
        ) : search.isPending ? (
          <div aria-busy="true" className="grid gap-3 p-4">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-10" />
            ))}
          </div>
        ) : patients.length === 0 ? (
          <div className="p-6 text-sm text-ink-muted" aria-live="polite">
            <p className="font-medium text-ink">{q.trim() ? t("empty", { query: q.trim() }) : t("noRecent")}</p>
            {q.trim() ? <p className="mt-1">{t("emptyHint")}</p> : null}
          </div>
        ) : (
          <ul id={listId} role="listbox" aria-label={q.trim() ? t("results") : t("recent")} className={cn("divide-y divide-line", search.isPlaceholderData && "opacity-70")}>
            {patients.map((p, i) => (
              <li
                key={p.id}
                {...combobox.optionProps(i)}
                onClick={() => router.push(`/patients/${p.id}`)}
                className={cn(
                  "flex cursor-pointer items-center gap-3 border-l-4 px-4 py-3 hover:bg-surface-sunken",
                  i === combobox.highlighted ? "border-primary bg-primary-soft" : "border-transparent",
                )}
              >
                <span className="min-w-0 flex-1">
                  <PatientSummaryLine patient={p} />
                </span>
                <ChevronRight aria-hidden className="size-4 shrink-0 text-ink-faint" />
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
