import "server-only";
import { withKeyLock } from "../db/key-lock";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { nextToCall, type CallState } from "@/lib/queue/call-order";
import type { PriorityMark } from "@/lib/queue/priority-marks";
import type { CounterAction, QueueEntry } from "@/lib/schemas/queue";
import { clinicDay, displayDay } from "@/lib/slots/clinic-time";
import * as clock from "@/lib/clock";
import type { Db } from "../db/connect";
import { directoryEntries, queueAppointments, queueCounters, queueStatusHistory } from "../db/schema";
import { AppError, ConflictError } from "../errors";
import { summariesByIds } from "../patients/patient-index";
import { TIME_ZONE } from "@/lib/i18n/config";
import type { QueueHub } from "./queue-hub";
import { readQueueEntry } from "./queue-store";
import { billingStates } from "../billing/billing";
import { issueToken } from "./token-issue";

type Row = typeof queueAppointments.$inferSelect;
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface CounterConfig {
  tokenFormat: string;
  priorityMarks: readonly PriorityMark[];
  skipReturnAfter: number;
}

const announce = (hub: QueueHub, r: Row) => hub.publish({ appointmentId: r.appointmentId, clinicId: r.clinicId, day: r.day, version: r.version, status: r.status });

/** A walk-in's id: the desk's own, made from the request's Idempotency-Key so a double click adds one visit. */
export const walkInId = (key: string) => `walk-in-${key}`;

export interface WalkIn {
  key: string;
  clinicId: string;
  doctorId: string;
  patientId: string;
  priority?: string | null;
  staffId: string;
}

/**
 * Field errors for a clinic or doctor the desk's directory does not hold (Settings → Clinics), and the
 * clinic's time zone (as clinicTimeZone reads it) from the same query.
 */
async function directoryCheck(db: Db, clinicId: string, doctorId: string): Promise<{ errors: Record<string, string>; timeZone: string }> {
  const directory = await db
    .select({ kind: directoryEntries.kind, id: directoryEntries.platformId, tz: directoryEntries.timeZone })
    .from(directoryEntries)
    .where(inArray(directoryEntries.platformId, [clinicId, doctorId]));
  const errors: Record<string, string> = {};
  const clinic = directory.find((d) => d.kind === "clinic" && d.id === clinicId);
  if (!clinic) errors.clinicId = "This clinic is not in Settings → Clinics.";
  if (!directory.some((d) => d.kind === "doctor" && d.id === doctorId)) errors.doctorId = "This doctor is not in Settings → Clinics.";
  return { errors, timeZone: clinic?.tz ?? TIME_ZONE };
}

/**
 * Adds a patient who came without an appointment to a doctor's queue today: a visit the desk alone
 * keeps (the platform has no call for it, so it works while the platform is down), checked in at
 * once and given the next token of the doctor's day in the same transaction.
 */
