import { SlotHolderQuery } from "@/lib/schemas/queue";
import { readAppointmentAtSlot } from "@/lib/server/queue/queue-store";
import { withStaff } from "@/lib/server/with-staff";

export const GET = withStaff({ feature: "queue", query: SlotHolderQuery }, async ({ db, query }) => {
  return Response.json({ appointment: await readAppointmentAtSlot(db, query) }, { headers: { "cache-control": "no-store" } });
});
