import { z } from "zod";
import { Uhid } from "@/lib/schemas/patient-fields";
import { patientByUhid } from "@/lib/server/patients/patient-index";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

const UhidQuery = z.strictObject({ uhid: Uhid });

export const GET = withStaff({ action: "patients.read", query: UhidQuery }, async ({ query, db, audit, staff }) => {
  const usedBy = await patientByUhid(db, query.uhid);
  await audit({ action: "patients.uhid-check", resource: "patient", resourceId: usedBy?.id ?? null, outcome: "ok", detail: { role: staff.role } });
  return Response.json({ uhid: query.uhid, available: !usedBy, usedBy }, { headers: { "cache-control": "private, no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
