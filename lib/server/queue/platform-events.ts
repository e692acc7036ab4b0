import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { OPEN_STATUSES } from "@/lib/queue/status-moves";
import type { Db } from "../db/connect";
import { queueAppointments, queueStatusHistory, slotBookings, webhookInbox } from "../db/schema";
import type { AppointmentEvent } from "@/lib/schemas/desk-events";
import { INBOX_EVENT_COLUMNS, inDeskShape } from "../events/inbox-events";
import { clinicTimeZone } from "./desk-bookings";
import type { QueueHub } from "./queue-hub";
import { loadRow, moveQueueEntry, recordQueueEntry } from "./queue-store";
import * as clock from "@/lib/clock";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The event may overtake the desk's own answer: a booking key of ours means the desk booked it. */
async function record(db: Db, e: AppointmentEvent, status: "booked" | "cancelled", timeZone: string) {
  const key = e.partnerAppointmentId && UUID.test(e.partnerAppointmentId) ? e.partnerAppointmentId : null;
  const [desk] = key ? await db.select({ staffId: slotBookings.staffId }).from(slotBookings).where(eq(slotBookings.idempotencyKey, key)) : [];
  return recordQueueEntry(db, { ...e, status, source: desk ? "desk" : "platform", bookedBy: desk?.staffId ?? null, timeZone });
}

/**
 * Appointments booked or changed elsewhere (online by the patient, another system) reach the
 * queue through the platform's events. Idempotent: a redelivered event changes nothing twice.
 */
export async function applyAppointmentEvent(db: Db, hub: QueueHub, e: AppointmentEvent): Promise<void> {
  const timeZone = await clinicTimeZone(db, e.clinicId);
  const existing = await db.select().from(queueAppointments).where(eq(queueAppointments.appointmentId, e.appointmentId));
  let row = existing[0];
  if (!row) {
    await record(db, e, e.kind === "cancelled" ? "cancelled" : "booked", timeZone);
  } else if (e.kind === "cancelled" && OPEN_STATUSES.includes(row.status)) {
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(queueAppointments)
        .set({ status: "cancelled", cancelReason: e.cancelReason, version: sql`${queueAppointments.version} + 1`, statusChangedAt: clock.nowDate(), statusChangedBy: null, undoable: false })
        .where(and(eq(queueAppointments.appointmentId, e.appointmentId), eq(queueAppointments.version, row!.version)))
        .returning();
      if (updated) await tx.insert(queueStatusHistory).values({ appointmentId: e.appointmentId, fromStatus: row!.status, toStatus: "cancelled", version: updated.version, reason: e.cancelReason ?? "cancelled on the platform" });
    });
  } else if (e.kind === "rescheduled" && row.startAt.getTime() !== Date.parse(e.start)) {
    await moveQueueEntry(db, { appointmentId: e.appointmentId, version: row.version, start: e.start, end: e.end, confId: e.confId, timeZone, staffId: null });
  } else {
    return;
  }
  row = await loadRow(db, e.appointmentId);
  await hub.publish({ appointmentId: row.appointmentId, clinicId: row.clinicId, day: row.day, version: row.version, status: row.status });
}

/** Reads a stored inbox event and applies it to the queue when it is about an appointment. */
export async function applyInboxEvent(db: Db, hub: QueueHub, inboxId: number): Promise<void> {
  const [stored] = await inDeskShape(db, await db.select(INBOX_EVENT_COLUMNS).from(webhookInbox).where(eq(webhookInbox.id, inboxId)));
  if (stored?.event.appointment) await applyAppointmentEvent(db, hub, stored.event.appointment);
}
