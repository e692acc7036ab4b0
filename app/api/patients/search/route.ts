import { PatientSearchQuery } from "@/lib/schemas/patients";
import { searchPatients } from "@/lib/server/patients/patient-index";
import { withStaff } from "@/lib/server/with-staff";

export const GET = withStaff({ feature: "patients", query: PatientSearchQuery }, async ({ query, db, audit, staff }) => {
  const patients = await searchPatients(db, query.q, query.limit);
  await audit({ action: "patients.search", resource: "patient", outcome: "ok", detail: { role: staff.role, results: patients.length } });
  return Response.json({ patients }, { headers: { "cache-control": "private, no-store" } });
});
