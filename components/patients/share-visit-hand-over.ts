import { z } from "zod";
import { IdempotencyKey } from "@/lib/schemas/idempotency-key";
import { SHARE_VISIT_STORAGE_KEY } from "./share-visit-hand-over-start";

export { handShareVisitOver, SHARE_VISIT_STORAGE_KEY } from "./share-visit-hand-over-start";

/**
 * A share being registered: which share, for which doctor, and the key its OPD token is issued
 * under (the same on a retry or a reload, so one registration never gives two tokens).
 */
export const ShareVisitHandOver = z.object({
  shareId: z.uuid(),
  clinicId: z.string().min(1).max(64),
  doctorId: z.string().min(1).max(64),
  doctorName: z.string().min(1).max(120),
  tokenNumber: z.string().min(1).max(20),
  key: IdempotencyKey,
});
export type ShareVisitHandOver = z.infer<typeof ShareVisitHandOver>;

/** The share waiting for its visit in this tab, kept until the visit is issued or the registration is abandoned. */
export function readShareVisitHandOver(): ShareVisitHandOver | null {
  try {
    const parsed = ShareVisitHandOver.safeParse(JSON.parse(sessionStorage.getItem(SHARE_VISIT_STORAGE_KEY) ?? "null"));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function clearShareVisitHandOver(): void {
  try {
    sessionStorage.removeItem(SHARE_VISIT_STORAGE_KEY);
  } catch {
    // Nothing to clear.
  }
}
