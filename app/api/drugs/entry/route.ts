import { DrugEntryQuery } from "@/lib/schemas/drugs";
import { drugAnswers, jsonAnswer } from "@/lib/server/drugs/answer-cache";
import { NotFoundError } from "@/lib/server/errors";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

/** The whole monograph of one entry the doctor opened from the results list (which carries only the rows). */
export const GET = withStaff({ action: "drugs.read", query: DrugEntryQuery }, async ({ query, platform, req }) => {
  const key = `entry\0${query.name}\0${query.page ?? ""}\0${query.reference ?? ""}`;
  const json = await drugAnswers().json(key, () => platform.drugs.findDrugEntry(query, req.signal));
  if (json === null) throw new NotFoundError(`No formulary entry is named “${query.name}”.`);
  return jsonAnswer(json);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
