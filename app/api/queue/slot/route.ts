import { SlotHolderQuery } from "@/lib/schemas/queue";
import { readAppointmentAtSlot } from "@/lib/server/queue/queue-store";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const GET = withStaff({ action: "queue.read", query: SlotHolderQuery }, async ({ db, query }) => {
  return Response.json({ appointment: await readAppointmentAtSlot(db, query) }, { headers: { "cache-control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
