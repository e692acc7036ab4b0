// Without zod (unlike ./clinic-directory.ts, which re-exports it): the slots calendar needs it at first paint.

/** A clinic's zone when the directory names none. */
export const DEFAULT_CLINIC_TIME_ZONE = "Asia/Kolkata";
