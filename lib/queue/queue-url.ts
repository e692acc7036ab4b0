/** The clinic a desk last opened in the queue; the page offers it first next time. */
export const QUEUE_CLINIC_COOKIE = "queue-clinic";

/** Remembers the chosen clinic for this browser for a year (not secret, read by the page on the server). */
export function rememberQueueClinic(clinicId: string): void {
  document.cookie = `${QUEUE_CLINIC_COOKIE}=${encodeURIComponent(clinicId)}; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
}

/**
 * The address's doctor filter for "all doctors" when someone chose it: a doctor's queue otherwise
 * opens on their own list, so an absent filter would bring that back on a reload.
 */
export const ALL_DOCTORS = "all";
