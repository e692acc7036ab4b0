import { DrugEntryQuery } from "@/lib/schemas/drugs";
import { NotFoundError } from "@/lib/server/errors";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

/** The whole monograph of one entry the doctor opened from the results list (which carries only the rows). */
export const GET = withStaff({ action: "drugs.read", query: DrugEntryQuery }, async ({ query, platform, req }) => {
  const monograph = await platform.drugs.findDrugEntry(query, req.signal);
  if (!monograph) throw new NotFoundError(`No formulary entry is named “${query.name}”.`);
  return Response.json(monograph, { headers: { "cache-control": "private, no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
