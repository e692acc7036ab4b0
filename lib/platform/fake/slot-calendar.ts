import { createHash } from "node:crypto";
import { addDays, daysInclusive, weekdayOf } from "./days";
import type { DemoClinic, DemoDoctor, DemoService } from "./practice-data";

export interface GeneratedSlot {
  confId: string;
  serviceType: string;
  s: string;
  e: string;
}

const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const pad = (n: number) => String(n).padStart(2, "0");
const clock = (minutes: number) => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}:00`;

/** Every slot of a doctor's weekly blocks at a clinic over an inclusive day range, in the clinic's offset. */
export function generateSlots(doctor: DemoDoctor, clinic: DemoClinic, from: string, to: string): GeneratedSlot[] {
  const blocks = doctor.schedule[clinic.id] ?? [];
  const services = new Map(doctor.services.map((s) => [s.conf_id, s]));
  const out: GeneratedSlot[] = [];
  for (let i = 0, n = daysInclusive(from, to); i < n; i++) {
    const day = addDays(from, i);
    const weekday = weekdayOf(day);
    for (const block of blocks) {
      if (!block.days.includes(weekday)) continue;
      const svc = services.get(block.confId)!;
      for (let t = toMinutes(block.from); t + svc.minutes <= toMinutes(block.to); t += svc.minutes) {
        out.push({
          confId: svc.conf_id,
          serviceType: svc.service_type,
          s: `${day}T${clock(t)}${clinic.offset}`,
          e: `${day}T${clock(t + svc.minutes)}${clinic.offset}`,
        });
      }
    }
  }
  return out.sort((a, b) => (a.s < b.s ? -1 : a.s > b.s ? 1 : a.confId.localeCompare(b.confId)));
}

/** About a third of demo slots are already taken by other patients: a pure function of the seed and the slot. */
export function takenByDemoPatients(seed: string, doctorId: string, clinicId: string, slot: GeneratedSlot): boolean {
  const h = createHash("sha1").update(`${seed}|${doctorId}|${clinicId}|${slot.confId}|${slot.s}`).digest();
  return h[0]! % 100 < 35;
}

export const slotKey = (doctorId: string, clinicId: string, confId: string, startMs: number) => `${doctorId}|${clinicId}|${confId}|${startMs}`;

export function findService(doctor: DemoDoctor, confId: string): DemoService | undefined {
  return doctor.services.find((s) => s.conf_id === confId);
}
