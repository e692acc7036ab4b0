"use client";

import { useCallback, useId, useRef, useState, type DragEvent } from "react";
import { Upload, UploadCloud } from "lucide-react";
import { useLocale, useTranslations } from "use-intl";
import { ACCEPTED_EXTENSIONS, DOCUMENT_TASKS, DOCUMENT_TYPES, MAX_DOCUMENT_BYTES, type DocumentTask, type DocumentType } from "@/lib/schemas/document-files";
import type { PatientDocument } from "@/lib/schemas/documents";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Checkbox, Label, Select } from "@/components/ui/field";
import { formatBytes } from "./format";
import { UploadRow } from "./upload-row";
import { useUploadQueue } from "./use-upload-queue";

/** Drop or choose several files; each is checked at once and then goes up on its own. */
export function DocumentUploader({ patientId, onUploaded }: { patientId: string; onUploaded(doc?: PatientDocument): void }) {
  const t = useTranslations("documents");
  const locale = useLocale();
  const ids = useId();
  const input = useRef<HTMLInputElement>(null);
  const [documentType, setDocumentType] = useState<DocumentType>("lr");
  const [tasks, setTasks] = useState<DocumentTask[]>(["smart"]);
  const [dragging, setDragging] = useState(false);
  const queue = useUploadQueue(onUploaded);

  const addFiles = useCallback(
    (list: FileList | null) => {
      const files = list ? Array.from(list) : [];
      if (files.length) queue.add(files, { patientId, documentType, tasks });
    },
    [queue, patientId, documentType, tasks],
  );

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    addFiles(e.dataTransfer.files);
  };
  const toggleTask = (task: DocumentTask, on: boolean) => setTasks((all) => (on ? [...all, task] : all.filter((x) => x !== task)));
  const ready = queue.items.filter((i) => i.status === "ready").length;
  const finished = queue.items.some((i) => i.status === "done" || i.status === "stored" || i.status === "refused" || i.status === "cancelled");

  return (
    <Card className="overflow-hidden">
      <div className="grid gap-4 border-b border-line p-4 sm:grid-cols-[minmax(0,14rem)_1fr]">
        <div className="space-y-1.5">
          <Label htmlFor={`${ids}-type`}>{t("typeLabel")}</Label>
          <p id={`${ids}-type-hint`} className="text-xs text-ink-muted">
            {t("typeHint")}
          </p>
          <Select id={`${ids}-type`} aria-describedby={`${ids}-type-hint`} value={documentType} onChange={(e) => setDocumentType(e.target.value as DocumentType)}>
            {DOCUMENT_TYPES.map((dt) => (
              <option key={dt} value={dt}>
                {t(`types.${dt}`)}
              </option>
            ))}
          </Select>
        </div>
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium text-ink">{t("tasksLabel")}</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2 pt-2">
            {DOCUMENT_TASKS.map((task) => (
              <Checkbox key={task} label={t(`tasks.${task}`)} checked={tasks.includes(task)} onChange={(e) => toggleTask(task, e.target.checked)} />
            ))}
          </div>
        </fieldset>
      </div>
      <div
        data-testid="dropzone"
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "m-4 flex flex-col items-center rounded-xl border-2 border-dashed px-6 py-8 text-center transition-colors",
          dragging ? "border-primary bg-primary-soft" : "border-line-strong bg-surface-muted",
        )}
      >
        <span aria-hidden className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-soft-ink">
          <UploadCloud className="size-6" />
        </span>
        <p className="mt-3 text-sm font-medium text-ink">{dragging ? t("dropActive") : t("dropTitle")}</p>
        <p className="mt-1 text-sm text-ink-muted">{t("dropDetail", { max: formatBytes(MAX_DOCUMENT_BYTES, locale) })}</p>
        <Button className="mt-4" variant="secondary" onClick={() => input.current?.click()}>
          {t("choose")}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={ACCEPTED_EXTENSIONS.join(",")}
          data-testid="file-input"
          onChange={(e) => {
            addFiles(e.target.files);
            e.target.value = "";
          }}
        />
      </div>
      {queue.items.length ? (
        <section aria-label={t("queueLabel")} className="border-t border-line">
          <ul className="divide-y divide-line" aria-live="polite">
            {queue.items.map((item) => (
              <UploadRow
                key={item.key}
                item={item}
                onTypeChange={(dt) => queue.setType(item.key, dt)}
                onCancel={() => queue.cancel(item.key)}
                onRetry={() => queue.retry(item)}
                onUploadAnyway={() => queue.uploadAnyway(item)}
                onSkip={() => queue.skip(item.key)}
                onRemove={() => queue.remove(item.key)}
              />
            ))}
          </ul>
          {finished || ready ? (
            <div className="flex flex-wrap items-center justify-end gap-2 border-t border-line px-4 py-2">
              {finished ? (
                <Button size="sm" variant="ghost" onClick={queue.clearFinished}>
                  {t("clearFinished")}
                </Button>
              ) : null}
              {ready ? (
                <Button size="sm" onClick={queue.uploadReady}>
                  <Upload aria-hidden className="size-4" />
                  {t("uploadReady", { count: ready })}
                </Button>
              ) : null}
            </div>
          ) : null}
        </section>
      ) : null}
    </Card>
  );
}
