"use client";

import { useQuery } from "@tanstack/react-query";
import {
  CancelledUploadOutcome,
  DOCUMENT_KINDS,
  kindFromFileName,
  MAX_DOCUMENT_BYTES,
  PatientDocument,
  PatientDocumentList,
  SNIFF_BYTES,
  sniffDocumentKind,
  type DocumentKind,
  type DocumentTask,
  type DocumentType,
} from "@/lib/schemas/documents";
import { Problem } from "@/lib/schemas/problem";
import { apiGet, ApiProblemError, sendJson, withRequestReference } from "./http";
import { REQUEST_ID_HEADER } from "@/lib/request-id";

export const documentKeys = {
  forPatient: (patientId: string) => ["documents", "patient", patientId] as const,
};

export function usePatientDocuments(patientId: string) {
  return useQuery({
    queryKey: documentKeys.forPatient(patientId),
    queryFn: ({ signal }) => apiGet("/api/documents", { patient: patientId }, PatientDocumentList, signal),
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
    const answer = await sendJson("POST", "/api/documents/cancelled-uploads", { attempt, patient: patientId }, CancelledUploadOutcome);
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
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = PatientDocument.safeParse(body);
        if (parsed.success) resolve(parsed.data);
        else reject(new ApiProblemError({ type: "about:blank", title: "The server's answer has an unexpected shape", status: xhr.status }, "invalid-response"));
        return;
      }
      const problem = Problem.safeParse(body);
      reject(new ApiProblemError(withRequestReference(problem.success ? { ...problem.data, status: xhr.status } : { type: "about:blank", title: `HTTP ${xhr.status}`, status: xhr.status }, xhr.getResponseHeader(REQUEST_ID_HEADER))));
    };
    if (signal.aborted) return abort();
    xhr.send(file);
  });
}
