// Without zod (./webhook-names.ts re-exports them with its schemas): the live feed's cards, in that
// page's first download, tell the doctor-joined notification apart with it.

/** Spec 6.1: the kinds a subscription names, plus the documented tele-consultation notification. */
export const SUBSCRIBABLE_EVENT_KINDS = [
  "appointment.created",
  "appointment.updated",
  "prescription.created",
  "prescription.updated",
  "receipt.created",
  "receipt.updated",
  "user.delete",
  "appointment.tele.dr_joined",
] as const;

export const DOCTOR_JOINED = "appointment.tele.dr_joined" satisfies (typeof SUBSCRIBABLE_EVENT_KINDS)[number];
