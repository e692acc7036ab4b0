import "server-only";
import { PlatformAppointmentCreatedEvent, PlatformAppointmentUpdatedEvent } from "@/lib/platform/wire/appointments";
import type { AppointmentEvent } from "@/lib/schemas/desk-events";

/** An appointment event in the desk's words; `null` when the event is not one or does not parse. */
export function toAppointmentEvent(event: string, data: unknown): AppointmentEvent | null {
  const parsed = event === "appointment.created" ? PlatformAppointmentCreatedEvent.safeParse(data) : event === "appointment.updated" ? PlatformAppointmentUpdatedEvent.extend(PlatformAppointmentCreatedEvent.partial().shape).safeParse(data) : null;
  if (!parsed?.success) return null;
  const d = parsed.data as PlatformAppointmentCreatedEvent & { change?: "cancelled" | "rescheduled"; cancel_reason?: string | null };
  return {
    kind: d.change ?? "created",
    appointmentId: d.appointment_id,
    partnerAppointmentId: d.partner_appointment_id ?? null,
    doctorId: d.doctor_id,
    clinicId: d.clinic_id,
    patientId: d.patient_id,
    confId: d.conf_id,
    start: d.start_time,
    end: d.end_time,
    mode: d.mode,
    serviceName: d.service_name ?? null,
    price: d.amount?.total ?? null,
    currency: d.amount?.currency ?? null,
    prePay: d.pre_pay ?? null,
    postPay: d.post_pay ?? null,
    cancelReason: d.cancel_reason ?? null,
  };
}
