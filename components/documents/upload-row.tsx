"use client";

import { CheckCircle2, FileText, RotateCcw, TriangleAlert, X } from "lucide-react";
import { useLocale, useTranslations } from "use-intl";
import { ApiProblemError } from "@/lib/api-client/http";
import { kindLabel } from "@/lib/api-client/documents";
import { DOCUMENT_TYPES, MAX_DOCUMENT_BYTES, type DocumentType } from "@/lib/schemas/document-files";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Select } from "@/components/ui/field";
import { formatBytes } from "./format";
import type { UploadItem } from "./use-upload-queue";

function useReason(item: UploadItem): string | null {
  const t = useTranslations("documents");
  const locale = useLocale();
  if (item.status === "refused" && item.refusal) {
    const r = item.refusal;
    if (r.reason === "tooLarge") return t("refusal.tooLarge", { size: formatBytes(r.size, locale), max: formatBytes(MAX_DOCUMENT_BYTES, locale) });
    if (r.reason === "contentMismatch") return t("refusal.contentMismatch", { claimed: kindLabel(r.claimed), actual: r.actual ? kindLabel(r.actual) : t("refusal.unknownContents") });
    return t(`refusal.${r.reason}`);
  }
  if (item.status === "failed") {
    const e = item.error;
    if (e instanceof ApiProblemError) {
      if (e.kind === "network") return t("error.network");
      if (e.status === 401) return t("error.session");
      if (e.status === 504) return t("lostAnswer");
      return e.problem.detail ?? e.problem.title;
    }
    return t("error.generic");
  }
  return null;
}

/** One file of the batch: name, size, progress in bytes and percent, and what can be done next. */
export function UploadRow({
  item,
  onTypeChange,
  onCancel,
  onRetry,
  onUploadAnyway,
  onSkip,
  onRemove,
}: {
  item: UploadItem;
  onTypeChange(type: DocumentType): void;
  onCancel(): void;
  onRetry(): void;
  onUploadAnyway(): void;
  onSkip(): void;
  onRemove(): void;
}) {
  const t = useTranslations("documents");
  const locale = useLocale();
  const reason = useReason(item);
  const percent = item.total ? Math.min(100, Math.round((item.loaded / item.total) * 100)) : 0;
  const bad = item.status === "refused" || item.status === "failed";
  const unsure = item.status === "maybeFiled";
  const filed = item.status === "done" || item.status === "stored";
  const name = item.file.name;
  return (
    <li className="px-4 py-3" data-testid="upload-row" data-status={item.status}>
      <div className="flex items-start gap-3">
        <span aria-hidden className={cn("mt-0.5 shrink-0", bad ? "text-danger" : unsure ? "text-warning-soft-ink" : filed ? "text-success-soft-ink" : "text-ink-muted")}>
          {bad || unsure ? <TriangleAlert className="size-5" /> : filed ? <CheckCircle2 className="size-5" /> : <FileText className="size-5" />}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
            <p className="truncate text-sm font-medium text-ink" title={name}>
              {name}
            </p>
            <p className="text-xs text-ink-muted">
              <span className={cn("font-medium", bad && "text-danger", filed && "text-success-soft-ink")} data-testid="upload-status">
                {t(`status.${item.status}`)}
              </span>
              {" · "}
              {formatBytes(item.file.size, locale)}
            </p>
          </div>
          {item.status === "uploading" || item.status === "done" ? (
            <>
              <div
                role="progressbar"
                aria-label={name}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="mt-2 h-1.5 overflow-hidden rounded-full bg-surface-sunken"
              >
                <div className={cn("h-full rounded-full transition-[width]", item.status === "done" ? "bg-success-soft-ink" : "bg-primary")} style={{ width: `${percent}%` }} />
              </div>
              <p className="mt-1 text-xs text-ink-muted tabular-nums" data-testid="upload-progress">
                {t("progress", { loaded: formatBytes(item.loaded, locale), total: formatBytes(item.total, locale), percent })}
              </p>
            </>
          ) : null}
          {item.status === "ready" || item.status === "failed" || item.status === "cancelled" || item.status === "checking" ? (
            <div className="mt-2 flex items-center gap-2">
              <label htmlFor={`${item.key}-type`} className="text-xs text-ink-muted">
                {t("rowTypeLabel")}
              </label>
              <Select
                id={`${item.key}-type`}
                value={item.settings.documentType}
                onChange={(e) => onTypeChange(e.target.value as DocumentType)}
                aria-label={t("rowType", { name })}
                className="h-8 w-auto py-0 text-sm"
              >
                {DOCUMENT_TYPES.map((dt) => (
                  <option key={dt} value={dt}>
                    {t(`types.${dt}`)}
                  </option>
                ))}
              </Select>
            </div>
          ) : item.status === "uploading" || item.status === "done" ? (
            <p className="mt-1 text-xs text-ink-muted">{t(`types.${item.settings.documentType}`)}</p>
          ) : null}
          {item.document ? (
            <p className="mt-1 font-mono text-xs text-ink" data-testid="document-id">
              {t("documentId", { id: item.document.documentId })}
            </p>
          ) : null}
          {item.document?.deskCopy === "catching-up" ? <p className="mt-1 text-xs text-ink-muted">{t("deskCatchingUp")}</p> : null}
          {item.status === "stored" ? (
            <p role="status" className="mt-1 text-sm text-ink" data-testid="stored-after-cancel">
              {t("storedAfterCancel")}
            </p>
          ) : null}
          {unsure ? (
            <div role="alert" className="mt-2 rounded-lg border border-warning/50 bg-warning-soft p-3 text-sm text-warning-soft-ink" data-testid="maybe-filed">
              <p>{t("maybeFiled")}</p>
              <div className="mt-2 flex flex-wrap gap-2">
                <Button size="sm" variant="secondary" onClick={onUploadAnyway}>
                  {t("uploadAnyway")}
                </Button>
                <Button size="sm" variant="ghost" onClick={onSkip}>
                  {t("skip")}
                </Button>
              </div>
            </div>
          ) : null}
          {reason ? (
            <p className="mt-1 text-sm text-danger" role="alert">
              {reason}
            </p>
          ) : null}
        </div>
        <div className="flex shrink-0 gap-1">
          {item.status === "uploading" ? (
            <Button size="sm" variant="ghost" onClick={onCancel} aria-label={t("cancel", { name })}>
              <X aria-hidden className="size-4" />
            </Button>
          ) : null}
          {item.status === "failed" || item.status === "cancelled" ? (
            <Button size="sm" variant="secondary" onClick={onRetry} aria-label={t("retry", { name })}>
              <RotateCcw aria-hidden className="size-4" />
            </Button>
          ) : null}
          {item.status !== "uploading" && item.status !== "checking" && item.status !== "cancelling" ? (
            <Button size="sm" variant="ghost" onClick={onRemove} aria-label={t("remove", { name })}>
              <X aria-hidden className="size-4" />
            </Button>
          ) : null}
        </div>
      </div>
    </li>
  );
}
