import "server-only";
import { DEFAULT_CLINIC_TIME_ZONE } from "@/lib/schemas/clinic-directory";
import { QUEUE_CLINIC_COOKIE } from "@/lib/queue/queue-url";
import { clinicDay } from "@/lib/slots/clinic-time";
import type { StaffSession } from "../auth/session";
import { db as openDb } from "../db";
import { NotFoundError } from "../errors";
import { DoctorNotAtClinicError } from "@/lib/platform/client";
import { services } from "../services";
import { ownDoctorId, readClinicDirectory } from "../slots/clinic-directory";
import { defaultQueueClinic } from "./default-clinic";
import { seedSandboxDay } from "./sandbox-day";
import * as clock from "@/lib/clock";

const PROBE_TIMEOUT_MS = 4000;

export interface QueueStart {
  clinic?: string;
  day?: string;
  doctor?: string;
  /** The signed-in doctor's own id: always offered in the doctor filter, so "All doctors" can be undone. */
  ownDoctor?: string;
}

/**
 * What the queue page opens on. Whatever the address says wins; otherwise a clinic that works that
 * day and, for a doctor, their own queue. In sandbox mode the chosen clinic's day is seeded now, so
 * the first list the page asks for is already there.
 */
export async function queueStart(staff: StaffSession, asked: QueueStart, cookies: { get(name: string): { value: string } | undefined }): Promise<QueueStart> {
  const db = await openDb();
  const platform = (await services()).platform.forStaff(staff);
  const directory = await readClinicDirectory(db, { prefill: platform.demo });
  const own = await ownDoctorId(db, directory, staff);
  const lastUsed = cookies.get(QUEUE_CLINIC_COOKIE)?.value ?? null;
  const clinicZone = (id: string | undefined) => directory.clinics.find((c) => c.platformId === id)?.timeZone ?? DEFAULT_CLINIC_TIME_ZONE;
  const day = asked.day ?? clinicDay(clock.now(), clinicZone(asked.clinic ?? lastUsed ?? directory.clinics[0]?.platformId));
  // Sandbox: every clinic's demo day is there before choosing, so the landing is the clinic with the most patients today.
  if (!asked.clinic && platform.demo) {
    await Promise.all(directory.clinics.map((c) => seedSandboxDay(db, platform, staff, { clinicId: c.platformId, day, timeZone: c.timeZone ?? DEFAULT_CLINIC_TIME_ZONE })));
  }
  const clinic =
    asked.clinic ??
    (await defaultQueueClinic(db, directory, { day, lastUsed, doctorId: own }, async (doctorId, clinicId, onDay) => {
      try {
        const calendar = await platform.slots.listSlots({ doctorId, clinicId, from: onDay, to: onDay }, AbortSignal.timeout(PROBE_TIMEOUT_MS));
        return calendar.slots.length > 0;
      } catch (err) {
        return err instanceof DoctorNotAtClinicError || err instanceof NotFoundError ? false : undefined;
      }
    })) ??
    undefined;
  if (clinic) void seedSandboxDay(db, platform, staff, { clinicId: clinic, day, timeZone: clinicZone(clinic) });
  return { clinic, day: asked.day, doctor: asked.doctor ?? own ?? undefined, ownDoctor: own ?? undefined };
}
