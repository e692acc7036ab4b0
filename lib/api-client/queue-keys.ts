/** The queue's query keys: a clinic, and its day (the day's "Shared at the counter" list sits under it). */
export const queueKeys = {
  clinic: (clinicId: string) => ["queue", clinicId] as const,
  day: (clinicId: string, day: string) => ["queue", clinicId, day] as const,
};
