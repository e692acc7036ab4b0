import { SlotRangeQuery } from "@/lib/schemas/slots";
import { withStaff } from "@/lib/server/with-staff";

export const GET = withStaff({ feature: "slots", query: SlotRangeQuery }, async ({ query, platform, req }) =>
  Response.json(await platform.slots.listSlots(query, req.signal), { headers: { "cache-control": "private, no-store" } }),
);
