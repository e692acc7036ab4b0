import { z } from "zod";
import { QUEUE_STATUSES } from "@/lib/queue/status-moves";
import { BillingState } from "./billing";
import { PatientSummary } from "./patient-summary";
import { CalendarDay } from "./slots";

export const QueueStatusSchema = z.enum(QUEUE_STATUSES);

export const QueueDayQuery = z.strictObject({
  clinicId: z.string().trim().min(1, "Choose a clinic.").max(100),
  day: CalendarDay,
});
export type QueueDayQuery = z.infer<typeof QueueDayQuery>;

export const QueueEntry = z.object({
  appointmentId: z.string(),
  clinicId: z.string(),
  doctorId: z.string(),
  doctorName: z.string(),
  day: z.string(),
  start: z.string(),
  end: z.string().nullable(),
  /** The desk's patient when known; otherwise what the platform said about them. */
  patient: PatientSummary.nullable(),
  patientId: z.string(),
  patientLabel: z.string().nullable(),
  confId: z.string(),
  serviceName: z.string().nullable(),
  mode: z.string(),
  price: z.number().nullable(),
  currency: z.string().nullable(),
  prePay: z.boolean().nullable(),
  postPay: z.boolean().nullable(),
  bookedBy: z.string().nullable(),
  source: z.enum(["desk", "platform", "sandbox_seed", "walk_in"]),
  status: QueueStatusSchema,
  version: z.number().int(),
  arrivedAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  statusChangedAt: z.string(),
  statusChangedBy: z.string().nullable(),
  /** The last change can still be taken back until this instant. */
  undoUntil: z.string().nullable(),
  /** The OPD token (per doctor, per clinic day), issued at check-in or walk-in; null before arrival. */
  tokenNumber: z.number().int().nullable(),
  tokenLabel: z.string().nullable(),
  /** A priority mark from the clinic's list, or null. */
  priority: z.string().nullable(),
  /** When the token was last called (call next, call in or recall). */
  calledAt: z.string().nullable(),
  callCount: z.number().int(),
  /** The doctor's call count when the token was skipped; null unless it is sitting out. */
  skippedAtCall: z.number().int().nullable(),
  /** Paid, due, pre-pay missing or free (the desk's billing); absent when nothing is priced yet. */
  billing: BillingState.nullable().optional(),
});
export type QueueEntry = z.infer<typeof QueueEntry>;

export const PriorityMarkSchema = z.object({ key: z.string(), label: z.string().nullable(), labelHi: z.string().nullable().optional(), retired: z.boolean().optional() });

/** The OPD counter as a desk needs it: the clinic's marks (in precedence order), the skip rule and each doctor's calls so far. */
export const CounterInfo = z.object({
  priorityMarks: z.array(PriorityMarkSchema),
  skipReturnAfter: z.number().int(),
  /** Calls made today, by doctor id. */
  calls: z.record(z.string(), z.number().int()),
  /** The room each doctor sits in that day (Settings → Rooms), by doctor id; a doctor without one is absent. */
  rooms: z.record(z.string(), z.string()).default({}),
});
export type CounterInfo = z.infer<typeof CounterInfo>;

export const QueueDay = z.object({
  clinicId: z.string(),
  day: z.string(),
  timeZone: z.string(),
  appointments: z.array(QueueEntry),
  counter: CounterInfo.default({ priorityMarks: [], skipReturnAfter: 3, calls: {}, rooms: {} }),
});
export type QueueDay = z.infer<typeof QueueDay>;

export const StatusChangeRequest = z.object({
  to: QueueStatusSchema,
  /** The version the desk saw; another desk's change in between is refused, not overwritten. */
  version: z.number().int().min(1),
  reason: z.string().trim().max(300).optional(),
});
export type StatusChangeRequest = z.infer<typeof StatusChangeRequest>;

export const UndoRequest = z.object({ version: z.number().int().min(1) });

export const RescheduleRequest = z.object({
  version: z.number().int().min(1),
  confId: z.string().trim().min(1).max(64),
  start: z.string().trim().min(1).max(40).refine((v) => !Number.isNaN(Date.parse(v)) && v.includes("T"), "The new slot time is not valid."),
});
export type RescheduleRequest = z.infer<typeof RescheduleRequest>;

export const LinkPatientRequest = z.object({
  version: z.number().int().min(1),
  patientId: z.string().trim().min(1, "Choose a patient.").max(100),
});
export type LinkPatientRequest = z.infer<typeof LinkPatientRequest>;

/** What the live channel says when an appointment changed: desks refetch the day it belongs to. */
export const QueueChange = z.object({ appointmentId: z.string(), clinicId: z.string(), day: z.string(), version: z.number().int(), status: QueueStatusSchema });
export type QueueChange = z.infer<typeof QueueChange>;

export const SlotHolderQuery = z.strictObject({
  doctorId: z.string().trim().min(1).max(100),
  clinicId: z.string().trim().min(1).max(100),
  start: z.string().trim().min(1).max(40).refine((v) => !Number.isNaN(Date.parse(v)) && v.includes("T"), "The slot time is not valid."),
});

export const SlotHolder = z.object({ appointment: QueueEntry.nullable() });
export type SlotHolder = z.infer<typeof SlotHolder>;

const PlatformId = (missing: string) => z.string().trim().min(1, missing).max(100).regex(/^[A-Za-z0-9._:-]+$/, "This id has characters an id never has.");

/** A patient who came without an appointment, added to a doctor's queue for today. */
export const WalkInRequest = z.strictObject({
  clinicId: PlatformId("Choose a clinic."),
  doctorId: PlatformId("Choose a doctor."),
  patientId: z.string().trim().min(1, "Choose a patient.").max(100),
  /** A key from the clinic's priority marks; none for an ordinary visit. */
  priority: z.string().trim().max(32).nullable().optional(),
});
export type WalkInRequest = z.infer<typeof WalkInRequest>;

export const COUNTER_ACTIONS = ["next", "recall", "skip"] as const;
export type CounterAction = (typeof COUNTER_ACTIONS)[number];

/** Call next, recall or skip for one doctor's queue today. */
export const CounterActionRequest = z.strictObject({
  clinicId: PlatformId("Choose a clinic."),
  action: z.enum(COUNTER_ACTIONS, "Say what to do: next, recall or skip."),
  /** Call a pre-pay visit in before its payment: an audited override. */
  allowUnpaid: z.boolean().optional(),
});
export type CounterActionRequest = z.infer<typeof CounterActionRequest>;

export const CounterActionResult = z.object({
  action: z.enum(COUNTER_ACTIONS),
  /** The visit now called (next, recall) or sent back to wait (skip); null when nobody was waiting. */
  entry: QueueEntry.nullable(),
  /** Visits call next marked done (the one in consultation until then). */
  finished: z.array(QueueEntry),
  /** The same request (same Idempotency-Key) was already carried out: this is its outcome, nothing was done twice. */
  replayed: z.boolean(),
  /** Pre-pay visits Call next passed over because nothing is paid yet. */
  heldForPayment: z.array(z.string()).default([]),
});
export type CounterActionResult = z.infer<typeof CounterActionResult>;
