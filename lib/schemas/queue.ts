import { z } from "zod";
import { QUEUE_STATUSES } from "@/lib/queue/status-moves";
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
  source: z.enum(["desk", "platform", "sandbox_seed"]),
  status: QueueStatusSchema,
  version: z.number().int(),
  arrivedAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  statusChangedAt: z.string(),
  statusChangedBy: z.string().nullable(),
  /** The last change can still be taken back until this instant. */
  undoUntil: z.string().nullable(),
});
export type QueueEntry = z.infer<typeof QueueEntry>;

export const QueueDay = z.object({ clinicId: z.string(), day: z.string(), timeZone: z.string(), appointments: z.array(QueueEntry) });
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
