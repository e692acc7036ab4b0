import { DrugSuggestQuery } from "@/lib/schemas/drugs";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const GET = withStaff({ action: "drugs.read", query: DrugSuggestQuery }, async ({ query, platform, req }) =>
  Response.json(await platform.drugs.suggestDrugNames(query.q, req.signal), { headers: { "cache-control": "private, no-store" } }),
);

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
