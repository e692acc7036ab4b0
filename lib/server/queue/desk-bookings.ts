import "server-only";
import { and, eq } from "drizzle-orm";
import { TIME_ZONE } from "@/lib/i18n/config";
import type { Booking } from "@/lib/schemas/slots";
import { clinicDay } from "@/lib/slots/clinic-time";
import type { Db } from "../db/connect";
import { directoryEntries } from "../db/schema";
import type { StaffPlatform } from "@/lib/platform/client";
import { recordQueueEntry } from "./queue-store";
import type { QueueHub } from "./queue-hub";

export async function clinicTimeZone(db: Db, clinicId: string): Promise<string> {
  const [row] = await db
    .select({ tz: directoryEntries.timeZone })
    .from(directoryEntries)
    .where(and(eq(directoryEntries.kind, "clinic"), eq(directoryEntries.platformId, clinicId)));
  return row?.tz ?? TIME_ZONE;
}

/**
 * Puts a booking made at the desk into today's queue (idempotent, so a replayed booking is safe).
 * The service's name and price come from the doctor's calendar; without it the entry still counts.
 */
export async function queueDeskBooking(db: Db, slots: StaffPlatform["slots"], hub: QueueHub, staffId: string, b: Booking): Promise<void> {
  const timeZone = await clinicTimeZone(db, b.clinicId);
  const day = clinicDay(b.start, timeZone);
  const service = await slots
    .listSlots({ doctorId: b.doctorId, clinicId: b.clinicId, from: day, to: day })
    .then((cal) => cal.services.find((s) => s.confId === b.confId))
    .catch(() => undefined);
  const created = await recordQueueEntry(db, {
    appointmentId: b.appointmentId,
    clinicId: b.clinicId,
    doctorId: b.doctorId,
    start: b.start,
    end: b.end,
    patientId: b.patientId,
    confId: b.confId,
    serviceName: service?.name ?? null,
    mode: b.mode,
    price: service?.finalAmount ?? null,
    currency: service?.currency ?? null,
    prePay: service?.prePay ?? null,
    postPay: service?.postPay ?? null,
    bookedBy: staffId,
    source: "desk",
    timeZone,
  });
  if (created) await hub.publish({ appointmentId: b.appointmentId, clinicId: b.clinicId, day, version: 1, status: "booked" });
}
