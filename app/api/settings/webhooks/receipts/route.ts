import { recentReceipts } from "@/lib/server/webhooks/settings";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const GET = withStaff({ action: "settings.read" }, async ({ db }) =>
  Response.json({ receipts: await recentReceipts(db) }, { headers: { "cache-control": "private, no-store" } }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
