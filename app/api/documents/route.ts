import { DocumentListQuery, DocumentUploadQuery } from "@/lib/schemas/documents";
import { copyStoreFor } from "@/lib/server/documents/copies";
import { database } from "@/lib/server/db";
import { documentsWithCopy, listPatientDocuments } from "@/lib/server/documents/records";
import { uploadPatientDocument } from "@/lib/server/documents/upload";
import { assertKnownPatient } from "@/lib/server/documents/known-patient";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

const NO_STORE = { "cache-control": "private, no-store" };

export const GET = withStaff({ action: "documents.read", query: DocumentListQuery }, async ({ query, db, audit }) => {
  const listed = await listPatientDocuments(db, query.patient);
  const copies = await documentsWithCopy(db, listed.map((d) => d.id));
  const documents = listed.map((d) => ({ ...d, hasCopy: copies.has(d.id) }));
  await audit({ action: "list", resource: "patient-document", resourceId: query.patient, outcome: "ok", detail: { count: documents.length } });
  return Response.json({ documents }, { headers: NO_STORE });
});

/** The raw file is the body (no multipart on this hop), so it can be streamed on unread. */
export const POST = withStaff({ action: "documents.upload", query: DocumentUploadQuery }, async ({ req, query, platform, db, staff, audit }) => {
  await assertKnownPatient(db, platform.patients, query.patient, req.signal);
  return Response.json(await uploadPatientDocument({ req, query, platform, db, staffId: staff.id, audit, copies: copyStoreFor(await database()) }), { status: 201, headers: NO_STORE });
});

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
