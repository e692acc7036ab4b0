import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { clinicDay } from "@/lib/slots/clinic-time";
import { addDays } from "@/lib/schemas/calendar";
import type { Db } from "../db/connect";
import { directoryEntries, queueAppointments } from "../db/schema";
import type { SlotCalendar } from "@/lib/schemas/slots";
import type { StaffPlatform } from "@/lib/platform/client";
import { patientIdsByUhid, rememberPatient } from "../patients/patient-index";
import { changeStatus, recordQueueEntry } from "./queue-store";
import { log } from "../log";
import { PlatformRejectedError } from "../errors";
import { withKeyLock } from "../db/key-lock";
import { processSingleton } from "../process-singleton";
import * as clock from "@/lib/clock";
import { env } from "@/lib/env";

const DEMO_PATIENTS = [
  { salutation: "Mrs.", firstName: "Sunita", lastName: "Rao", gender: "F", dob: "1978-03-14", mobile: "+919820011001" },
  { salutation: "Mr.", firstName: "Arjun", lastName: "Mehta", gender: "M", dob: "1990-07-22", mobile: "+919820011002" },
  { salutation: "Ms.", firstName: "Kavya", lastName: "Nair", gender: "F", dob: "2001-11-05", mobile: "+919820011003" },
  { salutation: "Mr.", firstName: "Imran", lastName: "Shaikh", gender: "M", dob: "1965-01-30", mobile: "+919820011004" },
  { salutation: "Mrs.", firstName: "Lakshmi", lastName: "Iyer", gender: "F", dob: "1952-09-18", mobile: "+919820011005" },
  { salutation: "Mr.", firstName: "Rohan", lastName: "Deshpande", gender: "M", dob: "1985-05-02", mobile: "+919820011006" },
  { salutation: "Ms.", firstName: "Priya", lastName: "Kulkarni", gender: "F", dob: "1996-12-11", mobile: "+919820011007" },
  { salutation: "Mr.", firstName: "Vikram", lastName: "Singh", gender: "M", dob: "1972-04-25", mobile: "+919820011008" },
  { salutation: "Mrs.", firstName: "Fatima", lastName: "Khan", gender: "F", dob: "1988-08-08", mobile: "+919820011009" },
  { salutation: "Master.", firstName: "Aarav", lastName: "Joshi", gender: "M", dob: "2016-02-19", mobile: "+919820011010" },
  { salutation: "Mr.", firstName: "Suresh", lastName: "Patil", gender: "M", dob: "1959-10-03", mobile: "+919820011011" },
  { salutation: "Mrs.", firstName: "Neha", lastName: "Gupta", gender: "F", dob: "1993-06-27", mobile: "+919820011012" },
  // Children, for the paediatrician's visits (appended: the UHIDs above follow the list's order).
  { salutation: "Baby.", firstName: "Anaya", lastName: "Sharma", gender: "F", dob: "2025-09-03", mobile: "+919820011013" },
  { salutation: "Master.", firstName: "Kabir", lastName: "Reddy", gender: "M", dob: "2021-04-16", mobile: "+919820011014" },
  { salutation: "Miss.", firstName: "Ishita", lastName: "Verma", gender: "F", dob: "2018-12-01", mobile: "+919820011015" },
  { salutation: "Master.", firstName: "Dev", lastName: "Malhotra", gender: "M", dob: "2023-07-21", mobile: "+919820011016" },
] as const;

/** A doctor any of whose services is for children sees children only; the others, adults. */
const FOR_CHILDREN = /\b(child|children|paediatric|pediatric|infant|newborn|baby|well[- ]baby)\b/i;
const ADULT_YEARS = 18;

/** Whether the demo patient is a child or an adult on `day`, by whole years since birth. */
export function isChildOn(dob: string, day: string): boolean {
  const [by, bm, bd] = dob.split("-").map(Number) as [number, number, number];
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const years = y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
  return years < ADULT_YEARS;
}