export async function addWalkIn(db: Db, hub: QueueHub, w: WalkIn, config: CounterConfig, now = clock.now()): Promise<{ entry: QueueEntry; replayed: boolean }> {
  const appointmentId = walkInId(w.key);
  const priority = w.priority?.trim() || null;
  const earlier = await readQueueEntry(db, appointmentId, now);
  if (earlier) return { entry: sameWalkIn(earlier, w, priority), replayed: true };

  const errors: Record<string, string> = {};
  if (priority && !config.priorityMarks.some((m) => m.key === priority && !m.retired)) errors.priority = "This priority mark is not in the clinic's list (or was retired).";
  const [known, { errors: unknownPlaces, timeZone }] = await Promise.all([summariesByIds(db, [w.patientId]), directoryCheck(db, w.clinicId, w.doctorId)]);
  if (!known.has(w.patientId)) errors.patientId = "The desk has no patient with this id. Search again, or register the patient first.";
  Object.assign(errors, unknownPlaces);
  if (Object.keys(errors).length) throw new AppError(422, "Walk-in not added", Object.values(errors)[0], { code: "walk_in_invalid", errors });

  const day = clinicDay(now, timeZone);
  const at = new Date(now);
  // One patient, one doctor, one day at a time: two desks adding the same patient at once (with two
  // keys) get one visit and one "already waiting", on every instance sharing the database.
  return withKeyLock(db, `walk-in ${w.clinicId} ${w.doctorId} ${day} ${w.patientId}`, async () => {
    const again = await readQueueEntry(db, appointmentId, now);
    if (again) return { entry: sameWalkIn(again, w, priority), replayed: true };
    const [open] = await db
      .select({ appointmentId: queueAppointments.appointmentId, tokenLabel: queueAppointments.tokenLabel, status: queueAppointments.status })
      .from(queueAppointments)
      .where(
        and(
          eq(queueAppointments.patientId, w.patientId),
          eq(queueAppointments.clinicId, w.clinicId),
          eq(queueAppointments.doctorId, w.doctorId),
          eq(queueAppointments.day, day),
          inArray(queueAppointments.status, ["checked_in", "in_consultation"]),
        ),
      )
      .limit(1);
    // The same key's first request committed after this one looked for it (a double click): a replay.
    if (open?.appointmentId === appointmentId) return { entry: sameWalkIn((await readQueueEntry(db, appointmentId, now))!, w, priority), replayed: true };
    if (open) {
      throw new ConflictError(
        `This patient is already waiting for this doctor today${open.tokenLabel ? ` with token ${open.tokenLabel}` : ""}; a second visit was not added.`,
        "already_waiting",
      );
    }

    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(queueAppointments)
        .values({
          appointmentId,
          clinicId: w.clinicId,
          doctorId: w.doctorId,
          day,
          startAt: at,
          endAt: null,
          patientId: w.patientId,
          confId: "walk-in",
          serviceName: null,
          mode: "in_clinic",
          bookedBy: w.staffId,
          source: "walk_in",
          status: "checked_in",
          arrivedAt: at,
          statusChangedAt: at,
          statusChangedBy: w.staffId,
          priority,
        })
        .onConflictDoNothing()
        .returning();
      // The same key arrived twice at once: the other request added the visit.
      if (!row) return null;
      const token = await issueToken(tx, { clinicId: w.clinicId, doctorId: w.doctorId, day, format: config.tokenFormat, at });
      const [stamped] = await tx
        .update(queueAppointments)
        .set({ tokenNumber: token.number, tokenLabel: token.label, tokenIssuedAt: at })
        .where(eq(queueAppointments.appointmentId, appointmentId))
        .returning();
      await tx.insert(queueStatusHistory).values({ appointmentId, fromStatus: null, toStatus: "checked_in", version: 1, staffId: w.staffId, reason: `walk-in, token ${token.label}${priority ? `, priority ${priority}` : ""}`, at });
      return stamped!;
    });
    if (!created) return { entry: sameWalkIn((await readQueueEntry(db, appointmentId, now))!, w, priority), replayed: true };
    await announce(hub, created);
    return { entry: (await readQueueEntry(db, appointmentId, now))!, replayed: false };
  });
}

/** A replayed walk-in must be the same request: one key for two patients is a client bug, not a second visit. */
function sameWalkIn(entry: QueueEntry, w: WalkIn, priority: string | null): QueueEntry {
  if (entry.patientId !== w.patientId || entry.doctorId !== w.doctorId || entry.clinicId !== w.clinicId || entry.priority !== priority) {
    throw new ConflictError("This Idempotency-Key was already used for another walk-in; nothing was added. Send a new key for a new walk-in.", "idempotency_key_reused");
  }
  return entry;
}

export interface CounterRequest {
  clinicId: string;
  doctorId: string;
  action: CounterAction;
  key: string;
  staffId: string;
  /** Call a pre-pay visit in before its payment (an override the route allows by role and audits). */
  allowUnpaid?: boolean;
}

export interface CounterOutcome {
  action: CounterAction;
  entry: QueueEntry | null;
  finished: QueueEntry[];
  replayed: boolean;
  /** Pre-pay visits passed over by Call next because nothing was paid yet. */
  heldForPayment: string[];
}

/** How many recent Idempotency-Keys a doctor's day remembers for replays. */
const RECENT_KEYS = 32;

const DOCTOR_DAY = (clinicId: string, doctorId: string, day: string) =>
  and(eq(queueAppointments.clinicId, clinicId), eq(queueAppointments.doctorId, doctorId), eq(queueAppointments.day, day));

