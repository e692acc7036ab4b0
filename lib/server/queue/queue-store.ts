import "server-only";
import { and, asc, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { moveRefusal, UNDO_WINDOW_MS, UNDOABLE_MOVES, type QueueStatus } from "@/lib/queue/status-moves";
import type { QueueEntry } from "@/lib/schemas/queue";
import { formatInZone } from "@/lib/schemas/zone-format";
import { clinicDay, displayDay } from "@/lib/slots/clinic-time";
import { TIME_ZONE } from "@/lib/i18n/config";
import type { Db } from "../db/connect";
import { directoryEntries, queueAppointments, queueStatusHistory, staff } from "../db/schema";
import { AppError, ConflictError, NotFoundError, ValidationError } from "../errors";
import { billingStates } from "../billing/billing";
import { summariesByIds } from "../patients/patient-index";
import * as clock from "@/lib/clock";
import { issueToken } from "./token-issue";

type Row = typeof queueAppointments.$inferSelect;

export const STATUS_WORDS: Record<QueueStatus, string> = {
  booked: "booked",
  checked_in: "checked in",
  in_consultation: "in consultation",
  done: "done",
  no_show: "no-show",
  cancelled: "cancelled",
};

export interface NewQueueEntry {
  appointmentId: string;
  clinicId: string;
  doctorId: string;
  start: string;
  end?: string | null;
  patientId: string;
  patientLabel?: string | null;
  confId: string;
  serviceName?: string | null;
  mode: string;
  price?: number | null;
  currency?: string | null;
  prePay?: boolean | null;
  postPay?: boolean | null;
  bookedBy?: string | null;
  source: Row["source"];
  status?: QueueStatus;
  arrivedAt?: Date | null;
  timeZone: string;
}

/** Adds a booked appointment to the desk's queue; a second call for the same appointment changes nothing. */
export async function recordQueueEntry(db: Db, e: NewQueueEntry): Promise<boolean> {
  const status = e.status ?? "booked";
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(queueAppointments)
      .values({
        appointmentId: e.appointmentId,
        clinicId: e.clinicId,
        doctorId: e.doctorId,
        day: clinicDay(e.start, e.timeZone),
        startAt: new Date(e.start),
        endAt: e.end ? new Date(e.end) : null,
        patientId: e.patientId,
        patientLabel: e.patientLabel ?? null,
        confId: e.confId,
        serviceName: e.serviceName ?? null,
        mode: e.mode,
        price: e.price ?? null,
        currency: e.currency ?? null,
        prePay: e.prePay ?? null,
        postPay: e.postPay ?? null,
        bookedBy: e.bookedBy ?? null,
        source: e.source,
        status,
        arrivedAt: e.arrivedAt ?? null,
        statusChangedBy: e.bookedBy ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: queueAppointments.appointmentId });
    if (!inserted.length) return false;
    await tx.insert(queueStatusHistory).values({ appointmentId: e.appointmentId, fromStatus: null, toStatus: status, version: 1, staffId: e.bookedBy ?? null });
    return true;
  });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The day's appointments of one clinic, in time order, with the desk's patients and staff names filled in. */
export async function readQueueDay(db: Db, q: { clinicId: string; day: string }, now = clock.now()): Promise<QueueEntry[]> {
  const rows = await db
    .select()
    .from(queueAppointments)
    .where(and(eq(queueAppointments.clinicId, q.clinicId), eq(queueAppointments.day, q.day)))
    .orderBy(asc(queueAppointments.startAt), asc(queueAppointments.doctorId));
  return toEntries(db, rows, now);
}

/** A patient's appointments the desk knows, newest first. */
export async function readPatientAppointments(db: Db, patientId: string, limit = 50, now = clock.now()): Promise<QueueEntry[]> {
  const rows = await db.select().from(queueAppointments).where(eq(queueAppointments.patientId, patientId)).orderBy(desc(queueAppointments.startAt)).limit(limit);
  return toEntries(db, rows, now);
}

/** Who holds a slot, if the desk knows: the appointment of that doctor and clinic starting then, not cancelled. */
export async function readAppointmentAtSlot(db: Db, q: { doctorId: string; clinicId: string; start: string }, now = clock.now()): Promise<QueueEntry | null> {
  const rows = await db
    .select()
    .from(queueAppointments)
    .where(and(eq(queueAppointments.doctorId, q.doctorId), eq(queueAppointments.clinicId, q.clinicId), eq(queueAppointments.startAt, new Date(q.start)), ne(queueAppointments.status, "cancelled")))
    .limit(1);
  return (await toEntries(db, rows, now))[0] ?? null;
}

