import { DrugRelatedQuery } from "@/lib/schemas/drugs";
import { NotFoundError } from "@/lib/server/errors";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const GET = withStaff({ action: "drugs.read", query: DrugRelatedQuery }, async ({ query, platform, req }) => {
  const related = await platform.drugs.findRelatedDrugs(query.name, req.signal);
  if (!related) throw new NotFoundError(`No formulary entry is named “${query.name}”.`);
  return Response.json(related, { headers: { "cache-control": "private, no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
