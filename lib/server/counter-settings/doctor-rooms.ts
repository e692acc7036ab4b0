import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import { clinicDay } from "@/lib/slots/clinic-time";
import * as clock from "@/lib/clock";
import type { ClinicRooms, DoctorRoomInput } from "@/lib/schemas/counter-settings";
import type { Db } from "../db/connect";
import { DEFAULT_ROOM_DAY, directoryEntries, doctorRooms } from "../db/schema";
import { AppError } from "../errors";
import { clinicTimeZone } from "../queue/desk-bookings";

/**
 * The room each doctor sits in at a clinic on a day: that day's room, else the usual one. One place
 * for the slip, the A5 page, the display and the counter. Doctors without a room are absent.
 */
export async function roomsOnDay(db: Db, clinicId: string, day: string, doctorIds?: readonly string[]): Promise<Map<string, string>> {
  if (doctorIds && doctorIds.length === 0) return new Map();
  const rows = await db
    .select({ doctorId: doctorRooms.doctorId, day: doctorRooms.day, room: doctorRooms.room })
    .from(doctorRooms)
    .where(and(eq(doctorRooms.clinicId, clinicId), inArray(doctorRooms.day, [day, DEFAULT_ROOM_DAY]), doctorIds ? inArray(doctorRooms.doctorId, [...doctorIds]) : undefined));
  const rooms = new Map<string, string>();
  for (const r of rows) if (r.day === DEFAULT_ROOM_DAY && !rooms.has(r.doctorId)) rooms.set(r.doctorId, r.room);
  for (const r of rows) if (r.day === day) rooms.set(r.doctorId, r.room);
  return rooms;
}

/** A day's room can be set for the clinic's today or a later day; a past day is refused on the `day` field. */
function refusePastDay(day: string, today: string): void {
  if (day < today) throw new AppError(422, "Room not saved", PAST_DAY, { code: "room_invalid", errors: { day: PAST_DAY } });
}
const PAST_DAY = "A day's room can be set for today or a later day, not a past one.";

/** Settings → Rooms for one clinic on a day (today unless a later one is asked for): every directory doctor with their usual room and that day's. */
export async function clinicRooms(db: Db, clinicId: string, now = clock.now(), asked?: string): Promise<ClinicRooms> {
  const today = clinicDay(now, await clinicTimeZone(db, clinicId));
  if (asked) refusePastDay(asked, today);
  const day = asked ?? today;
  const [doctors, rows] = await Promise.all([
    db.select({ id: directoryEntries.platformId, name: directoryEntries.displayName }).from(directoryEntries).where(eq(directoryEntries.kind, "doctor")).orderBy(asc(directoryEntries.displayName)),
    db.select().from(doctorRooms).where(and(eq(doctorRooms.clinicId, clinicId), inArray(doctorRooms.day, [day, DEFAULT_ROOM_DAY]))),
  ]);
  const room = (doctorId: string, d: string) => rows.find((r) => r.doctorId === doctorId && r.day === d)?.room ?? null;
  return {
    clinicId,
    day,
    today,
    doctors: doctors.map((d) => {
      const usualRoom = room(d.id, DEFAULT_ROOM_DAY);
      const todayRoom = room(d.id, day);
      return { doctorId: d.id, doctorName: d.name, usualRoom, todayRoom, room: todayRoom ?? usualRoom };
    }),
  };
}

/** Sets (or, with no room, clears) a doctor's usual room or one day's room; the clinic and doctor must be in the directory. */
export async function setDoctorRoom(db: Db, input: DoctorRoomInput, staffId: string, now = clock.now()): Promise<{ before: string | null; after: string | null }> {
  const known = await db
    .select({ kind: directoryEntries.kind, id: directoryEntries.platformId })
    .from(directoryEntries)
    .where(inArray(directoryEntries.platformId, [input.clinicId, input.doctorId]));
  const errors: Record<string, string> = {};
  if (!known.some((k) => k.kind === "clinic" && k.id === input.clinicId)) errors.clinicId = "This clinic is not in Settings → Clinics.";
  if (!known.some((k) => k.kind === "doctor" && k.id === input.doctorId)) errors.doctorId = "This doctor is not in Settings → Clinics.";
  if (input.day) {
    const today = clinicDay(now, await clinicTimeZone(db, input.clinicId));
    if (input.day < today) errors.day = PAST_DAY;
  }
  if (Object.keys(errors).length) throw new AppError(422, "Room not saved", Object.values(errors)[0], { code: "room_invalid", errors });
  const key = and(eq(doctorRooms.clinicId, input.clinicId), eq(doctorRooms.doctorId, input.doctorId), eq(doctorRooms.day, input.day ?? DEFAULT_ROOM_DAY));
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ room: doctorRooms.room }).from(doctorRooms).where(key).for("update");
    if (input.room === null) await tx.delete(doctorRooms).where(key);
    else
      await tx
        .insert(doctorRooms)
        .values({ clinicId: input.clinicId, doctorId: input.doctorId, day: input.day ?? DEFAULT_ROOM_DAY, room: input.room, updatedBy: staffId, updatedAt: new Date(now) })
        .onConflictDoUpdate({ target: [doctorRooms.clinicId, doctorRooms.doctorId, doctorRooms.day], set: { room: input.room, updatedBy: staffId, updatedAt: new Date(now) } });
    return { before: before?.room ?? null, after: input.room };
  });
}