/** The demo patients to book with a doctor: children for one who sees children, adults otherwise. */
export function demoPatientsFor(services: { name: string }[], patients: { id: string; dob: string }[], day: string): string[] {
  const children = services.some((svc) => FOR_CHILDREN.test(svc.name));
  const fitting = patients.filter((p) => isChildOn(p.dob, day) === children);
  return fitting.map((p) => p.id);
}

const PER_DOCTOR = 7;
/** How early a demo patient is already waiting before their slot. */
const ARRIVAL_WINDOW_MS = 30 * 60_000;
/**
 * Seeds under way in this process, by database, clinic and day. The page and the queue route are
 * bundled apart, so a module-level map would give each its own: both seeded at once on a cold
 * start, the second failed on the first's demo patients and the first list came back empty.
 */
const running = processSingleton("__clinicSandboxDaySeedsByDb", () => new WeakMap<Db, Map<string, Promise<void>>>());

/**
 * A demo patient's UHIDs: its own first, then -2 … -9. A desk database started afresh beside a
 * sandbox that kept its patients (`npm start`, then `npm run cluster` in the same checkout, or
 * `--fresh`) finds its own UHID taken on the platform and would otherwise seed nothing at all.
 */
const demoUhids = (i: number) => {
  const own = `DEMO-${String(i + 1).padStart(3, "0")}`;
  return [own, ...Array.from({ length: 8 }, (_, k) => `${own}-${k + 2}`)];
};

/** Demo patients exist on the platform once per desk database; their UHIDs find them again on later days. */
export async function demoPatients(db: Db, platform: StaffPlatform): Promise<string[]> {
  const uhidsOf = DEMO_PATIENTS.map((_, i) => demoUhids(i));
  const known = await patientIdsByUhid(db, uhidsOf.flat());
  const ids: string[] = [];
  for (const [i, p] of DEMO_PATIENTS.entries()) {
    const uhids = uhidsOf[i]!;
    const id = uhids.map((u) => known.get(u)).find(Boolean) ?? (await registerDemoPatient(db, platform, p, uhids));
    ids.push(id);
  }
  return ids;
}

/** On the platform under the first of `uhids` it does not hold yet, and in the desk's index. */
async function registerDemoPatient(db: Db, platform: StaffPlatform, p: (typeof DEMO_PATIENTS)[number], uhids: string[]): Promise<string> {
  for (const uhid of uhids) {
    let id: string;
    try {
      id = await platform.patients.createProfile({ ...p, designation: p.salutation, dobFromAge: false, uhid });
    } catch (err) {
      if (err instanceof PlatformRejectedError && err.status === 409) continue;
      throw err;
    }
    await rememberPatient(db, { id, salutation: p.salutation, firstName: p.firstName, middleName: null, lastName: p.lastName, gender: p.gender, dob: p.dob, mobile: p.mobile, uhid });
    return id;
  }
  throw new Error(`the platform already holds every demo UHID of ${p.firstName} ${p.lastName} (${uhids[0]} to ${uhids.at(-1)})`);
}