export async function readQueueEntry(db: Db, appointmentId: string, now = clock.now()): Promise<QueueEntry | null> {
  const rows = await db.select().from(queueAppointments).where(eq(queueAppointments.appointmentId, appointmentId));
  return (await toEntries(db, rows, now))[0] ?? null;
}

async function toEntries(db: Db, rows: Row[], now: number): Promise<QueueEntry[]> {
  if (!rows.length) return [];
  const staffIds = [...new Set(rows.flatMap((r) => [r.bookedBy, r.statusChangedBy]).filter((x): x is string => !!x))];
  const doctorIds = [...new Set(rows.map((r) => r.doctorId))];
  const [patients, people, doctors, money] = await Promise.all([
    summariesByIds(db, rows.map((r) => r.patientId)),
    staffIds.length ? db.select({ id: staff.id, name: staff.name }).from(staff).where(inArray(staff.id, staffIds)) : [],
    db
      .select({ id: directoryEntries.platformId, name: directoryEntries.displayName })
      .from(directoryEntries)
      .where(and(eq(directoryEntries.kind, "doctor"), inArray(directoryEntries.platformId, doctorIds))),
    billingStates(db, rows),
  ]);
  const staffName = new Map(people.map((p) => [p.id, p.name]));
  const doctorName = new Map(doctors.map((d) => [d.id, d.name]));
  return rows.map((r) => {
    const undoEnds = r.statusChangedAt.getTime() + UNDO_WINDOW_MS;
    return {
      appointmentId: r.appointmentId,
      clinicId: r.clinicId,
      doctorId: r.doctorId,
      doctorName: doctorName.get(r.doctorId) ?? r.doctorId,
      day: r.day,
      start: r.startAt.toISOString(),
      end: iso(r.endAt),
      patient: patients.get(r.patientId) ?? null,
      patientId: r.patientId,
      patientLabel: r.patientLabel,
      confId: r.confId,
      serviceName: r.serviceName,
      mode: r.mode,
      price: r.price,
      currency: r.currency,
      prePay: r.prePay,
      postPay: r.postPay,
      bookedBy: r.bookedBy ? (staffName.get(r.bookedBy) ?? null) : r.source === "platform" ? "platform" : null,
      source: r.source,
      status: r.status,
      version: r.version,
      arrivedAt: iso(r.arrivedAt),
      cancelReason: r.cancelReason,
      statusChangedAt: r.statusChangedAt.toISOString(),
      statusChangedBy: r.statusChangedBy ? (staffName.get(r.statusChangedBy) ?? null) : null,
      undoUntil: r.undoable && undoEnds > now ? new Date(undoEnds).toISOString() : null,
      tokenNumber: r.tokenNumber,
      tokenLabel: r.tokenLabel,
      priority: r.priority,
      calledAt: iso(r.calledAt),
      callCount: r.callCount,
      skippedAtCall: r.skippedAtCall,
      billing: money.get(r.appointmentId) ?? null,
    };
  });
}

export async function loadRow(db: Db, appointmentId: string): Promise<Row> {
  const [row] = await db.select().from(queueAppointments).where(eq(queueAppointments.appointmentId, appointmentId));
  if (!row) throw new NotFoundError("This appointment is not in the desk's queue.");
  return row;
}

async function whoChanged(db: Db, row: Row): Promise<string> {
  if (!row.statusChangedBy) return "";
  const [p] = await db.select({ name: staff.name }).from(staff).where(eq(staff.id, row.statusChangedBy));
  return p ? ` by ${p.name}` : "";
}

/** The desk saw an older version: say what happened instead of overwriting it. */
export async function staleVersion(db: Db, row: Row): Promise<ConflictError> {
  const at = formatInZone(row.statusChangedAt, "UTC", "HH:mm");
  return new ConflictError(
    `Another desk changed this appointment first: it is now ${STATUS_WORDS[row.status]}${await whoChanged(db, row)} (${at} UTC). Your change was not applied; the list has been refreshed.`,
    "appointment_changed",
  );
}

export interface StatusChange {
  appointmentId: string;
  to: QueueStatus;
  version: number;
  reason?: string | null;
  staffId: string | null;
  now?: number;
  /** The configured token format (OPD_TOKEN_FORMAT); a check-in issues the visit's token in it. */
  tokenFormat?: string;
}

export interface Changed {
  row: Row;
  from: QueueStatus;
  historyId: number;
}

