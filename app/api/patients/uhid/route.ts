import { z } from "zod";
import { Uhid } from "@/lib/schemas/patient-fields";
import { patientByUhid } from "@/lib/server/patients/patient-index";
import { withStaff } from "@/lib/server/with-staff";

const UhidQuery = z.object({ uhid: Uhid });

export const GET = withStaff({ feature: "patients", query: UhidQuery }, async ({ query, db, audit, staff }) => {
  const usedBy = await patientByUhid(db, query.uhid);
  await audit({ action: "patients.uhid-check", resource: "patient", resourceId: usedBy?.id ?? null, outcome: "ok", detail: { role: staff.role } });
  return Response.json({ uhid: query.uhid, available: !usedBy, usedBy }, { headers: { "cache-control": "private, no-store" } });
});
