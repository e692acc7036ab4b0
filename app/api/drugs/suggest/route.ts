import { DrugSuggestQuery } from "@/lib/schemas/drugs";
import { withStaff } from "@/lib/server/with-staff";

export const GET = withStaff({ feature: "drugs", query: DrugSuggestQuery }, async ({ query, platform, req }) =>
  Response.json(await platform.drugs.suggestDrugNames(query.q, req.signal), { headers: { "cache-control": "private, no-store" } }),
);
