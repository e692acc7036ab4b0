import { readVisitBilling } from "@/lib/server/billing/billing";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const dynamic = "force-dynamic";

/** What a visit costs, what was paid, refunded or conceded, and what is still due. */
export const GET = withStaff({ action: "billing.read" }, async ({ db, params, audit }) => {
  const appointmentId = params.appointmentId!;
  const visit = await readVisitBilling(db, appointmentId);
  await audit({ action: "read-visit-billing", resource: "billing", resourceId: appointmentId, outcome: "ok", detail: { patientId: visit.patientId, duePaise: visit.duePaise } });
  return Response.json(visit, { headers: { "cache-control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
