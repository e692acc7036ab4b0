import type { ShareVisitHandOver } from "./share-visit-hand-over";

// The queue page's half of the hand-over (it only writes), without zod: the registration form reads
// the hand-over back with its schema (./share-visit-hand-over.ts), and only that page downloads it.

/** Where "Register patient" on a Scan & Share row leaves the visit to issue once the patient is registered. */
export const SHARE_VISIT_STORAGE_KEY = "abdm-share-visit";

export function handShareVisitOver(v: Omit<ShareVisitHandOver, "key">): void {
  try {
    sessionStorage.setItem(SHARE_VISIT_STORAGE_KEY, JSON.stringify({ ...v, key: crypto.randomUUID() }));
  } catch {
    // Storage refused (private mode, full): registration still opens; the token is then issued from the list.
  }
}
