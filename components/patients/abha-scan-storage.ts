/**
 * Where a scan made away from the registration form (the patient search, the queue's Scan & Share
 * counter) waits in this tab's storage for the form. A module of its own: the pages that hand a
 * scan over need the key, not the form's values and rules (./abha-prefill.ts).
 */
export const ABHA_SCAN_STORAGE_KEY = "abha-scan-for-registration";
