import { PatientSearchQuery } from "@/lib/schemas/patients";
import { searchPatients } from "@/lib/server/patients/patient-index";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const GET = withStaff({ action: "patients.read", query: PatientSearchQuery }, async ({ query, db, audit, staff }) => {
  const patients = await searchPatients(db, query.q, query.limit);
  await audit({ action: "patients.search", resource: "patient", outcome: "ok", detail: { role: staff.role, results: patients.length } });
  return Response.json({ patients }, { headers: { "cache-control": "private, no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
