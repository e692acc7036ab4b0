import { readPatientAppointments } from "@/lib/server/queue/queue-store";
import { withStaff } from "@/lib/server/with-staff";

export const GET = withStaff({ feature: "queue" }, async ({ db, params }) => {
  const appointments = await readPatientAppointments(db, params.id!);
  return Response.json({ appointments }, { headers: { "cache-control": "no-store" } });
});
