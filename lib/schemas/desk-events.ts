import { z } from "zod";

/**
 * A platform event as the desk stores it: reshaped once on arrival (lib/platform/client/events.ts),
 * so nothing that reads the inbox ever sees the platform's field names. Bump the version when the
 * shape or the reading changes: stored rows of an older version are reshaped again when read.
 */
export const DESK_EVENT_VERSION = 3;

/** An appointment booked, cancelled or moved on the platform, in the queue's words. */
export const AppointmentEvent = z.object({
  kind: z.enum(["created", "cancelled", "rescheduled"]),
  appointmentId: z.string(),
  partnerAppointmentId: z.string().nullable(),
  doctorId: z.string(),
  clinicId: z.string(),
  patientId: z.string(),
  confId: z.string(),
  start: z.string(),
  end: z.string(),
  mode: z.string(),
  serviceName: z.string().nullable(),
  price: z.number().nullable(),
  currency: z.string().nullable(),
  prePay: z.boolean().nullable(),
  postPay: z.boolean().nullable(),
  cancelReason: z.string().nullable(),
});
export type AppointmentEvent = z.infer<typeof AppointmentEvent>;

/**
 * A receipt the platform issued for money it took (receipt.created / receipt.updated), in the desk's
 * words. `problem` says why a body could not be read; such a receipt is listed to reconcile by hand.
 */
export const PlatformReceiptEvent = z.object({
  kind: z.enum(["created", "updated"]),
  platformReceiptId: z.string().nullable(),
  receiptNumber: z.string().nullable(),
  appointmentId: z.string().nullable(),
  /** The desk's own receipt number, when the platform was told it. */
  reference: z.string().nullable(),
  clinicId: z.string().nullable(),
  patientId: z.string().nullable(),
  /** What the platform took, in paise; refunds in refundedPaise. */
  amountPaise: z.number().int().nullable(),
  refundedPaise: z.number().int().nullable(),
  status: z.string().nullable(),
  method: z.string().nullable(),
  paidAt: z.string().nullable(),
  problem: z.string().nullable(),
});
export type PlatformReceiptEvent = z.infer<typeof PlatformReceiptEvent>;

/**
 * A link as it arrived: `href` when it is a well-formed http(s) address without credentials (whether
 * plain http: may be opened is decided when shown), otherwise the text, cut, to warn about.
 */
export const EventLink = z.object({ href: z.string().nullable(), text: z.string().nullable() });
export type EventLink = z.infer<typeof EventLink>;

/** The fields the desk reads from any event kind; unknown kinds keep what they share with known ones. Text is trimmed and cut. */
export const DeskEvent = z.object({
  appointmentId: z.string().nullable(),
  doctorId: z.string().nullable(),
  patientId: z.string().nullable(),
  clinicId: z.string().nullable(),
  /** ISO instant, when the event carried a readable one. */
  startsAt: z.string().nullable(),
  serviceName: z.string().nullable(),
  status: z.string().nullable(),
  video: z.object({ hostLink: EventLink, meetLink: EventLink, vendor: z.string().nullable() }).nullable(),
  /** Appointment events the queue can apply; null for other kinds and for ones that do not parse. */
  appointment: AppointmentEvent.nullable(),
  /** Receipt events, read or not (then with a problem); null for other kinds. */
  receipt: PlatformReceiptEvent.nullable().default(null),
});
export type DeskEvent = z.infer<typeof DeskEvent>;