/** The token in consultation that was called last (recall and skip act on it). */
async function currentlyCalled(tx: Tx, clinicId: string, doctorId: string, day: string): Promise<Row | undefined> {
  const [row] = await tx
    .select()
    .from(queueAppointments)
    .where(and(DOCTOR_DAY(clinicId, doctorId, day), eq(queueAppointments.status, "in_consultation")))
    .orderBy(sql`${queueAppointments.calledAt} desc nulls last`, desc(queueAppointments.statusChangedAt))
    .limit(1);
  return row;
}

/**
 * Call next, recall or skip on one doctor's queue today. The day's counter row is locked for the
 * whole action, so two desks pressing "Call next" at once call two different patients (or the
 * second finds nobody), and a request replayed with the same Idempotency-Key does nothing again.
 *
 * - next: the patient in consultation is marked done and the next token by the ordering rule
 *   (lib/queue/call-order.ts) is called in;
 * - recall: the token called last is called again (the patient did not come in yet);
 * - skip: the token called last goes back to waiting and sits out the next calls.
 */
export async function counterAction(db: Db, hub: QueueHub, r: CounterRequest, config: CounterConfig, now = clock.now()): Promise<CounterOutcome> {
  // A doctor's day the directory does not know has no queue: no counter row is written for it.
  const { errors: unknownPlaces, timeZone } = await directoryCheck(db, r.clinicId, r.doctorId);
  if (Object.keys(unknownPlaces).length) throw new AppError(422, "Nothing called", Object.values(unknownPlaces)[0], { code: "counter_invalid", errors: unknownPlaces });
  const day = clinicDay(now, timeZone);
  const at = new Date(now);
  const outcome = await db.transaction(async (tx) => {
    await tx.insert(queueCounters).values({ clinicId: r.clinicId, doctorId: r.doctorId, day, updatedAt: at }).onConflictDoNothing();
    const [counter] = await tx
      .select()
      .from(queueCounters)
      .where(and(eq(queueCounters.clinicId, r.clinicId), eq(queueCounters.doctorId, r.doctorId), eq(queueCounters.day, day)))
      .for("update");
    // The last keys of this doctor's day (space-separated): a retried or double-pressed request replays,
    // even when another desk acted on the same queue in between.
    const recentKeys = (counter!.lastActionKey ?? "").split(" ").filter(Boolean);
    if (recentKeys.includes(r.key)) {
      const current = await currentlyCalled(tx, r.clinicId, r.doctorId, day);
      return { changed: [] as Row[], entryId: current?.appointmentId ?? null, finishedIds: [] as string[], heldForPayment: [] as string[], replayed: true };
    }
    const bump = { version: sql`${queueAppointments.version} + 1`, statusChangedAt: at, statusChangedBy: r.staffId, undoable: false };
    const history = (row: Row, from: Row["status"], reason: string) =>
      tx.insert(queueStatusHistory).values({ appointmentId: row.appointmentId, fromStatus: from, toStatus: row.status, version: row.version, staffId: r.staffId, reason, at });
    const changed: Row[] = [];
    let entryId: string | null = null;
    const finishedIds: string[] = [];
    const heldForPayment: string[] = [];

    if (r.action === "next") {
      const inRoom = await tx.select().from(queueAppointments).where(and(DOCTOR_DAY(r.clinicId, r.doctorId, day), eq(queueAppointments.status, "in_consultation")));
      for (const before of inRoom) {
        const [done] = await tx.update(queueAppointments).set({ ...bump, status: "done" }).where(eq(queueAppointments.appointmentId, before.appointmentId)).returning();
        await history(done!, "in_consultation", "call next: consultation finished");
        changed.push(done!);
        finishedIds.push(done!.appointmentId);
      }
      // Checked in before tokens existed (or by an older desk): they get theirs now, in arrival order.
      const untokened = await tx
        .select()
        .from(queueAppointments)
        .where(and(DOCTOR_DAY(r.clinicId, r.doctorId, day), eq(queueAppointments.status, "checked_in"), isNull(queueAppointments.tokenNumber)))
        .orderBy(asc(queueAppointments.arrivedAt), asc(queueAppointments.startAt));
      for (const u of untokened) {
        const token = await issueToken(tx, { clinicId: r.clinicId, doctorId: r.doctorId, day, format: config.tokenFormat, at });
        await tx.update(queueAppointments).set({ tokenNumber: token.number, tokenLabel: token.label, tokenIssuedAt: at }).where(eq(queueAppointments.appointmentId, u.appointmentId));
      }
      const checkedIn = await tx.select().from(queueAppointments).where(and(DOCTOR_DAY(r.clinicId, r.doctorId, day), eq(queueAppointments.status, "checked_in")));
      // A visit booked as pre-pay is not called in before it is paid, unless staff override it.
      const money = r.allowUnpaid ? new Map() : await billingStates(tx, checkedIn.filter((w) => w.prePay));
      const waiting = checkedIn.filter((w) => money.get(w.appointmentId)?.state !== "prepay_missing");
      heldForPayment.push(...checkedIn.filter((w) => money.get(w.appointmentId)?.state === "prepay_missing").map((w) => w.appointmentId));
      const state: CallState = { calls: counter!.calls, skipReturnAfter: config.skipReturnAfter, marks: config.priorityMarks };
      const next = nextToCall(
        waiting.map((w) => ({ ...w, tokenNumber: w.tokenNumber! })),
        state,
      );
      if (next) {
        const [called] = await tx
          .update(queueAppointments)
          .set({ ...bump, status: "in_consultation", calledAt: at, callCount: sql`${queueAppointments.callCount} + 1`, skippedAtCall: null })
          .where(eq(queueAppointments.appointmentId, next.appointmentId))
          .returning();
        await history(called!, "checked_in", `called ${called!.tokenLabel}`);
        changed.push(called!);
        entryId = called!.appointmentId;
        await tx.update(queueCounters).set({ calls: sql`${queueCounters.calls} + 1` }).where(and(eq(queueCounters.clinicId, r.clinicId), eq(queueCounters.doctorId, r.doctorId), eq(queueCounters.day, day)));
      }
    } else {
      const current = await currentlyCalled(tx, r.clinicId, r.doctorId, day);
      if (!current) throw new ConflictError(`Nobody is called in for this doctor on ${displayDay(day)}: there is no token to ${r.action === "recall" ? "call again" : "skip"}.`, "nobody_called");
      const [after] =
        r.action === "recall"
          ? await tx.update(queueAppointments).set({ ...bump, calledAt: at, callCount: sql`${queueAppointments.callCount} + 1` }).where(eq(queueAppointments.appointmentId, current.appointmentId)).returning()
          : await tx.update(queueAppointments).set({ ...bump, status: "checked_in", skippedAtCall: counter!.calls }).where(eq(queueAppointments.appointmentId, current.appointmentId)).returning();
      await history(after!, current.status, r.action === "recall" ? `recalled ${after!.tokenLabel ?? ""}`.trim() : `skipped ${after!.tokenLabel ?? ""}: back after ${config.skipReturnAfter} calls`.trim());
      changed.push(after!);
      entryId = after!.appointmentId;
    }
    await tx
      .update(queueCounters)
      .set({ lastActionKey: [...recentKeys, r.key].slice(-RECENT_KEYS).join(" "), updatedAt: at })
      .where(and(eq(queueCounters.clinicId, r.clinicId), eq(queueCounters.doctorId, r.doctorId), eq(queueCounters.day, day)));
    return { changed, entryId, finishedIds, heldForPayment, replayed: false };
  });
  for (const row of outcome.changed) await announce(hub, row);
  const entry = outcome.entryId ? await readQueueEntry(db, outcome.entryId, now) : null;
  const finished = (await Promise.all(outcome.finishedIds.map((id) => readQueueEntry(db, id, now)))).filter((e): e is QueueEntry => !!e);
  return { action: r.action, entry, finished, replayed: outcome.replayed, heldForPayment: outcome.heldForPayment };
}

/** Calls made today by each doctor of a clinic (for the skip rule the page shows). */
export async function readCalls(db: Db, q: { clinicId: string; day: string }): Promise<Record<string, number>> {
  const rows = await db
    .select({ doctorId: queueCounters.doctorId, calls: queueCounters.calls })
    .from(queueCounters)
    .where(and(eq(queueCounters.clinicId, q.clinicId), eq(queueCounters.day, q.day)));
  return Object.fromEntries(rows.map((r) => [r.doctorId, r.calls]));
}
