import { ErasureRequest } from "@/lib/schemas/erasure";
import { ERASABLE_ID, erasePatient } from "@/lib/server/erasure/erase-patient";
import { NotFoundError } from "@/lib/server/errors";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

/** An admin erases what the desk holds about a patient, at the patient's own request (the reason is kept in the erasure log). */
export const POST = withStaff({ action: "patients.erase", body: ErasureRequest }, async ({ params, body, db, staff, audit }) => {
  const id = params.id ?? "";
  if (!ERASABLE_ID.test(id)) throw new NotFoundError("There is no patient with this id.");
  const row = await erasePatient(db, { patientId: id, source: "admin", requestedBy: staff.id, reason: body.reason });
  // The erasure audits itself under the pseudonym when it finishes; this records that an admin asked (pseudonym only).
  await audit({ action: "patients.erase.request", resource: "patient", resourceId: row.pseudonym, outcome: row.completedAt ? "ok" : "failed", detail: { role: staff.role } });
  return Response.json(
    { pseudonym: row.pseudonym, completedAt: row.completedAt?.toISOString() ?? null, counts: row.counts, resumes: !row.completedAt },
    { status: row.completedAt ? 200 : 202, headers: { "cache-control": "no-store" } },
  );
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
