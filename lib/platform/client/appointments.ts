import "server-only";
import { cancelPath, PlatformAppointmentResponse, reschedulePath, type PlatformAppointment } from "@/lib/platform/wire/appointments";
import { ConflictError, NotFoundError, PlatformRejectedError } from "../../server/errors";
import type { PlatformHttp } from "./http";
import { slotsApi } from "./slots";

/** A booked appointment as the desk sees it after the platform changed it. */
export interface PlatformAppointmentState {
  appointmentId: string;
  doctorId: string;
  clinicId: string;
  patientId: string;
  confId: string;
  start: string;
  end: string;
  mode: string;
  status: string;
}

const toState = (a: PlatformAppointment): PlatformAppointmentState => ({
  appointmentId: a.appointment_id,
  doctorId: a.doctor_id,
  clinicId: a.clinic_id,
  patientId: a.patient_id,
  confId: a.conf_id,
  start: a.start_time,
  end: a.end_time,
  mode: a.mode,
  status: a.status,
});

function humane(err: unknown): never {
  if (!(err instanceof PlatformRejectedError)) throw err;
  const code = err.platformCode.toUpperCase();
  if (code === "APPOINTMENT_NOT_FOUND") throw new NotFoundError("The platform does not know this appointment any more.");
  if (code === "APPOINTMENT_NOT_ACTIVE") throw new ConflictError("The platform says this appointment was already cancelled.", "appointment_not_active");
  if (code === "SLOT_NOT_AVAILABLE") throw new ConflictError("Someone took that slot a moment ago. Pick another free slot.", "slot_taken");
  if (code === "SLOT_NOT_FOUND") throw new NotFoundError("That slot is not in the doctor's schedule any more. Pick another.");
  throw err;
}

/**
 * Every platform call about a booked appointment — book, cancel, reschedule — in one module:
 * the platform documents none beyond booking, so a real platform's paths change here only.
 */
export function appointmentsApi(http: PlatformHttp) {
  return {
    book: slotsApi(http).bookSlot,

    async cancel(appointmentId: string, reason: string): Promise<PlatformAppointmentState> {
      const raw = await http({ method: "POST", path: cancelPath(appointmentId), auth: "business", body: { reason }, schema: PlatformAppointmentResponse }).catch(humane);
      return toState(raw.data);
    },

    async reschedule(appointmentId: string, to: { confId: string; start: string }): Promise<PlatformAppointmentState> {
      const raw = await http({
        method: "POST",
        path: reschedulePath(appointmentId),
        auth: "business",
        body: { conf_id: to.confId, start_time: to.start },
        schema: PlatformAppointmentResponse,
      }).catch(humane);
      return toState(raw.data);
    },
  };
}
