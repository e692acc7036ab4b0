import "server-only";
import { eq, sql } from "drizzle-orm";
import { Booking, type BookingRequest } from "@/lib/schemas/slots";
import type { Db } from "../db";
import { slotBookings } from "../db/schema";
import { ConflictError } from "../errors";
import { deskWriteKind, writeDeskCopy } from "../desk-outbox";
import type { StaffPlatform } from "@/lib/platform/client";

const fingerprint = (r: BookingRequest) => ({ doctorId: r.doctorId, clinicId: r.clinicId, patientId: r.patientId, confId: r.confId, start: r.start, mode: r.mode });
// jsonb does not keep key order, so compare field by field.
const sameRequest = (a: unknown, b: ReturnType<typeof fingerprint>) =>
  typeof a === "object" && a !== null && Object.entries(b).every(([k, v]) => (a as Record<string, unknown>)[k] === v);

/**
 * Books a slot at most once per idempotency key: the key is recorded before the platform is
 * called and is also the platform's partner_appointment_id, so a retry after a lost answer
 * returns the first booking instead of making a second one.
 */
export async function bookSlotOnce(db: Db, slots: StaffPlatform["slots"], staffId: string, req: BookingRequest): Promise<{ booking: Booking; replayed: boolean }> {
  const wanted = fingerprint(req);
  const inserted = await db
    .insert(slotBookings)
    .values({ idempotencyKey: req.idempotencyKey, staffId, request: wanted, status: "pending" })
    .onConflictDoNothing()
    .returning();
  if (inserted.length === 0) {
    const [earlier] = await db.select().from(slotBookings).where(eq(slotBookings.idempotencyKey, req.idempotencyKey));
    if (earlier && !sameRequest(earlier.request, wanted)) throw new ConflictError("This booking was already sent with other details. Close the dialog and start again.", "idempotency_key_reused");
    if (earlier?.status === "booked") return { booking: Booking.parse(earlier.booking), replayed: true };
  }
  let booking: Booking;
  try {
    booking = await slots.bookSlot({ ...wanted, partnerAppointmentId: req.idempotencyKey });
  } catch (err) {
    await db
      .update(slotBookings)
      .set({ status: "failed", updatedAt: sql`now()` })
      .where(eq(slotBookings.idempotencyKey, req.idempotencyKey))
      .catch(() => {});
    throw err;
  }
  // Booked on the platform: the desk row follows even if the database cannot take it right now.
  await writeDeskCopy(db, bookingBooked({ key: req.idempotencyKey, booking }));
  return { booking, replayed: false };
}

/** The desk's booking row, marked booked once the platform has booked it (queued in the desk outbox if need be). */
const bookingBooked = deskWriteKind("booking.booked", (db, w: { key: string; booking: Booking }) =>
  db
    .update(slotBookings)
    .set({ status: "booked", appointmentId: w.booking.appointmentId, booking: w.booking, updatedAt: sql`now()` })
    .where(eq(slotBookings.idempotencyKey, w.key)),
);