/** Checks a move against the table and the version the desk saw, without writing anything. */
export async function checkMove(db: Db, c: StatusChange): Promise<Row> {
  // The row and its clinic's time zone from the desk's directory (India's when the clinic is not in it), in one
  // query: (kind, platform id) is the directory's key, so the join adds at most one row.
  const [found] = await db
    .select({ row: queueAppointments, timeZone: directoryEntries.timeZone })
    .from(queueAppointments)
    .leftJoin(directoryEntries, and(eq(directoryEntries.kind, "clinic"), eq(directoryEntries.platformId, queueAppointments.clinicId)))
    .where(eq(queueAppointments.appointmentId, c.appointmentId));
  if (!found) throw new NotFoundError("This appointment is not in the desk's queue.");
  const row = found.row;
  if (row.version !== c.version) throw await staleVersion(db, row);
  const at = c.now ?? clock.now();
  const today = clinicDay(at, found.timeZone || TIME_ZONE);
  const refusal = moveRefusal(row.status, c.to, { slotStart: row.startAt, now: at, reason: c.reason, day: row.day, today });
  if (refusal === "not_allowed") throw new ConflictError(`This appointment is ${STATUS_WORDS[row.status]}; it cannot be marked ${STATUS_WORDS[c.to]}.`, "status_not_allowed");
  if (refusal === "not_today") {
    throw new ConflictError(
      `This appointment is on ${displayDay(row.day)} and today is ${displayDay(today)} at the clinic: only today's patients can be checked in, called in or marked a no-show.`,
      "not_today",
    );
  }
  if (refusal === "before_start") throw new ConflictError(`This appointment is ${STATUS_WORDS[row.status]} and its slot has not started yet; mark a no-show only after the start time.`, "too_early_for_no_show");
  if (refusal === "reason_required") throw new ValidationError({ reason: "Say why the appointment is cancelled." }, "A reason is required to cancel.");
  return row;
}

/** Moves an appointment to another status if the table allows it and nobody changed it meanwhile. */
export async function changeStatus(db: Db, c: StatusChange): Promise<Changed> {
  const before = await checkMove(db, c);
  const now = new Date(c.now ?? clock.now());
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(queueAppointments)
      .set({
        status: c.to,
        version: sql`${queueAppointments.version} + 1`,
        statusChangedAt: now,
        statusChangedBy: c.staffId,
        undoable: UNDOABLE_MOVES.includes(c.to),
        ...(c.to === "checked_in" ? { arrivedAt: now } : {}),
        ...(c.to === "in_consultation" ? { calledAt: now, callCount: sql`${queueAppointments.callCount} + 1`, skippedAtCall: null } : {}),
        ...(c.to === "cancelled" ? { cancelReason: c.reason?.trim() ?? null } : {}),
      })
      .where(and(eq(queueAppointments.appointmentId, c.appointmentId), eq(queueAppointments.version, c.version)))
      .returning();
    if (!row) throw await staleVersion(tx as unknown as Db, await loadRow(tx as unknown as Db, c.appointmentId));
    // Arrival issues the visit's token, once: a check-in undone and done again keeps the first one.
    if (c.to === "checked_in" && row.tokenNumber === null) {
      const token = await issueToken(tx, { clinicId: row.clinicId, doctorId: row.doctorId, day: row.day, format: c.tokenFormat, at: now });
      row.tokenNumber = token.number;
      row.tokenLabel = token.label;
      row.tokenIssuedAt = now;
      await tx.update(queueAppointments).set({ tokenNumber: token.number, tokenLabel: token.label, tokenIssuedAt: now }).where(eq(queueAppointments.appointmentId, row.appointmentId));
    }
    const [h] = await tx
      .insert(queueStatusHistory)
      .values({ appointmentId: row.appointmentId, fromStatus: before.status, toStatus: c.to, version: row.version, staffId: c.staffId, reason: c.reason?.trim() || null, at: now })
      .returning({ id: queueStatusHistory.id });
    return { row, from: before.status, historyId: h!.id };
  });
}

