import { DrugSearchQuery } from "@/lib/schemas/drugs";
import { drugAnswers, jsonAnswer } from "@/lib/server/drugs/answer-cache";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const GET = withStaff({ action: "drugs.read", query: DrugSearchQuery }, async ({ query, platform, req }) => {
  const key = `search\0${query.q ?? ""}\0${query.category ?? ""}\0${query.exact}\0${query.limit}`;
  const json = await drugAnswers().json(key, () => platform.drugs.findGenericDrugs(query, req.signal));
  return jsonAnswer(json!);
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
