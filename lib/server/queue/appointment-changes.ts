import "server-only";
import type { QueueStatus } from "@/lib/queue/status-moves";
import type { Db } from "../db/connect";
import { AppError, ConflictError, PlatformUnavailableError } from "../errors";
import type { StaffPlatform } from "@/lib/platform/client";
import { clinicTimeZone } from "./desk-bookings";
import type { QueueHub } from "./queue-hub";
import { changeStatus, checkMove, linkQueuePatient, loadRow, moveQueueEntry, staleVersion, STATUS_WORDS, undoLastChange, type Changed } from "./queue-store";

type Appointments = StaffPlatform["appointments"];

const announce = (hub: QueueHub, c: Changed) => hub.publish({ appointmentId: c.row.appointmentId, clinicId: c.row.clinicId, day: c.row.day, version: c.row.version, status: c.row.status });

/** The platform did not answer: nothing changed on either side, and the desk may simply retry. */
function platformDown(err: unknown, status: QueueStatus, what: string): never {
  if (err instanceof AppError && (err.status === 502 || err.status === 504)) {
    throw new PlatformUnavailableError(`The platform did not answer, so the appointment was not ${what}; it is still ${STATUS_WORDS[status]}. Try again in a moment.`, "platform_unavailable");
  }
  throw err;
}

/** A desk-only move (check-in, consultation, done, no-show), announced to every desk. */
export async function moveInQueue(db: Db, hub: QueueHub, m: { appointmentId: string; to: QueueStatus; version: number; staffId: string; tokenFormat?: string }): Promise<Changed> {
  const changed = await changeStatus(db, m);
  await announce(hub, changed);
  return changed;
}

/** Links an unknown patient of a platform appointment to a desk patient, announced to every desk. */
export async function linkPatientInQueue(db: Db, hub: QueueHub, l: { appointmentId: string; version: number; patientId: string; staffId: string }) {
  const linked = await linkQueuePatient(db, l);
  await announce(hub, linked);
  return linked;
}

export async function undoInQueue(db: Db, hub: QueueHub, u: { appointmentId: string; version: number; staffId: string }): Promise<Changed> {
  const changed = await undoLastChange(db, u);
  await announce(hub, changed);
  return changed;
}

/** The platform's change stands; if another desk moved the row meanwhile, apply ours on top of theirs. */
async function onTopOfLatest(db: Db, version: number, appointmentId: string, write: (version: number) => Promise<Changed>): Promise<Changed> {
  try {
    return await write(version);
  } catch (err) {
    if (!(err instanceof AppError && err.extra.code === "appointment_changed")) throw err;
    return write((await loadRow(db, appointmentId)).version);
  }
}

/**
 * Cancels on the platform (which frees the slot) and then in the queue. Everything the desk can
 * refuse is checked first, so the platform is called only for a cancel the desk will record.
 */
export async function cancelInQueue(db: Db, platform: Appointments, hub: QueueHub, c: { appointmentId: string; version: number; reason: string; staffId: string }): Promise<Changed> {
  const row = await checkMove(db, { ...c, to: "cancelled" });
  // A walk-in is the desk's own visit: the platform never had it, so there is nothing to free there.
  if (row.source !== "walk_in") await platform.cancel(c.appointmentId, c.reason.trim()).catch((err: unknown) => platformDown(err, row.status, "cancelled"));
  const changed = await onTopOfLatest(db, c.version, c.appointmentId, (version) => changeStatus(db, { ...c, version, to: "cancelled" }));
  await announce(hub, changed);
  return changed;
}

/** Moves a booked appointment to another slot on the platform, then in the queue. */
export async function rescheduleInQueue(
  db: Db,
  platform: Appointments,
  hub: QueueHub,
  r: { appointmentId: string; version: number; confId: string; start: string; staffId: string },
): Promise<Changed> {
  const row = await loadRow(db, r.appointmentId);
  if (row.version !== r.version) throw await staleVersion(db, row);
  if (row.status !== "booked") throw new ConflictError(`This appointment is ${STATUS_WORDS[row.status]}; only a booked appointment can be rescheduled.`, "status_not_allowed");
  const moved = await platform.reschedule(r.appointmentId, { confId: r.confId, start: r.start }).catch((err: unknown) => platformDown(err, row.status, "moved"));
  const timeZone = await clinicTimeZone(db, row.clinicId);
  const changed = await onTopOfLatest(db, r.version, r.appointmentId, (version) =>
    moveQueueEntry(db, { appointmentId: r.appointmentId, version, start: moved.start, end: moved.end, confId: moved.confId, timeZone, staffId: r.staffId }),
  );
  await announce(hub, changed);
  // Desks showing the old day drop it too.
  if (changed.row.day !== row.day) await hub.publish({ appointmentId: row.appointmentId, clinicId: row.clinicId, day: row.day, version: changed.row.version, status: changed.row.status });
  return changed;
}
