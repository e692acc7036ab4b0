import "server-only";
import { desc, eq, inArray } from "drizzle-orm";
import type { PatientDocument, DocumentTask, DocumentType } from "@/lib/schemas/documents";
import type { Db } from "../db/connect";
import { documentCopies, patientDocuments, staff } from "../db/schema";
import * as clock from "@/lib/clock";
import { deskWriteKind } from "../desk-outbox";

export interface NewPatientDocument {
  patientId: string;
  documentId: string;
  fileName: string;
  mime: string;
  sizeBytes: number;
  sha256: string;
  documentType: DocumentType;
  tasks: DocumentTask[];
  uploadedBy: string | null;
}

const columns = {
  id: patientDocuments.id,
  patientId: patientDocuments.patientId,
  documentId: patientDocuments.documentId,
  fileName: patientDocuments.fileName,
  mime: patientDocuments.mime,
  sizeBytes: patientDocuments.sizeBytes,
  sha256: patientDocuments.sha256,
  documentType: patientDocuments.documentType,
  tasks: patientDocuments.tasks,
  uploadedBy: patientDocuments.uploadedBy,
  uploadedByName: staff.name,
  uploadedAt: patientDocuments.uploadedAt,
};

interface Row extends Omit<PatientDocument, "uploadedAt" | "tasks"> {
  tasks: string[];
  uploadedAt: Date;
}

const toDocument = (r: Row): PatientDocument => ({
  ...r,
  tasks: r.tasks as DocumentTask[],
  uploadedByName: r.uploadedByName ?? null,
  uploadedAt: r.uploadedAt.toISOString(),
});

/** A recorded document as the desk lists it; undefined when the desk copy is not there (yet). */
export async function readPatientDocument(db: Db, id: string): Promise<PatientDocument | undefined> {
  const [row] = await db.select(columns).from(patientDocuments).leftJoin(staff, eq(staff.id, patientDocuments.uploadedBy)).where(eq(patientDocuments.id, id));
  return row && toDocument(row);
}

/** What the desk will list once its copy catches up (the platform already holds the file). */
export const pendingDocument = (doc: NewPatientDocument & { id: string }): PatientDocument => ({
  ...doc,
  uploadedBy: doc.uploadedBy,
  uploadedByName: null,
  uploadedAt: clock.nowDate().toISOString(),
});

/** A patient's documents, newest first. */
export async function listPatientDocuments(db: Db, patientId: string, limit = 200): Promise<PatientDocument[]> {
  const rows = await db
    .select(columns)
    .from(patientDocuments)
    .leftJoin(staff, eq(staff.id, patientDocuments.uploadedBy))
    .where(eq(patientDocuments.patientId, patientId))
    .orderBy(desc(patientDocuments.uploadedAt), desc(patientDocuments.id))
    .limit(limit);
  return rows.map(toDocument);
}

/** One recorded document by the desk's own id (the row id, not the platform's document id). */
export async function findPatientDocument(db: Db, id: string): Promise<PatientDocument | null> {
  const [row] = await db.select(columns).from(patientDocuments).leftJoin(staff, eq(staff.id, patientDocuments.uploadedBy)).where(eq(patientDocuments.id, id));
  return row ? toDocument(row) : null;
}

/** Which of these documents the desk holds a copy of, so the list offers preview and download only for them. */
export async function documentsWithCopy(db: Db, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.select({ id: documentCopies.documentRowId }).from(documentCopies).where(inArray(documentCopies.documentRowId, ids));
  return new Set(rows.map((r) => r.id));
}

/** The desk's record of a document the platform has filed, queued in the desk outbox when the database cannot take it at once. */
export const documentRecorded = deskWriteKind("document.record", (db, w: { doc: NewPatientDocument & { id: string } }) => db.insert(patientDocuments).values(w.doc).onConflictDoNothing());
