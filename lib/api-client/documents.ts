"use client";

import { useQuery } from "@tanstack/react-query";
import type { CancelledUploadOutcome, PatientDocument, PatientDocumentList } from "@/lib/schemas/documents";
import { DOCUMENT_KINDS, kindFromFileName, MAX_DOCUMENT_BYTES, SNIFF_BYTES, sniffDocumentKind, type DocumentKind, type DocumentTask, type DocumentType } from "@/lib/schemas/document-files";
import { apiGet, ApiProblemError, checkBuild, expectAnswer, objectAnswer, problemOf, sendJson } from "./http";
import { REQUEST_ID_HEADER } from "@/lib/request-id";

/** The answers this file reads (see answer.ts). */
const DocumentAnswer = objectAnswer<PatientDocument>({ id: "string", patientId: "string", documentId: "string", fileName: "string", mime: "string", sizeBytes: "integer", uploadedAt: "string", tasks: "array" });
const ListAnswer = objectAnswer<PatientDocumentList>({ documents: "array" });
const OutcomeAnswer = objectAnswer<CancelledUploadOutcome>({ outcome: "string" });

export const documentKeys = {
  forPatient: (patientId: string) => ["documents", "patient", patientId] as const,
};

export function usePatientDocuments(patientId: string) {
  return useQuery({
    queryKey: documentKeys.forPatient(patientId),
    queryFn: ({ signal }) => apiGet("/api/documents", { patient: patientId }, ListAnswer, signal),
  });
}

export type FileRefusal =
  | { reason: "empty" }
  | { reason: "tooLarge"; size: number }
  | { reason: "wrongType" }
  | { reason: "contentMismatch"; claimed: DocumentKind; actual: DocumentKind | null };

/**
 * Checks a chosen file before it is sent: size and name first (no reading), then only its first
 * few bytes, so a renamed file is caught here rather than after a 10 MB upload.
 */
export async function checkDocumentFile(file: File): Promise<FileRefusal | null> {
  if (file.size === 0) return { reason: "empty" };
  if (file.size > MAX_DOCUMENT_BYTES) return { reason: "tooLarge", size: file.size };
  const claimed = kindFromFileName(file.name);
  if (!claimed) return { reason: "wrongType" };
  const actual = sniffDocumentKind(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
  if (actual !== claimed) return { reason: "contentMismatch", claimed, actual };
  return null;
}

export const kindLabel = (kind: DocumentKind) => DOCUMENT_KINDS[kind].label;

/** sha-256 hex of the file, so the desk can tell beforehand that it may already be filed; undefined where the browser cannot (no secure context). */
export async function fileSha256(file: File): Promise<string | undefined> {
  if (!globalThis.crypto?.subtle) return undefined;
  const digest = await crypto.subtle.digest("SHA-256", await file.arrayBuffer());
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** A fresh id for one upload attempt (a v4 UUID); getRandomValues works where randomUUID does not, on a desk opened over plain http on the LAN. */
export function newAttemptId(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * After a cancel, what became of the upload: its last bytes may have reached the desk already, and
 * then the platform files it. Asked again every `everyMs` while the platform has not answered; still
 * unanswered after `waitMs`, it is "unknown" (may be filed).
 */
export async function whatBecameOfUpload(attempt: string, patientId: string, { waitMs = 150_000, everyMs = 500 } = {}): Promise<CancelledUploadOutcome> {
  const until = Date.now() + waitMs;
  for (;;) {
    const answer = await sendJson("POST", "/api/documents/cancelled-uploads", { attempt, patient: patientId }, OutcomeAnswer);
    if (answer.outcome !== "sending") return answer;
    if (Date.now() > until) return { outcome: "unknown" };
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

export interface UploadOptions {
  file: File;
  /** The browser's id for this attempt (newAttemptId), so a cancel can ask what became of it. */
  attempt?: string;
  sha256?: string;
  /** Staff saw "may already be filed" and chose to send it anyway. */
  resend?: boolean;
  patientId: string;
  documentType: DocumentType;
  tasks: DocumentTask[];
  onProgress(loaded: number, total: number): void;
  signal: AbortSignal;
}

/** XMLHttpRequest, because fetch reports no upload progress; the raw file is the body. */
export function uploadDocument({ file, attempt, sha256, resend, patientId, documentType, tasks, onProgress, signal }: UploadOptions): Promise<PatientDocument> {
  return new Promise((resolve, reject) => {
    const params = new URLSearchParams({ patient: patientId, dt: documentType, name: file.name });
    if (tasks.length) params.set("tasks", tasks.join(","));
    if (sha256) params.set("sha256", sha256);
    if (resend) params.set("resend", "1");
    if (attempt) params.set("attempt", attempt);
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/documents?${params}`);
    xhr.setRequestHeader("content-type", file.type || "application/octet-stream");
    xhr.setRequestHeader("accept", "application/json, application/problem+json");
    xhr.responseType = "text";
    xhr.upload.onprogress = (e) => onProgress(e.loaded, e.lengthComputable ? e.total : file.size);
    const abort = () => xhr.abort();
    signal.addEventListener("abort", abort, { once: true });
    const done = () => signal.removeEventListener("abort", abort);
    xhr.onabort = () => {
      done();
      reject(new DOMException("Upload cancelled", "AbortError"));
    };
    xhr.onerror = () => {
      done();
      reject(new ApiProblemError({ type: "about:blank", title: "Can't reach the server", status: 0 }, "network"));
    };
    xhr.onload = () => {
      done();
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      const ok = xhr.status >= 200 && xhr.status < 300;
      if (!ok) return reject(new ApiProblemError(problemOf(body, xhr.status, "", xhr.getResponseHeader(REQUEST_ID_HEADER))));
      try {
        checkBuild({ ok, status: xhr.status, headers: { get: (name) => xhr.getResponseHeader(name) } });
        resolve(expectAnswer(body, DocumentAnswer, xhr.status));
      } catch (error) {
        reject(error);
      }
    };
    if (signal.aborted) return abort();
    xhr.send(file);
  });
}