/** Takes back the last forward move within the undo window, as a change of its own. */
export async function undoLastChange(db: Db, u: { appointmentId: string; version: number; staffId: string | null; now?: number }): Promise<Changed> {
  const now = new Date(u.now ?? clock.now());
  const row = await loadRow(db, u.appointmentId);
  if (row.version !== u.version) throw await staleVersion(db, row);
  const [last] = await db.select().from(queueStatusHistory).where(eq(queueStatusHistory.appointmentId, u.appointmentId)).orderBy(desc(queueStatusHistory.id)).limit(1);
  if (!row.undoable || !last?.fromStatus || last.undoOf !== null || now.getTime() - row.statusChangedAt.getTime() > UNDO_WINDOW_MS) {
    throw new ConflictError(`This appointment is ${STATUS_WORDS[row.status]}; its last change can no longer be undone.`, "undo_expired");
  }
  const back = last.fromStatus as QueueStatus;
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(queueAppointments)
      .set({
        status: back,
        version: sql`${queueAppointments.version} + 1`,
        statusChangedAt: now,
        statusChangedBy: u.staffId,
        undoable: false,
        ...(row.status === "checked_in" ? { arrivedAt: null } : {}),
      })
      .where(and(eq(queueAppointments.appointmentId, u.appointmentId), eq(queueAppointments.version, u.version)))
      .returning();
    if (!updated) throw await staleVersion(tx as unknown as Db, await loadRow(tx as unknown as Db, u.appointmentId));
    const [h] = await tx
      .insert(queueStatusHistory)
      .values({ appointmentId: u.appointmentId, fromStatus: row.status, toStatus: back, version: updated.version, staffId: u.staffId, undoOf: last.id, at: now })
      .returning({ id: queueStatusHistory.id });
    return { row: updated, from: row.status, historyId: h!.id };
  });
}

/** The platform moved the appointment to another slot: the desk follows, keeping its status. */
export async function moveQueueEntry(db: Db, m: { appointmentId: string; version: number; start: string; end: string | null; confId: string; timeZone: string; staffId: string | null }): Promise<Changed> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(queueAppointments)
      .set({
        startAt: new Date(m.start),
        endAt: m.end ? new Date(m.end) : null,
        day: clinicDay(m.start, m.timeZone),
        confId: m.confId,
        version: sql`${queueAppointments.version} + 1`,
        statusChangedAt: clock.nowDate(),
        statusChangedBy: m.staffId,
        undoable: false,
      })
      .where(and(eq(queueAppointments.appointmentId, m.appointmentId), eq(queueAppointments.version, m.version)))
      .returning();
    if (!row) throw await staleVersion(tx as unknown as Db, await loadRow(tx as unknown as Db, m.appointmentId));
    const [h] = await tx
      .insert(queueStatusHistory)
      .values({ appointmentId: row.appointmentId, fromStatus: row.status, toStatus: row.status, version: row.version, staffId: m.staffId, reason: `rescheduled to ${m.start}` })
      .returning({ id: queueStatusHistory.id });
    return { row, from: row.status, historyId: h!.id };
  });
}

export async function statusHistory(db: Db, appointmentId: string) {
  return db.select().from(queueStatusHistory).where(eq(queueStatusHistory.appointmentId, appointmentId)).orderBy(asc(queueStatusHistory.id));
}

/**
 * An appointment booked elsewhere for a patient the desk did not know is tied to one of the desk's
 * patients. The platform's id is kept in the history line, the row then reads as that patient.
 */
export async function linkQueuePatient(db: Db, l: { appointmentId: string; version: number; patientId: string; staffId: string | null }): Promise<Changed & { platformPatientId: string }> {
  const before = await loadRow(db, l.appointmentId);
  if (before.version !== l.version) throw await staleVersion(db, before);
  const known = await summariesByIds(db, [before.patientId, l.patientId]);
  if (known.has(before.patientId)) throw new ConflictError("This appointment already shows a patient of the desk; it cannot be linked again.", "patient_already_known");
  if (!known.has(l.patientId)) {
    throw new AppError(422, "Unknown patient", "The desk has no patient with this id. Search again and pick one from the list.", {
      code: "patient_not_found",
      errors: { patientId: "No patient of the desk has this id." },
    });
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(queueAppointments)
      .set({ patientId: l.patientId, version: sql`${queueAppointments.version} + 1`, statusChangedAt: clock.nowDate(), statusChangedBy: l.staffId, undoable: false })
      .where(and(eq(queueAppointments.appointmentId, l.appointmentId), eq(queueAppointments.version, l.version)))
      .returning();
    if (!row) throw await staleVersion(tx as unknown as Db, await loadRow(tx as unknown as Db, l.appointmentId));
    const [h] = await tx
      .insert(queueStatusHistory)
      .values({ appointmentId: row.appointmentId, fromStatus: row.status, toStatus: row.status, version: row.version, staffId: l.staffId, reason: `linked: platform patient ${before.patientId} is desk patient ${l.patientId}` })
      .returning({ id: queueStatusHistory.id });
    return { row, from: row.status, historyId: h!.id, platformPatientId: before.patientId };
  });
}
