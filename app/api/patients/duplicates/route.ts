import { DuplicateQuery } from "@/lib/schemas/patients";
import { findDuplicates } from "@/lib/server/patients/patient-index";
import { withStaff } from "@/lib/server/with-staff";

export const GET = withStaff({ feature: "patients", query: DuplicateQuery }, async ({ query, db, audit, staff }) => {
  const matches = await findDuplicates(db, query);
  if (matches.length) await audit({ action: "patients.duplicate-check", resource: "patient", outcome: "ok", detail: { role: staff.role, matches: matches.map((m) => m.id) } });
  return Response.json({ matches }, { headers: { "cache-control": "private, no-store" } });
});
