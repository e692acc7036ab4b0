import "server-only";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../db/connect";
import { doctorClinicSchedules, queueAppointments } from "../db/schema";
import type { ClinicDirectory } from "@/lib/schemas/clinic-directory";

/** Whether any doctor of the list sees a slot (free or taken) at the clinic on the day; undefined when the platform could not say. */
export type SessionsProbe = (doctorId: string, clinicId: string, day: string) => Promise<boolean | undefined>;

export interface QueueClinicChoice {
  day: string;
  /** The clinic this browser chose last (a cookie): kept while it is in the directory (for a doctor, one they work at). */
  lastUsed?: string | null;
  /** A doctor's own directory id: only their clinics are considered, and only their sessions count. */
  doctorId?: string | null;
}

/**
 * The clinic the queue opens on when the address names none: the one this browser chose last;
 * otherwise the clinic with the most appointments on the day, else the first (directory order) with
 * sessions that day, else the first. A new receptionist's first screen on a Tuesday is then a working clinic, not a closed one.
 */
export async function defaultQueueClinic(db: Db, directory: ClinicDirectory, choice: QueueClinicChoice, probe: SessionsProbe): Promise<string | null> {
  const clinicIds = directory.clinics.map((c) => c.platformId);
  if (clinicIds.length === 0) return null;
  const lastUsed = choice.lastUsed ?? null;
  const doctorIds = choice.doctorId ? [choice.doctorId] : directory.doctors.map((d) => d.platformId);
  // Pairs the platform already said "no schedule" for are skipped without asking again.
  const noSchedule = doctorIds.length
    ? await db
        .select({ doctorId: doctorClinicSchedules.doctorId, clinicId: doctorClinicSchedules.clinicId })
        .from(doctorClinicSchedules)
        .where(and(inArray(doctorClinicSchedules.doctorId, doctorIds), eq(doctorClinicSchedules.hasSchedule, false)))
    : [];
  const skip = new Set(noSchedule.map((r) => `${r.doctorId}|${r.clinicId}`));
  const candidates = choice.doctorId ? clinicIds.filter((c) => !skip.has(`${choice.doctorId}|${c}`)) : clinicIds;
  if (lastUsed && candidates.includes(lastUsed)) return lastUsed;
  // First the clinic with the most appointments that day (directory order between equals): that is
  // where the patients are, even when a clinic listed before it has sessions but nobody booked.
  const booked = candidates.length
    ? await db
        .select({ clinicId: queueAppointments.clinicId, n: sql<number>`count(*)::int` })
        .from(queueAppointments)
        .where(
          and(
            inArray(queueAppointments.clinicId, candidates),
            eq(queueAppointments.day, choice.day),
            ne(queueAppointments.status, "cancelled"),
            ...(choice.doctorId ? [eq(queueAppointments.doctorId, choice.doctorId)] : []),
          ),
        )
        .groupBy(queueAppointments.clinicId)
    : [];
  const busiest = candidates
    .map((id) => ({ id, n: Number(booked.find((b) => b.clinicId === id)?.n ?? 0) }))
    .reduce<{ id: string; n: number } | null>((best, c) => (c.n > 0 && (!best || c.n > best.n) ? c : best), null);
  if (busiest) return busiest.id;
  // Then the first with a session that day.
  for (const clinicId of candidates) {
    const answers = await Promise.all(doctorIds.filter((d) => !skip.has(`${d}|${clinicId}`)).map((d) => probe(d, clinicId, choice.day).catch(() => undefined)));
    if (answers.includes(true)) return clinicId;
  }
  return candidates[0] ?? clinicIds[0]!;
}
