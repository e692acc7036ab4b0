import "server-only";
import { randomUUID } from "node:crypto";
import type { DocumentUploadQuery, PatientDocument } from "@/lib/schemas/documents";
import { writeDeskCopy, type DeskCopy } from "../desk-outbox";
import type { AuditEntry } from "../audit";
import type { Db } from "../db/connect";
import { AppError } from "../errors";
import type { StaffPlatform } from "@/lib/platform/client";
import { DATABASE_STORE, startDocumentCopy, type CopyStore } from "./copies";
import { openIncomingFile } from "./intake";
import { documentRecorded, pendingDocument, readPatientDocument } from "./records";
import { assertNotMaybeFiled, recordUploadAttempt, settleUploadAttempt, uploadOutcomeUnknown } from "./upload-attempts";

export interface UploadContext {
  req: Request;
  query: DocumentUploadQuery;
  platform: Pick<StaffPlatform, "documents">;
  db: Db;
  staffId: string;
  audit(entry: Omit<AuditEntry, "staffId" | "ip">): Promise<void>;
  /** Where the desk's copy of the file goes (copies.ts). */
  copies?: CopyStore;
}

/**
 * Streams one file from the browser to the platform, then records it. The record is written
 * only after the platform answered with a document id; if the desk cannot take it then, the
 * outbox does (desk-outbox.ts), so the answer is "uploaded" and the record appears exactly once.
 */
export async function uploadPatientDocument({ req, query, platform, db, staffId, audit, copies = DATABASE_STORE }: UploadContext): Promise<PatientDocument & { deskCopy: DeskCopy }> {
  const base = { action: "upload", resource: "patient-document", resourceId: query.patient } as const;
  const declared = req.headers.get("content-length");
  // An error raised while reading the browser's bytes reaches us wrapped by fetch; keep the original.
  let readFailure: unknown;
  const copy = startDocumentCopy(db, copies);
  let attempt: string | undefined;
  let file: Awaited<ReturnType<typeof openIncomingFile>> | undefined;
  try {
    if (query.sha256 && !query.resend) await assertNotMaybeFiled(db, query.patient, query.sha256);
    const incoming = (file = await openIncomingFile(req.body, declared, query.name));
    attempt = await recordUploadAttempt(db, { id: query.attempt, patientId: query.patient, sha256: query.sha256, fileName: query.name, sizeBytes: incoming.size, staffId });
    const chunks = async function* () {
      try {
        yield* incoming.chunks;
      } catch (err) {
        readFailure = err;
        throw err;
      }
    };
    const { documentId } = await platform.documents.upload({
      chunks: copy.tee(chunks()),
      size: file.size,
      fileName: file.fileName,
      mime: file.mime,
      documentType: query.dt,
      tasks: query.tasks,
      // No req.signal: a browser that goes away mid-file ends the body stream, which stops the
      // upload; once the platform holds the whole file, the record is kept so it is never orphaned.
    });
    const record = {
      id: randomUUID(),
      patientId: query.patient,
      documentId,
      fileName: file.fileName,
      mime: file.mime,
      sizeBytes: file.size,
      sha256: file.sha256(),
      documentType: query.dt,
      tasks: query.tasks,
      uploadedBy: staffId,
    };
    await settleUploadAttempt(db, attempt, { state: "filed", sha256: record.sha256, documentId });
    const deskCopy = await writeDeskCopy(db, documentRecorded({ doc: record }));
    // The copy links to the desk's record; while that record is still catching up there is nothing to link it to.
    if (deskCopy === "done") await copy.keep(record.id, file.size, record.sha256);
    else await copy.discard();
    const doc = (deskCopy === "done" && (await readPatientDocument(db, record.id).catch(() => undefined))) || pendingDocument(record);
    await audit({ ...base, outcome: "ok", detail: { documentId, fileName: file.fileName, sizeBytes: file.size, sha256: doc.sha256, documentType: query.dt, deskCopy } }).catch(() => {});
    return { ...doc, deskCopy };
  } catch (caught) {
    const err = readFailure ?? caught;
    await copy.discard();
    if (attempt) {
      // Only a file that went out whole can have been stored; a half-sent one is dropped by the platform.
      const whole = (() => {
        try {
          return file?.sha256();
        } catch {
          return undefined;
        }
      })();
      await settleUploadAttempt(db, attempt, { state: whole && !readFailure && uploadOutcomeUnknown(caught) ? "unknown" : "failed", sha256: whole });
    }
    const reason = req.signal.aborted ? "cancelled by the browser" : err instanceof AppError ? `${err.status} ${err.title}` : "unexpected error";
    await audit({ ...base, outcome: "failed", detail: { fileName: query.name, declaredBytes: declared, reason } });
    throw err;
  }
}
