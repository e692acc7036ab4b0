import "server-only";
import { finalAmount, PlatformBookingResponse, PlatformSlotResponse, type PlatformService } from "@/lib/platform/wire/slots";
import { splitIntoWindows, type Booking, type Slot, type SlotCalendar, type SlotRangeQuery, type SlotService } from "@/lib/schemas/slots";
import { AppError, ConflictError, NotFoundError, oneClassPerProcess, PlatformRejectedError, ValidationError } from "../../server/errors";
import type { PlatformHttp } from "./http";

export function toSlotService(s: PlatformService): SlotService {
  return {
    confId: s.conf_id,
    serviceId: s.service_id,
    name: s.service_name,
    appointmentType: s.appointment_type,
    modes: s.mode,
    currency: s.currency,
    price: s.price,
    convenienceFee: s.conv_fee,
    discount: s.discount,
    finalAmount: finalAmount(s),
    prePay: s.pre_pay,
    postPay: s.post_pay,
    patientBookable: s.allow_patient_booking,
  };
}

const DR_NOT_FOUND: Record<string, string> = {
  DOCTOR_NOT_FOUND: "The platform does not know this doctor. Check the doctor's platform id under Settings → Clinics.",
  CLINIC_NOT_FOUND: "The platform does not know this clinic. Check the clinic's platform id under Settings → Clinics.",
  DOCTOR_NOT_AT_CLINIC: "This doctor has no schedule at this clinic. Pick another clinic.",
  SLOT_NOT_FOUND: "This slot no longer exists in the doctor's schedule. The calendar has been refreshed.",
  SERVICE_NOT_FOUND: "The doctor no longer offers this service.",
};

/**
 * The doctor has no schedule at the clinic asked about: the desk learns from it which clinics to
 * offer. Routes check for it by class, so it exists once per process like the classes it extends.
 */
export const DoctorNotAtClinicError = oneClassPerProcess(
  "DoctorNotAtClinicError",
  () =>
    class DoctorNotAtClinicError extends AppError {
      constructor() {
        super(404, "Not found", DR_NOT_FOUND.DOCTOR_NOT_AT_CLINIC, { code: "doctor_not_at_clinic" });
      }
    },
);
export type DoctorNotAtClinicError = InstanceType<typeof DoctorNotAtClinicError>;

/** Platform refusals in the clinic's words; anything unexpected keeps the platform's own message. */
function humane(err: unknown): never {
  if (!(err instanceof PlatformRejectedError)) throw err;
  const code = err.platformCode.toUpperCase();
  if (err.status === 404 && code === "DOCTOR_NOT_AT_CLINIC") throw new DoctorNotAtClinicError();
  if (err.status === 404) throw new NotFoundError(DR_NOT_FOUND[code] ?? err.detail);
  if (err.status === 409 && code === "SLOT_NOT_AVAILABLE") throw new ConflictError("Someone booked this slot a moment ago. The calendar now shows what is still free.", "slot_taken");
  if (code === "INVALID_MODE") throw new ValidationError({ mode: "This service is not offered in that mode." });
  throw err;
}

function mergeWindows(q: SlotRangeQuery, answers: PlatformSlotResponse[]): SlotCalendar {
  const services = new Map<string, SlotService>();
  const slots = new Map<string, Slot>();
  for (const answer of answers) {
    for (const s of Object.values(answer.data.services)) services.set(s.conf_id, toSlotService(s));
    // The key is the clinic id (platform notes); should another key appear, its slots still count.
    const groups = answer.data.schedule[q.clinicId] ?? Object.values(answer.data.schedule).flat();
    for (const g of groups) {
      for (const s of g.slots) slots.set(`${s.conf_id}|${Date.parse(s.s)}`, { confId: s.conf_id, serviceType: g.service_type, start: s.s, end: s.e, available: s.available });
    }
  }
  const sorted = [...slots.values()].sort((a, b) => Date.parse(a.start) - Date.parse(b.start) || a.confId.localeCompare(b.confId));
  return { doctorId: q.doctorId, clinicId: q.clinicId, from: q.from, to: q.to, services: [...services.values()], slots: sorted };
}

/** Slot listing (spec 4.8, windows of ≤ 10 days) and booking (`POST /dr/v1/appointment`). */
export function slotsApi(http: PlatformHttp) {
  const slotPath = (doctorId: string, clinicId: string) => `/dr/v1/doctor/${encodeURIComponent(doctorId)}/clinic/${encodeURIComponent(clinicId)}/appointment/slot`;
  return {
    async listSlots(q: SlotRangeQuery, signal?: AbortSignal): Promise<SlotCalendar> {
      const answers = await Promise.all(
        splitIntoWindows(q.from, q.to).map((w) =>
          http({
            method: "GET",
            path: slotPath(q.doctorId, q.clinicId),
            auth: "business",
            query: { start_date: `${w.from}T00:00:00.000Z`, end_date: `${w.to}T23:59:59.000Z` },
            schema: PlatformSlotResponse,
            signal,
          }).catch(humane),
        ),
      );
      return mergeWindows(q, answers);
    },

    async bookSlot(input: { doctorId: string; clinicId: string; patientId: string; confId: string; start: string; mode: string; partnerAppointmentId: string }): Promise<Booking> {
      const raw = await http({
        method: "POST",
        path: "/dr/v1/appointment",
        auth: "business",
        body: {
          doctor_id: input.doctorId,
          clinic_id: input.clinicId,
          patient_id: input.patientId,
          conf_id: input.confId,
          start_time: input.start,
          mode: input.mode,
          partner_appointment_id: input.partnerAppointmentId,
        },
        schema: PlatformBookingResponse,
      }).catch(humane);
      const d = raw.data;
      return {
        appointmentId: d.appointment_id,
        doctorId: d.doctor_id,
        clinicId: d.clinic_id,
        patientId: d.patient_id,
        confId: d.conf_id,
        start: d.start_time,
        end: d.end_time,
        mode: d.mode,
        status: d.status,
      };
    },
  };
}
