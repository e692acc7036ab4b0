import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/connect";
import { directoryEntries } from "../db/schema";
import { roomsOnDay } from "../counter-settings/doctor-rooms";
import { clinicTimeZone } from "./desk-bookings";
import { readQueueEntry } from "./queue-store";
import { statusLinkFor } from "./visit-status";

/** What a printed slip, A5 page or OPD card shows for one visit. */
export interface VisitSlip {
  appointmentId: string;
  clinicName: string;
  doctorName: string;
  /** The doctor's room that day (Settings → Rooms); null leaves the line out. */
  room: string | null;
  tokenLabel: string | null;
  patientName: string;
  uhid: string | null;
  /** DD/MM/YYYY HH:mm in the clinic's time zone: the arrival (else the slot). */
  time: string;
  /** The patient's status page (null before a token: nothing to follow yet). */
  statusUrl: string | null;
}

/** DD/MM/YYYY HH:mm of an instant in a time zone, whatever the server's own zone. */
export function slipTime(at: Date | string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit" })
      .formatToParts(new Date(at))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}/${parts.month}/${parts.year} ${parts.hour}:${parts.minute}`;
}

/** A visit's slip from the desk's own records (works while the platform is down); null for an unknown visit. */
export async function readVisitSlip(db: Db, appointmentId: string, o: { secret: string; appUrl: string }): Promise<VisitSlip | null> {
  const entry = await readQueueEntry(db, appointmentId);
  if (!entry) return null;
  const [[clinic], timeZone] = await Promise.all([
    db.select({ name: directoryEntries.displayName }).from(directoryEntries).where(and(eq(directoryEntries.kind, "clinic"), eq(directoryEntries.platformId, entry.clinicId))),
    clinicTimeZone(db, entry.clinicId),
  ]);
  const [link, rooms] = await Promise.all([
    entry.tokenLabel ? statusLinkFor(db, o.secret, appointmentId) : null,
    roomsOnDay(db, entry.clinicId, entry.day, [entry.doctorId]),
  ]);
  return {
    appointmentId,
    clinicName: clinic?.name ?? entry.clinicId,
    doctorName: entry.doctorName,
    room: rooms.get(entry.doctorId) ?? null,
    tokenLabel: entry.tokenLabel,
    patientName: entry.patient?.name ?? entry.patientLabel ?? "—",
    uhid: entry.patient?.uhid ?? null,
    time: slipTime(entry.arrivedAt ?? entry.start, timeZone),
    statusUrl: link ? `${o.appUrl}/status/${link.token}` : null,
  };
}
