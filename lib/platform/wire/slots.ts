import { z } from "zod";
import { platformText, storableText } from "../../schemas/storable-text";

/** The platform's slot listing and booking (spec 2.4): its field names change here and in lib/platform/client/slots.ts only. */

export const PlatformSlot = z.object({
  available: z.boolean(),
  conf_id: z.string(),
  s: z.string(),
  e: z.string(),
});
export const PlatformServiceGroup = z.object({ service_type: z.string(), slots: z.array(PlatformSlot) });
export const PlatformService = z.object({
  allow_patient_booking: z.boolean(),
  appointment_type: z.string(),
  conf_id: z.string(),
  conv_fee: z.number(),
  currency: z.string(),
  discount: z.number(),
  mode: z.array(z.string()),
  owner_id: z.string(),
  post_pay: z.boolean(),
  pre_pay: z.boolean(),
  price: z.number(),
  service_id: z.number().int(),
  service_name: z.string(),
});
export type PlatformService = z.infer<typeof PlatformService>;
export const PlatformSlotResponse = z.object({
  data: z.object({
    schedule: z.record(z.string(), z.array(PlatformServiceGroup)),
    services: z.record(z.string(), PlatformService),
  }),
  // The spec types `success` as a string; some answers carry a boolean.
  success: z.union([z.string(), z.boolean()]),
  status_code: z.number().int(),
});
export type PlatformSlotResponse = z.infer<typeof PlatformSlotResponse>;

/** Booking request of `POST /dr/v1/appointment` (outside the spec; production platform). */
export const PlatformBookingRequest = z.object({
  doctor_id: z.string().min(1),
  clinic_id: z.string().min(1),
  patient_id: z.string().min(1),
  conf_id: z.string().min(1),
  start_time: z.string().min(1),
  mode: z.string().min(1),
  /** The partner's own id for the booking; a repeat with the same id returns the first booking. */
  partner_appointment_id: z.string().min(1).max(100).optional(),
});
export type PlatformBookingRequest = z.infer<typeof PlatformBookingRequest>;

// The desk keeps the answer (slot_bookings.booking): the appointment id is refused when unstorable
// (a changed id would name another booking); the rest is text the platform sent, stripped.
export const PlatformBookingResponse = z.object({
  data: z.object({
    appointment_id: storableText(),
    partner_appointment_id: platformText().nullable().optional(),
    doctor_id: platformText(),
    clinic_id: platformText(),
    patient_id: platformText(),
    conf_id: platformText(),
    start_time: platformText(),
    end_time: platformText(),
    mode: platformText(),
    status: platformText(),
  }),
  success: z.union([z.string(), z.boolean()]),
  status_code: z.number().int(),
});
export type PlatformBookingResponse = z.infer<typeof PlatformBookingResponse>;

/** What the patient pays for a service: price + convenience fee − discount, never below zero. */
export function finalAmount(s: { price: number; conv_fee: number; discount: number }): number {
  return Math.max(0, Math.round((s.price + s.conv_fee - s.discount) * 100) / 100);
}
