import { DrugSearchQuery } from "@/lib/schemas/drugs";
import { withStaff } from "@/lib/server/with-staff";

export const GET = withStaff({ feature: "drugs", query: DrugSearchQuery }, async ({ query, platform, req }) =>
  Response.json(await platform.drugs.findGenericDrugs(query, req.signal), { headers: { "cache-control": "private, no-store" } }),
);
