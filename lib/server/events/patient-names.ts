import "server-only";
import type { Db } from "../db/connect";
import { summariesByIds } from "../patients/patient-index";

/** Names of the clinic's own patients by platform id; unknown ids are absent and the feed shows the id. */
export async function patientNamesByIds(db: Db, ids: string[]): Promise<Map<string, string>> {
  const summaries = await summariesByIds(db, ids);
  return new Map([...summaries].map(([id, s]) => [id, s.name]));
}
