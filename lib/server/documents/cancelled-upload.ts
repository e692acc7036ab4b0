import "server-only";
import { eq, sql } from "drizzle-orm";
import type { CancelledUploadOutcome } from "@/lib/schemas/documents";
import * as clock from "@/lib/clock";
import type { Db } from "../db/connect";
import { documentUploadAttempts, patientDocuments } from "../db/schema";
import { NotFoundError } from "../errors";
import { readPatientDocument } from "./records";

/**
 * The browser cancelled an upload and asks what became of it. Its last bytes may already have
 * reached the desk, which then sends the file on and the platform files it: the attempt row says so.
 * An attempt the desk has not recorded yet is recorded here as given up, so a request still on its
 * way is refused when it arrives (upload.ts) and "nothing stored" stays true. The mark stays on a
 * file filed anyway, so uploading it again asks first (assertNotMaybeFiled).
 */
export async function resolveCancelledUpload(db: Db, q: { attempt: string; patient: string; staffId: string }): Promise<CancelledUploadOutcome> {
  const now = clock.nowDate();
  const [row] = await db
    .insert(documentUploadAttempts)
    .values({ id: q.attempt, patientId: q.patient, fileName: "", sizeBytes: 0, staffId: q.staffId, state: "failed", cancelledAt: now })
    .onConflictDoUpdate({
      target: documentUploadAttempts.id,
      set: { cancelledAt: sql`coalesce(${documentUploadAttempts.cancelledAt}, ${now.toISOString()}::timestamptz)` },
      setWhere: eq(documentUploadAttempts.patientId, q.patient),
    })
    .returning({ patientId: documentUploadAttempts.patientId, state: documentUploadAttempts.state, documentId: documentUploadAttempts.documentId });
  // Another patient's attempt is not this browser's to ask about.
  if (!row || row.patientId !== q.patient) throw new NotFoundError("No upload with this id for this patient.");
  if (row.state === "failed") return { outcome: "nothing" };
  if (row.state === "sending") return { outcome: "sending" };
  if (row.state === "unknown") return { outcome: "unknown" };
  const [recorded] = row.documentId ? await db.select({ id: patientDocuments.id }).from(patientDocuments).where(eq(patientDocuments.documentId, row.documentId)) : [];
  const document = recorded && (await readPatientDocument(db, recorded.id));
  return { outcome: "stored", ...(document ? { document } : {}) };
}
