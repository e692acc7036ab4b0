import type { useTranslations } from "use-intl";
import { dayInZone } from "@/lib/schemas/calendar";
import { formatInZone } from "@/lib/schemas/zone-format";
import type { LiveEvent } from "@/lib/schemas/live-events";

type LiveT = ReturnType<typeof useTranslations<"live">>;

const TITLE_KEYS = {
  "appointment.created": "title_appointment_created",
  "appointment.updated": "title_appointment_updated",
  "prescription.created": "title_prescription_created",
  "prescription.updated": "title_prescription_updated",
  "receipt.created": "title_receipt_created",
  "receipt.updated": "title_receipt_updated",
  "user.delete": "title_user_delete",
} as const;

/** "10:30" on the clinic's clock, with the date when it is not today there. */
export function appointmentTime(e: LiveEvent, now = new Date()): string | null {
  if (!e.startsAt) return null;
  // An unknown zone from the directory reads as the browser's own clock rather than failing the card.
  const timeZone = e.clinicTimeZone && knownZone(e.clinicTimeZone) ? e.clinicTimeZone : Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (dayInZone(e.startsAt, timeZone) === dayInZone(now, timeZone)) return formatInZone(e.startsAt, timeZone, "HH:mm");
  return formatInZone(e.startsAt, timeZone, "HH:mm, dd/MM");
}

function knownZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-IN", { timeZone });
    return true;
  } catch {
    return false;
  }
}

export const patientLabel = (e: LiveEvent, t: LiveT) => e.patientName ?? (e.patientId ? t("patientIdOnly", { id: e.patientId }) : "—");
export const doctorLabel = (e: LiveEvent, t: LiveT) => e.doctorName ?? (e.doctorId ? t("doctorIdOnly", { id: e.doctorId }) : "—");

/** What happened, in words: "Appointment booked: Asha Verma with Dr. Arjun Rao at 10:30, Kothrud Health Centre". */
export function eventTitle(e: LiveEvent, t: LiveT, now = new Date()): string {
  const cancelled = e.kind === "appointment.updated" && e.status?.toLowerCase().startsWith("cancel");
  const key = cancelled ? "title_appointment_cancelled" : TITLE_KEYS[e.kind as keyof typeof TITLE_KEYS];
  if (!key) return t("genericEvent", { kind: e.kind });
  return t(key, {
    patient: patientLabel(e, t),
    doctor: doctorLabel(e, t),
    when: appointmentTime(e, now) ?? "none",
    clinic: e.clinicName ?? e.clinicId ?? "none",
  });
}
