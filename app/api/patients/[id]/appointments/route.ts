import { readPatientAppointments } from "@/lib/server/queue/queue-store";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const GET = withStaff({ action: "queue.read" }, async ({ db, params, audit }) => {
  const appointments = await readPatientAppointments(db, params.id!);
  await audit({ action: "patients.appointments", resource: "patient", resourceId: params.id!, outcome: "ok", detail: { count: appointments.length } });
  return Response.json({ appointments }, { headers: { "cache-control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
