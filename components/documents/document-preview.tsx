"use client";

import { ModalDialog } from "@/components/ui/modal-dialog";
import { useId, useRef } from "react";
import { Download, ExternalLink, X } from "lucide-react";
import { useTranslations } from "use-intl";
import type { PatientDocument } from "@/lib/schemas/documents";
import { Button, buttonClasses } from "@/components/ui/button";

/** Where the desk serves its copy of a document: shown in the browser, or saved. */
export const documentFileUrl = (doc: Pick<PatientDocument, "id">, download = false) => `/api/documents/${encodeURIComponent(doc.id)}/file${download ? "?download=1" : ""}`;

/** Browsers show these inline; TIFF and HEIC can only be downloaded. */
const IMAGE_MIMES = new Set(["image/jpeg", "image/png", "image/webp"]);
export const canShowImage = (doc: Pick<PatientDocument, "mime">) => IMAGE_MIMES.has(doc.mime);
export const isPdf = (doc: Pick<PatientDocument, "mime">) => doc.mime === "application/pdf";

/** An uploaded image at full size in a modal dialog, with download beside it; each opening is audited by the server. */
export function DocumentPreview({ doc, onClose }: { doc: PatientDocument | null; onClose(): void }) {
  const t = useTranslations("documents");
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  return (
    <ModalDialog open={!!doc} onClose={onClose} dialogRef={ref} aria-labelledby={titleId} className="w-[min(56rem,calc(100vw-2rem))]">
      {doc ? (
        <div className="flex max-h-[calc(100dvh-4rem)] flex-col">
          <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
            <h2 id={titleId} className="min-w-0 truncate text-base font-semibold" title={doc.fileName}>
              {t("previewTitle", { name: doc.fileName, type: t(`types.${doc.documentType}`) })}
            </h2>
            <div className="flex shrink-0 gap-1">
              <a href={documentFileUrl(doc, true)} download={doc.fileName} className={buttonClasses({ size: "sm", variant: "secondary" })}>
                <Download aria-hidden className="size-4" />
                {t("download")}
              </a>
              <a href={documentFileUrl(doc)} target="_blank" rel="noopener" className={buttonClasses({ size: "sm", variant: "ghost" })}>
                <ExternalLink aria-hidden className="size-4" />
                <span className="sr-only sm:not-sr-only">{t("openInTab")}</span>
              </a>
              <Button size="icon" variant="ghost" onClick={() => ref.current?.close()} aria-label={t("closePreview")}>
                <X aria-hidden className="size-4" />
              </Button>
            </div>
          </div>
          <div className="min-h-0 flex-1 overflow-auto bg-surface-sunken p-4">
            {/* eslint-disable-next-line @next/next/no-img-element -- a private, audited file streamed by the BFF, not a static asset */}
            <img src={documentFileUrl(doc)} alt={t("previewAlt", { name: doc.fileName })} className="mx-auto h-auto max-w-full" />
          </div>
        </div>
      ) : null}
    </ModalDialog>
  );
}
