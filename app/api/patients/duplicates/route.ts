import { DuplicateQuery } from "@/lib/schemas/patients";
import { findDuplicates } from "@/lib/server/patients/patient-index";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const GET = withStaff({ action: "patients.read", query: DuplicateQuery }, async ({ query, db, audit, staff }) => {
  const matches = await findDuplicates(db, query);
  if (matches.length) await audit({ action: "patients.duplicate-check", resource: "patient", outcome: "ok", detail: { role: staff.role, matches: matches.map((m) => m.id) } });
  return Response.json({ matches }, { headers: { "cache-control": "private, no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
