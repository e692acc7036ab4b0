import { CancelledUploadRequest } from "@/lib/schemas/documents";
import { resolveCancelledUpload } from "@/lib/server/documents/cancelled-upload";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

/** After a cancel the browser asks what became of the upload (its last bytes may have reached the platform). */
export const POST = withStaff({ action: "documents.upload", body: CancelledUploadRequest, bodyLimit: 1024 }, async ({ body, db, staff, audit }) => {
  const answer = await resolveCancelledUpload(db, { attempt: body.attempt, patient: body.patient, staffId: staff.id });
  await audit({ action: "cancel-upload", resource: "patient-document", resourceId: body.patient, outcome: "ok", detail: { attempt: body.attempt, outcome: answer.outcome, documentId: answer.document?.documentId } });
  return Response.json(answer, { headers: { "cache-control": "private, no-store" } });
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
