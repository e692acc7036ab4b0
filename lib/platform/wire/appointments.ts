import { z } from "zod";

/**
 * Appointment changes beyond booking, as the sandbox emulates them in the `dr` family's style
 * (the real platform's paths are not public): a real platform's paths and field names change here
 * and in lib/platform/client/appointments.ts only.
 */
export { PlatformBookingRequest, PlatformBookingResponse } from "./slots";

export const appointmentPath = (appointmentId: string) => `/dr/v1/appointment/${encodeURIComponent(appointmentId)}`;
export const cancelPath = (appointmentId: string) => `${appointmentPath(appointmentId)}/cancel`;
export const reschedulePath = (appointmentId: string) => `${appointmentPath(appointmentId)}/reschedule`;

export const PlatformCancelRequest = z.object({
  reason: z.string().min(1).max(300),
});
export type PlatformCancelRequest = z.infer<typeof PlatformCancelRequest>;

export const PlatformRescheduleRequest = z.object({
  conf_id: z.string().min(1),
  start_time: z.string().min(1),
});
export type PlatformRescheduleRequest = z.infer<typeof PlatformRescheduleRequest>;

export const PlatformAppointmentStatus = z.enum(["booked", "cancelled"]);

export const PlatformAppointment = z.object({
  appointment_id: z.string(),
  partner_appointment_id: z.string().nullable().optional(),
  doctor_id: z.string(),
  clinic_id: z.string(),
  patient_id: z.string(),
  conf_id: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  mode: z.string(),
  status: z.string(),
  cancel_reason: z.string().nullable().optional(),
});
export type PlatformAppointment = z.infer<typeof PlatformAppointment>;

export const PlatformAppointmentResponse = z.object({
  data: PlatformAppointment,
  success: z.union([z.string(), z.boolean()]).optional(),
  status_code: z.number().optional(),
});

/** What `appointment.updated` carries: the appointment after the change and what changed. */
export const PlatformAppointmentUpdatedEvent = PlatformAppointment.extend({
  change: z.enum(["cancelled", "rescheduled"]),
  previous_start_time: z.string().nullable().optional(),
  updated_at: z.string(),
});
export type PlatformAppointmentUpdatedEvent = z.infer<typeof PlatformAppointmentUpdatedEvent>;

/** What `appointment.created` carries (the sandbox's shape; the real platform's is not public). */
export const PlatformAppointmentCreatedEvent = PlatformAppointment.extend({
  service_name: z.string().optional(),
  amount: z.object({ total: z.number(), currency: z.string() }).partial().optional(),
  pre_pay: z.boolean().optional(),
  post_pay: z.boolean().optional(),
});
export type PlatformAppointmentCreatedEvent = z.infer<typeof PlatformAppointmentCreatedEvent>;