async function seed(db: Db, platform: StaffPlatform, staffId: string, q: { clinicId: string; day: string; timeZone: string; arrivals: boolean }) {
  // Seeded once: a booking the desk made first (late in the evening, tomorrow is the first day
  // with free slots) must not leave the demo day empty around it.
  const [{ n } = { n: 0 }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(queueAppointments)
    .where(and(eq(queueAppointments.clinicId, q.clinicId), eq(queueAppointments.day, q.day), eq(queueAppointments.source, "sandbox_seed")));
  if (n > 0) return;
  const doctors = await db.select({ id: directoryEntries.platformId }).from(directoryEntries).where(eq(directoryEntries.kind, "doctor"));
  const ids = await demoPatients(db, platform);
  const patients = DEMO_PATIENTS.map((p, i) => ({ id: ids[i]!, dob: p.dob }));
  const turn = new Map<string, number>();
  let arrived = 0;
  let online = false;
  for (const doctor of doctors) {
    const calendar = await platform.slots.listSlots({ doctorId: doctor.id, clinicId: q.clinicId, from: q.day, to: q.day }).catch(() => null);
    if (!calendar) continue;
    const at = clock.now();
    const begun = (slot: SlotCalendar["slots"][number]) => Date.parse(slot.start) <= at;
    // Today's demo day is a whole day at any hour: slots that have already begun are booked as the
    // patients' earlier bookings (the sandbox's control call), so at 21:56 the evening's list is there,
    // its earlier patients seen or marked no-show. Another day has only its free slots.
    const earlier = q.arrivals ? platform.demo : undefined;
    // The day's online booking needs a free slot of its own: on a short day (a Sunday morning, with
    // some slots demo-held) the desk's patients would otherwise take every one of them.
    const forOnline = online ? undefined : calendar.slots.filter((s) => s.available && !begun(s)).at(-1);
    const bookable = calendar.slots.filter((s) => s !== forOnline && (s.available || (earlier && begun(s))));
    // Spread the bookings over the day rather than filling the next hour.
    const step = Math.max(1, Math.floor(bookable.length / PER_DOCTOR));
    const picked = bookable.filter((_, i) => i % step === 0).slice(0, PER_DOCTOR);
    let seen = 0;
    // A paediatrician's vaccination visit is for a child, a general physician's consultation for an adult.
    const fitting = demoPatientsFor(calendar.services, patients, q.day);
    const group = fitting.length > 0 && calendar.services.some((svc) => FOR_CHILDREN.test(svc.name)) ? "children" : "adults";
    for (const slot of picked) {
      if (fitting.length === 0) break;
      const n = turn.get(group) ?? 0;
      turn.set(group, n + 1);
      const patientId = fitting[n % fitting.length]!;
      if (earlier && begun(slot)) {
        const booking = await earlier.bookEarlier({ doctorId: doctor.id, clinicId: q.clinicId, patientId, confId: slot.confId, start: slot.start, mode: calendar.services.find((svc) => svc.confId === slot.confId)?.modes[0] ?? "in_clinic", partnerAppointmentId: crypto.randomUUID() });
        // A slot some other demo patient holds is refused: the day goes on with the next one.
        if (!booking) continue;
        await recordBooking(db, q, doctor.id, calendar, booking, patientId, { bookedBy: staffId, source: "sandbox_seed" });
        await pastVisit(db, staffId, booking, at, seen++);
        continue;
      }
      const booked = await bookAndRecord(db, platform, q, doctor.id, calendar, slot, patientId, { bookedBy: staffId, source: "sandbox_seed" });
      if (!booked) continue;
      const { booking } = booked;
      // Today, the doctor's next patient is already waiting when their slot is close, as on any
      // clinic hour; at night, or hours before a slot, nobody has arrived yet (the desk's clock).
      if (q.arrivals && arrived < 3 && slot === picked.find((p) => !begun(p)) && Date.parse(slot.start) <= at + ARRIVAL_WINDOW_MS) {
        arrived++;
        await changeStatus(db, { appointmentId: booking.appointmentId, to: "checked_in", version: 1, staffId, now: at - (4 + arrived * 6) * 60_000, tokenFormat: env().opd.tokenFormat });
      }
    }
    if (!online) online = await onlineBooking(db, platform, q, doctor.id, calendar, new Set(picked.map((s) => s.start)));
  }
}

/** Every fourth patient of a slot already over did not come; the others were seen (or are with the doctor now). */
const NO_SHOW_EVERY = 4;

/**
 * What happened to a demo patient whose slot has begun: seen and done by its end, or a no-show;
 * with the doctor if the slot is still running. Times are the slot's own, never after now.
 */
async function pastVisit(db: Db, staffId: string, booking: { appointmentId: string; start: string; end: string }, at: number, index: number) {
  const start = Date.parse(booking.start);
  const end = Date.parse(booking.end);
  if (end <= at && index % NO_SHOW_EVERY === NO_SHOW_EVERY - 1) {
    await changeStatus(db, { appointmentId: booking.appointmentId, to: "no_show", version: 1, staffId, now: Math.min(at, start + 10 * 60_000) });
    return;
  }
  await changeStatus(db, { appointmentId: booking.appointmentId, to: "checked_in", version: 1, staffId, now: start - 10 * 60_000 });
  await changeStatus(db, { appointmentId: booking.appointmentId, to: "in_consultation", version: 2, staffId, now: Math.min(at, start) });
  if (end <= at) await changeStatus(db, { appointmentId: booking.appointmentId, to: "done", version: 3, staffId, now: end });
}

/**
 * One appointment a patient booked online, for someone the desk has never registered: the queue
 * shows what the platform said and the desk links it to a patient when they arrive.
 */
async function onlineBooking(db: Db, platform: StaffPlatform, q: { clinicId: string; timeZone: string }, doctorId: string, calendar: SlotCalendar, used: Set<string>): Promise<boolean> {
  const slot = calendar.slots.filter((s) => s.available && !used.has(s.start)).at(-1);
  if (!slot) return false;
  const booked = await bookAndRecord(db, platform, q, doctorId, calendar, slot, `pt-online-${crypto.randomUUID().slice(0, 8)}`, { source: "platform" });
  return booked?.recorded ?? false;
}

/** Books one slot on the platform and records it in the desk's queue (`recorded` false when the desk had it); null when the booking failed. */
async function bookAndRecord(
  db: Db,
  platform: StaffPlatform,
  q: { clinicId: string; timeZone: string },
  doctorId: string,
  calendar: SlotCalendar,
  slot: SlotCalendar["slots"][number],
  patientId: string,
  origin: { bookedBy?: string; source: "sandbox_seed" | "platform" },
) {
  const service = calendar.services.find((s) => s.confId === slot.confId);
  if (!service) return null;
  const booking = await platform.slots
    .bookSlot({ doctorId, clinicId: q.clinicId, patientId, confId: slot.confId, start: slot.start, mode: service.modes[0] ?? "in_clinic", partnerAppointmentId: crypto.randomUUID() })
    .catch(() => null);
  if (!booking) return null;
  const recorded = await recordBooking(db, q, doctorId, calendar, booking, patientId, origin);
  return { booking, recorded };
}

/** Records a platform booking in the desk's queue; false when the desk had it already. */
async function recordBooking(
  db: Db,
  q: { clinicId: string; timeZone: string },
  doctorId: string,
  calendar: SlotCalendar,
  booking: { appointmentId: string; start: string; end: string; confId: string; mode: string },
  patientId: string,
  origin: { bookedBy?: string; source: "sandbox_seed" | "platform" },
) {
  const service = calendar.services.find((s) => s.confId === booking.confId);
  if (!service) return false;
  return recordQueueEntry(db, {
    appointmentId: booking.appointmentId,
    clinicId: q.clinicId,
    doctorId,
    start: booking.start,
    end: booking.end,
    patientId,
    confId: booking.confId,
    serviceName: service.name,
    mode: booking.mode,
    price: service.finalAmount,
    currency: service.currency,
    prePay: service.prePay,
    postPay: service.postPay,
    ...origin,
    timeZone: q.timeZone,
  });
}

/**
 * Sandbox mode only: a new user's first look at today's queue finds a realistic day already
 * booked, and so does the next day: late in the clinic's evening no slot of today is left to book,
 * and "next day" is where a receptionist then looks.
 */
export async function seedSandboxDay(db: Db, platform: StaffPlatform, staff: { id: string }, q: { clinicId: string; day: string; timeZone: string }): Promise<void> {
  if (!platform.demo) return;
  const today = clinicDay(clock.now(), q.timeZone);
  if (q.day !== today && q.day !== addDays(today, 1)) return;
  const key = `${q.clinicId}|${q.day}`;
  // One seed at a time across instances too (`npm run cluster` on the sandbox): a later one finds the day booked.
  const seeds = running.get(db) ?? new Map<string, Promise<void>>();
  running.set(db, seeds);
  const work = seeds.get(key) ?? withKeyLock(db, "sandbox-day-seed", () => seed(db, platform, staff.id, { ...q, arrivals: q.day === today })).catch((err: unknown) => log().warn({ reason: (err as Error).message }, "could not seed the sandbox day"));
  seeds.set(key, work);
  await work;
}
