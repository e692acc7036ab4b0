"use client";

import { useState } from "react";
import { Download, Eye, FileText, FolderOpen } from "lucide-react";
import { useLocale, useTranslations } from "use-intl";
import { usePatientDocuments } from "@/lib/api-client/documents";
import { ProblemAlert } from "@/components/feedback/problem-alert";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import type { PatientDocument } from "@/lib/schemas/documents";
import { canShowImage, DocumentPreview, documentFileUrl, isPdf } from "./document-preview";
import { Skeleton } from "@/components/ui/skeleton";
import { formatBytes, formatUploadedAt } from "./format";

/** The patient's documents on file, newest first, each with its platform document id. */
export function DocumentList({ patientId }: { patientId: string }) {
  const t = useTranslations("documents");
  const tc = useTranslations("common");
  const locale = useLocale();
  const query = usePatientDocuments(patientId);
  const [previewing, setPreviewing] = useState<PatientDocument | null>(null);
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
                  {formatUploadedAt(doc.uploadedAt)}
                  {doc.uploadedByName ? ` · ${t("uploadedBy", { name: doc.uploadedByName })}` : ""}
                </p>
                <p className="mt-0.5 font-mono text-xs break-all text-ink-muted" title={t("sha", { sha: doc.sha256 })}>
                  {doc.documentId}
                </p>
                {doc.hasCopy ? (
                  <div className="mt-2 flex flex-wrap gap-2">
                    {canShowImage(doc) ? (
                      <button type="button" onClick={() => setPreviewing(doc)} className={buttonClasses({ size: "sm", variant: "secondary" })}>
                        <Eye aria-hidden className="size-4" />
                        {t("preview")}
                        <span className="sr-only">: {doc.fileName}</span>
                      </button>
                    ) : isPdf(doc) ? (
                      <a href={documentFileUrl(doc)} target="_blank" rel="noopener" className={buttonClasses({ size: "sm", variant: "secondary" })}>
                        <Eye aria-hidden className="size-4" />
                        {t("preview")}
                        <span className="sr-only">: {doc.fileName} ({t("opensInTab")})</span>
                      </a>
                    ) : null}
                    <a href={documentFileUrl(doc, true)} download={doc.fileName} className={buttonClasses({ size: "sm", variant: "ghost" })}>
                      <Download aria-hidden className="size-4" />
                      {t("download")}
                      <span className="sr-only">: {doc.fileName}</span>
                    </a>
                  </div>
                ) : (
                  <p className="mt-1 text-xs text-ink-muted">{t("noCopy")}</p>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      <DocumentPreview doc={previewing} onClose={() => setPreviewing(null)} />
    </Card>
  );
}
