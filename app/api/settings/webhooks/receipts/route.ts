import { recentReceipts } from "@/lib/server/webhooks/settings";
import { withStaff } from "@/lib/server/with-staff";

export const GET = withStaff({ feature: "settings" }, async ({ db }) =>
  Response.json({ receipts: await recentReceipts(db) }, { headers: { "cache-control": "private, no-store" } }),
);
