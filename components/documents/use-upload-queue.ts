"use client";

import { useCallback, useRef, useState } from "react";
import { checkDocumentFile, fileSha256, newAttemptId, uploadDocument, whatBecameOfUpload, type FileRefusal } from "@/lib/api-client/documents";
import { ApiProblemError } from "@/lib/api-client/http";
import type { DocumentTask, DocumentType, PatientDocument } from "@/lib/schemas/documents";

/** After a cancel: "cancelling" while the desk is asked what became of it, then "cancelled" (nothing stored), "stored" (it had arrived) or "maybeFiled". */
export type UploadStatus = "checking" | "ready" | "refused" | "uploading" | "done" | "failed" | "cancelling" | "cancelled" | "stored" | "maybeFiled" | "skipped";

export interface UploadItem {
  key: string;
  file: File;
  status: UploadStatus;
  loaded: number;
  total: number;
  refusal?: FileRefusal;
  error?: unknown;
  document?: PatientDocument;
  /** Worked out once, before the first send. */
  sha256?: string;
  /** Kept so a retry sends the file exactly as first asked, without choosing it again. */
  settings: UploadSettings;
}

export interface UploadSettings {
  patientId: string;
  documentType: DocumentType;
  tasks: DocumentTask[];
}

let counter = 0;

/**
 * One row per chosen file. A checked file waits as "ready" so its type can still be changed (a
 * batch's type is only the default of each row); "Upload" sends every ready row, each on its own,
 * so one failure never stops the batch.
 */
export function useUploadQueue(onUploaded: (doc?: PatientDocument) => void) {
  const [items, setItems] = useState<UploadItem[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((all) => all.map((i) => (i.key === key ? { ...i, ...change } : i)));
  }, []);

  /** A cancelled upload says only what the desk's record says: nothing stored, already stored, or may be filed. */
  const settleCancel = useCallback(
    async (item: Pick<UploadItem, "key" | "file" | "settings">, attempt: string) => {
      patch(item.key, { status: "cancelling" });
      const answer = await whatBecameOfUpload(attempt, item.settings.patientId).catch(() => ({ outcome: "unknown" as const, document: undefined }));
      if (answer.outcome === "nothing") return patch(item.key, { status: "cancelled" });
      if (answer.outcome === "stored") {
        patch(item.key, { status: "stored", loaded: item.file.size, document: answer.document });
        return onUploaded(answer.document);
      }
      patch(item.key, { status: "maybeFiled", error: undefined });
    },
    [onUploaded, patch],
  );

  const send = useCallback(
    async (item: Pick<UploadItem, "key" | "file" | "settings" | "sha256">, resend = false) => {
      const { settings } = item;
      const controller = new AbortController();
      const attempt = newAttemptId();
      controllers.current.set(item.key, controller);
      patch(item.key, { status: "uploading", loaded: 0, total: item.file.size, error: undefined });
      try {
        const sha256 = item.sha256 ?? (await fileSha256(item.file).catch(() => undefined));
        if (sha256) patch(item.key, { sha256 });
        const document = await uploadDocument({
          file: item.file,
          attempt,
          sha256,
          resend,
          patientId: settings.patientId,
          documentType: settings.documentType,
          tasks: settings.tasks,
          signal: controller.signal,
          onProgress: (loaded, total) => patch(item.key, { loaded, total }),
        });
        patch(item.key, { status: "done", loaded: item.file.size, document });
        onUploaded(document);
      } catch (error) {
        const cancelled = error instanceof DOMException && error.name === "AbortError";
        const maybeFiled = error instanceof ApiProblemError && error.status === 409 && error.problem.code === "maybe_filed";
        if (cancelled) {
          controllers.current.delete(item.key);
          await settleCancel(item, attempt);
          return;
        }
        patch(item.key, maybeFiled ? { status: "maybeFiled", error: undefined } : { status: "failed", error });
      } finally {
        controllers.current.delete(item.key);
      }
    },
    [onUploaded, patch, settleCancel],
  );

  const add = useCallback(
    (files: File[], settings: UploadSettings) => {
      const added = files.map((file) => ({ key: `u${++counter}`, file, status: "checking" as const, loaded: 0, total: file.size, settings }));
      setItems((all) => [...added, ...all]);
      for (const item of added) {
        void checkDocumentFile(item.file).then((refusal) => patch(item.key, refusal ? { status: "refused", refusal } : { status: "ready" }));
      }
    },
    [patch],
  );

  const setType = useCallback(
    (key: string, documentType: DocumentType) => setItems((all) => all.map((i) => (i.key === key ? { ...i, settings: { ...i.settings, documentType } } : i))),
    [],
  );
  const uploadReady = useCallback(() => {
    for (const item of items) if (item.status === "ready") void send(item);
  }, [items, send]);

  const cancel = useCallback((key: string) => controllers.current.get(key)?.abort(), []);
  const retry = useCallback((item: UploadItem) => void send(item), [send]);
  const uploadAnyway = useCallback((item: UploadItem) => void send(item, true), [send]);
  const skip = useCallback((key: string) => patch(key, { status: "skipped" }), [patch]);
  const remove = useCallback((key: string) => setItems((all) => all.filter((i) => i.key !== key)), []);
  const clearFinished = useCallback(
    () => setItems((all) => all.filter((i) => i.status === "uploading" || i.status === "cancelling" || i.status === "checking" || i.status === "ready" || i.status === "failed" || i.status === "maybeFiled")),
    [],
  );

  return { items, add, setType, uploadReady, cancel, retry, uploadAnyway, skip, remove, clearFinished };
}
