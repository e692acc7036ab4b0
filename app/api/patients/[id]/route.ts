import { PatientUpdate } from "@/lib/schemas/patients";
import { updatePatient } from "@/lib/server/patients/update-patient";
import { readPatient } from "@/lib/server/patients/patient-profile";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const GET = withStaff({ action: "patients.read" }, async ({ params, db, platform, staff, audit, req }) => {
  const id = params.id ?? "";
  try {
    const profile = await readPatient({ db, patients: platform.patients }, id, req.signal);
    await audit({ action: "patients.read", resource: "patient", resourceId: id, outcome: "ok", detail: { role: staff.role } });
    return Response.json(profile, { headers: { "cache-control": "private, no-store" } });
  } catch (err) {
    await audit({ action: "patients.read", resource: "patient", resourceId: id, outcome: "failed", detail: { role: staff.role, error: err instanceof Error ? err.message : String(err) } });
    throw err;
  }
});

export const PATCH = withStaff({ action: "patients.write", body: PatientUpdate }, async ({ params, body, db, platform, staff, audit }) => {
  const id = params.id ?? "";
  try {
    const { profile, changed } = await updatePatient({ db, patients: platform.patients }, id, body);
    await audit({ action: "patients.update", resource: "patient", resourceId: id, outcome: "ok", detail: { role: staff.role, fields: changed, overwrite: body.overwrite } });
    return Response.json(profile, { headers: { "cache-control": "no-store" } });
  } catch (err) {
    await audit({ action: "patients.update", resource: "patient", resourceId: id, outcome: "failed", detail: { role: staff.role, error: err instanceof Error ? err.message : String(err) } });
    throw err;
  }
});

export const { POST, PUT, DELETE, OPTIONS } = otherMethods("GET", "PATCH");
