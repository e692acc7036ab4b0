import { z } from "zod";
import { DocumentFileQuery } from "@/lib/schemas/documents";
import { database } from "@/lib/server/db";
import { copyStoreFor, readDocumentCopy } from "@/lib/server/documents/copies";
import { findPatientDocument } from "@/lib/server/documents/records";
import { AppError, NotFoundError } from "@/lib/server/errors";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

const DocumentRowId = z.string().uuid();

/** RFC 6266 / 5987: an ASCII fallback name and the real one in UTF-8. */
function contentDisposition(kind: "inline" | "attachment", fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * Streams the desk's copy of an uploaded document, to show in the browser (`?download=0`) or to
 * save (`?download=1`); every view and download is audited against the patient.
 */
export const GET = withStaff({ action: "documents.read", query: DocumentFileQuery }, async ({ params, query, db, audit }) => {
  const id = DocumentRowId.safeParse(params.id);
  if (!id.success) throw new NotFoundError("There is no document with this id.");
  const doc = await findPatientDocument(db, id.data);
  if (!doc) throw new NotFoundError("There is no document with this id.");
  const action = query.download ? "download" : "view";
  const base = { action, resource: "patient-document", resourceId: doc.patientId } as const;
  const copy = await readDocumentCopy(db, doc.id, copyStoreFor(await database()));
  if (!copy) {
    await audit({ ...base, outcome: "failed", detail: { documentId: doc.documentId, fileName: doc.fileName, reason: "no copy at the desk" } });
    throw new AppError(404, "No copy at the desk", "This document was uploaded before the desk kept copies; it is stored on the platform only.", { code: "no_copy" });
  }
  await audit({ ...base, outcome: "ok", detail: { documentId: doc.documentId, fileName: doc.fileName, documentRowId: doc.id } });
  return new Response(copy.stream, {
    headers: {
      "content-type": doc.mime,
      "content-length": String(copy.sizeBytes),
      "content-disposition": contentDisposition(query.download ? "attachment" : "inline", doc.fileName),
      "cache-control": "private, no-store",
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
