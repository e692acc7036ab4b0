import { IDEMPOTENCY_HEADER, IdempotencyKey, PatientRegistration } from "@/lib/schemas/patients";
import { env } from "@/lib/env";
import { TIME_ZONE } from "@/lib/i18n/config";
import { ValidationError } from "@/lib/server/errors";
import { registerPatient } from "@/lib/server/patients/register-patient";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

const uhidConfig = () => ({ format: env().opd.uhidFormat, clinicCode: env().opd.uhidClinicCode, timeZone: TIME_ZONE });

export const POST = withStaff({ action: "patients.write", body: PatientRegistration }, async ({ req, body, db, platform, staff, audit }) => {
  const key = IdempotencyKey.safeParse(req.headers.get(IDEMPOTENCY_HEADER) ?? "");
  if (!key.success) throw new ValidationError({ [IDEMPOTENCY_HEADER]: key.error.issues[0]!.message }, "The request has no valid Idempotency-Key header.");
  try {
    const result = await registerPatient({ db, patients: platform.patients, staffId: staff.id, uhid: uhidConfig() }, key.data, body);
    if ("state" in result) {
      await audit({ action: "patients.register", resource: "patient", outcome: "ok", detail: { role: staff.role, confirming: true, since: result.since } });
      return Response.json(result, { status: 202, headers: { "cache-control": "no-store", "retry-after": "5" } });
    }
    await audit({
      action: "patients.register",
      resource: "patient",
      resourceId: result.id,
      outcome: "ok",
      detail: {
        role: staff.role,
        directory: result.directory,
        // The receptionist saw these look-alike patients and confirmed this is someone else.
        ...(body.duplicateConfirmed?.length ? { duplicateConfirmed: body.duplicateConfirmed } : {}),
        ...(result.earlierAttempt ? { earlierAttempt: true } : {}),
      },
    });
    return Response.json(result, { status: result.earlierAttempt ? 200 : 201, headers: { "cache-control": "no-store" } });
  } catch (err) {
    await audit({ action: "patients.register", resource: "patient", outcome: "failed", detail: { role: staff.role, error: err instanceof Error ? err.message : String(err) } });
    throw err;
  }
});

export const { GET, HEAD, PUT, PATCH, DELETE, OPTIONS } = otherMethods("POST");
