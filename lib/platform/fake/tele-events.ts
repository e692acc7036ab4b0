import { randomBytes, randomUUID } from "node:crypto";
import type { SandboxEmitRequest } from "../wire/webhooks";
import { DOCTOR_JOINED } from "../wire/webhook-names";
import { DEMO_DOCTORS } from "./practice-data";

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;
const str = (v: unknown, fallback: string) => (typeof v === "string" && v.trim() ? v.trim() : fallback);

/** Video links shaped like a real Jitsi room: the host link carries the doctor's name, the patient link does not. */
export function videoConnect(appointmentId: string, doctorName: string) {
  const room = `ClinicFrontDesk-${appointmentId.replace(/[^A-Za-z0-9]/g, "")}-${randomBytes(4).toString("hex")}`;
  const meet = `https://meet.jit.si/${room}`;
  return {
    host_link: `${meet}#userInfo.displayName=${encodeURIComponent(JSON.stringify(doctorName))}&config.prejoinConfig.enabled=false`,
    meet_link: meet,
    vendor: "jitsi",
  };
}

/** A full spec 6.2 body for any event kind; `data` overrides the generated fields. */
export function sandboxEventBody(req: SandboxEmitRequest, defaultClientId: string, nowMs: number): Record<string, unknown> {
  const now = Math.floor(nowMs / 1000);
  const given = req.data ?? {};
  const doctor = pick(DEMO_DOCTORS);
  const appointmentId = str(given.appointment_id, `apt-${randomUUID().slice(0, 8)}`);
  const data: Record<string, unknown> = {
    appointment_id: appointmentId,
    doctor_id: str(given.doctor_id, doctor.id),
    patient_id: str(given.patient_id, `pt-${randomUUID().slice(0, 8)}`),
    // The same demo practice as the slot calendar, so the desk's directory names the doctor and clinic.
    clinic_id: str(given.clinic_id, pick(Object.keys(doctor.schedule))),
    ...given,
  };
  if (req.event === DOCTOR_JOINED && typeof given.video_connect !== "object") {
    const name = DEMO_DOCTORS.find((d) => d.id === data.doctor_id)?.name ?? "Doctor";
    data.video_connect = videoConnect(appointmentId, name);
  }
  return {
    service: req.event.split(".")[0],
    event: req.event,
    transaction_id: str(given.transaction_id, `txn-${randomUUID()}`),
    event_time: now,
    timestamp: now,
    business_id: req.business_id ?? "sandbox-business",
    client_id: req.client_id ?? defaultClientId,
    data,
  };
}
