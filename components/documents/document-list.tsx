"use client";

import { FileText, FolderOpen } from "lucide-react";
import { useLocale, useTranslations } from "use-intl";
import { usePatientDocuments } from "@/lib/api-client/documents";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { formatBytes, formatUploadedAt } from "./format";

/** The patient's documents on file, newest first, each with its platform document id. */
export function DocumentList({ patientId }: { patientId: string }) {
  const t = useTranslations("documents");
  const tc = useTranslations("common");
  const locale = useLocale();
  const query = usePatientDocuments(patientId);
  return (
    <Card className="overflow-hidden">
      <h2 className="border-b border-line px-4 py-3 text-base font-semibold text-ink">{t("listTitle")}</h2>
      {query.isPending ? (
        <div role="status" className="space-y-3 p-4">
          <span className="sr-only">{tc("loading")}</span>
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : query.isError ? (
        <div className="p-4">
          <ProblemAlert error={query.error} onRetry={() => void query.refetch()} />
        </div>
      ) : query.data.documents.length === 0 ? (
        <div className="flex flex-col items-center px-6 py-10 text-center">
          <FolderOpen aria-hidden className="size-8 text-ink-faint" />
          <p className="mt-3 text-sm font-medium text-ink">{t("listEmpty")}</p>
          <p className="mt-1 text-sm text-ink-muted">{t("listEmptyDetail")}</p>
        </div>
      ) : (
        <ul className="divide-y divide-line" data-testid="document-list">
          {query.data.documents.map((doc) => (
            <li key={doc.id} className="flex items-start gap-3 px-4 py-3">
              <FileText aria-hidden className="mt-0.5 size-5 shrink-0 text-ink-muted" />
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <p className="truncate text-sm font-medium text-ink" title={doc.fileName}>
                    {doc.fileName}
                  </p>
                  <p className="text-xs text-ink-muted">
                    {t(`types.${doc.documentType}`)} · {formatBytes(doc.sizeBytes, locale)}
                  </p>
                </div>
                <p className="mt-0.5 text-xs text-ink-muted">
                  {formatUploadedAt(doc.uploadedAt, locale)}
                  {doc.uploadedByName ? ` · ${t("uploadedBy", { name: doc.uploadedByName })}` : ""}
                </p>
                <p className="mt-0.5 font-mono text-xs break-all text-ink-muted" title={t("sha", { sha: doc.sha256 })}>
                  {doc.documentId}
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
