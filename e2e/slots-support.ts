import type { APIRequestContext } from "@playwright/test";
import { SANDBOX_URL } from "./fixtures";
import { registerPerson } from "./deskui-support";

/** A Monday at least two weeks ahead (clinic calendar), so every demo slot in that week is in the future. */
export function futureMonday(weeksAhead = 2): string {
  const d = new Date(Date.now() + weeksAhead * 7 * 86_400_000);
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

export const calendarUrl = (monday: string, doctor = "dr-meera-iyer", clinic = "cl-andheri-west") => `/slots?doctor=${doctor}&clinic=${clinic}&week=${monday}`;

export async function sandboxAppointments(): Promise<{ appointment_id: string; patient_id: string; start_time: string; conf_id: string; partner_appointment_id: string | null }[]> {
  const res = await fetch(`${SANDBOX_URL}/__sandbox/appointments`);
  return ((await res.json()) as { appointments: never[] }).appointments;
}

/** Another desk books the slot behind the page's back. */
export async function takeSlot(slot: { doctor_id: string; clinic_id: string; conf_id: string; start_time: string }) {
  const res = await fetch(`${SANDBOX_URL}/__sandbox/slots/take`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(slot) });
  if (!res.ok) throw new Error(`take slot failed: ${res.status} ${await res.text()}`);
}

/** Registers a patient through the app as the signed-in receptionist; returns the platform id. */
export const registerPatient = (request: APIRequestContext, baseURL: string, firstName: string, lastName: string): Promise<string> =>
  registerPerson(request, baseURL, { designation: "Mrs.", firstName, lastName, gender: "F", dob: "1988-04-12", mobile: "+919812345678" });

export interface DeskSlot {
  confId: string;
  start: string;
  available: boolean;
}

/** The free slots of one service from `from` to `to` (clinic days), as the desk's calendar route answers them. */
export async function freeSlots(request: APIRequestContext, q: { doctorId: string; clinicId: string; confId: string; from: string; to?: string }): Promise<DeskSlot[]> {
  const res = await request.get(`/api/slots?doctorId=${q.doctorId}&clinicId=${q.clinicId}&from=${q.from}&to=${q.to ?? q.from}`);
  if (res.status() !== 200) throw new Error(`slots read failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { slots: DeskSlot[] }).slots.filter((s) => s.available && s.confId === q.confId);
}

/** Books a slot in clinic through the desk as the signed-in receptionist; returns the appointment id. */
export async function bookSlot(request: APIRequestContext, baseURL: string, b: { doctorId: string; clinicId: string; patientId: string; slot: DeskSlot }): Promise<string> {
  const res = await request.post("/api/slots/bookings", {
    headers: { origin: baseURL },
    data: { idempotencyKey: crypto.randomUUID(), doctorId: b.doctorId, clinicId: b.clinicId, patientId: b.patientId, confId: b.slot.confId, start: b.slot.start, mode: "in_clinic" },
  });
  if (res.status() !== 201) throw new Error(`booking failed: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { appointmentId: string }).appointmentId;
}
