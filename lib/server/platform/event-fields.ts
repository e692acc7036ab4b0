import "server-only";

/** The fields of a stored platform event the desk reads, in its own names; values are untrusted and not yet cut. */
export interface PlatformEventFields {
  appointmentId: unknown;
  doctorId: unknown;
  patientId: unknown;
  clinicId: unknown;
  startsAt: unknown;
  serviceName: unknown;
  status: unknown;
  video: { hostLink: unknown; meetLink: unknown; vendor: unknown } | null;
}

const obj = (v: unknown): Record<string, unknown> => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});

/**
 * Reads any event kind leniently rather than through DoctorJoinedBody: unknown kinds keep the fields
 * they share with known ones, and an unsafe link is still shown to the desk as text to warn about.
 */
export function platformEventFields(payload: unknown): PlatformEventFields {
  const body = obj(payload);
  const data = obj(body.data);
  const video = obj(data.video_connect);
  return {
    appointmentId: typeof data.appointment_id === "string" && data.appointment_id.trim() ? data.appointment_id : body.transaction_id,
    doctorId: data.doctor_id,
    patientId: data.patient_id,
    clinicId: data.clinic_id,
    startsAt: data.start_time,
    serviceName: data.service_name,
    status: data.status,
    video: Object.keys(video).length > 0 ? { hostLink: video.host_link, meetLink: video.meet_link, vendor: video.vendor } : null,
  };
}
