import { SlotRangeQuery } from "@/lib/schemas/slots";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const GET = withStaff({ action: "slots.read", query: SlotRangeQuery }, async ({ query, platform, req }) =>
  Response.json(await platform.slots.listSlots(query, req.signal), { headers: { "cache-control": "private, no-store" } }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
