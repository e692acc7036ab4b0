import "server-only";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { DemoApi } from "@/lib/platform/client";
import type { ClinicDirectory, DirectoryEntry, DirectoryKind } from "@/lib/schemas/clinic-directory";
import type { Db } from "../db";
import { directoryEntries, doctorClinicSchedules, staff } from "../db/schema";
import { log } from "../log";
import * as clock from "@/lib/clock";

/** Where an empty directory is filled from: the sandbox platform's demo practice (`platform.demo`). */
export type DirectoryPrefill = Pick<DemoApi, "practice">;

/** Copies the sandbox's demo doctors and clinics into an empty directory. */
async function prefillFromSandbox(db: Db, source: DirectoryPrefill): Promise<void> {
  try {
    const demo = await source.practice();
    if (!demo) return;
    const rows = [
      ...demo.doctors.map((d) => ({ kind: "doctor" as const, platformId: d.id, displayName: d.name, timeZone: null })),
      ...demo.clinics.map((c) => ({ kind: "clinic" as const, platformId: c.id, displayName: c.name, timeZone: c.timeZone })),
    ];
    if (rows.length) await db.insert(directoryEntries).values(rows).onConflictDoNothing();
    // The demo practice says where each doctor works, so the calendar never offers a dead end.
    const pairs = demo.doctors.flatMap((d) =>
      d.clinicIds ? demo.clinics.map((c) => ({ doctorId: d.id, clinicId: c.id, hasSchedule: d.clinicIds!.includes(c.id) })) : [],
    );
    if (pairs.length) await db.insert(doctorClinicSchedules).values(pairs).onConflictDoNothing();
  } catch (err) {
    log().warn({ reason: (err as Error).message }, "could not pre-fill the clinic directory from the sandbox");
  }
}

const toEntry = (r: typeof directoryEntries.$inferSelect): DirectoryEntry => ({ kind: r.kind, platformId: r.platformId, displayName: r.displayName, timeZone: r.timeZone });

/** The directory; an empty one is first filled from `prefill` when given (the client's `platform.demo`, present only with the sandbox). */
export async function readClinicDirectory(db: Db, opts: { prefill?: DirectoryPrefill } = {}): Promise<ClinicDirectory> {
  let rows = await db.select().from(directoryEntries).orderBy(asc(directoryEntries.displayName));
  if (rows.length === 0 && opts.prefill) {
    await prefillFromSandbox(db, opts.prefill);
    rows = await db.select().from(directoryEntries).orderBy(asc(directoryEntries.displayName));
  }
  const entries = rows.map(toEntry);
  return { doctors: entries.filter((e) => e.kind === "doctor"), clinics: entries.filter((e) => e.kind === "clinic") };
}

/** Adds an entry or renames an existing one (same kind and platform id). */
export async function saveDirectoryEntry(db: Db, entry: DirectoryEntry): Promise<DirectoryEntry> {
  const [row] = await db
    .insert(directoryEntries)
    .values(entry)
    .onConflictDoUpdate({
      target: [directoryEntries.kind, directoryEntries.platformId],
      set: { displayName: entry.displayName, timeZone: entry.timeZone, updatedAt: sql`now()` },
    })
    .returning();
  return toEntry(row!);
}

export async function removeDirectoryEntry(db: Db, kind: DirectoryKind, platformId: string): Promise<boolean> {
  const removed = await db
    .delete(directoryEntries)
    .where(and(eq(directoryEntries.kind, kind), eq(directoryEntries.platformId, platformId)))
    .returning();
  return removed.length > 0;
}

// Pairs this process already wrote as having a schedule: every week listed need not write again.
const knownToHaveSchedule = new Set<string>();

/** Remembers what the platform said about a doctor at a clinic (a slot listing, or a "not at this clinic"). */
export async function noteDoctorSchedule(db: Db, doctorId: string, clinicId: string, hasSchedule: boolean): Promise<void> {
  const key = `${doctorId}|${clinicId}`;
  if (hasSchedule && knownToHaveSchedule.has(key)) return;
  if (hasSchedule) knownToHaveSchedule.add(key);
  else knownToHaveSchedule.delete(key);
  try {
    await db
      .insert(doctorClinicSchedules)
      // The desk's clock, not the database's: this time is compared with the desk's own now() when rechecking.
      .values({ doctorId, clinicId, hasSchedule, checkedAt: clock.nowDate() })
      .onConflictDoUpdate({ target: [doctorClinicSchedules.doctorId, doctorClinicSchedules.clinicId], set: { hasSchedule, checkedAt: clock.nowDate() } });
  } catch (err) {
    log().warn({ reason: (err as Error).message }, "could not remember a doctor's schedule");
  }
}

/** A "no schedule here" answer is asked again after this long: doctors do start at new clinics. */
const NO_SCHEDULE_RECHECK_MS = 24 * 60 * 60_000;
/** At most this many pairs are asked about in one directory read, a few at a time. */
const MAX_PROBES = 24;
const PROBE_CONCURRENCY = 4;

export type ScheduleProbe = (doctorId: string, clinicId: string) => Promise<boolean | undefined>;

/**
 * For each doctor, the clinics to offer: all but those where the platform said there is no
 * schedule, after asking it (through `probe`: true, false, or undefined when it could not tell)
 * about pairs that were never looked at.
 */
export async function doctorSchedules(db: Db, directory: ClinicDirectory, probe?: ScheduleProbe): Promise<Record<string, string[]>> {
  const doctorIds = directory.doctors.map((d) => d.platformId);
  const clinicIds = directory.clinics.map((c) => c.platformId);
  if (doctorIds.length === 0 || clinicIds.length === 0) return {};
  const rows = await db.select().from(doctorClinicSchedules).where(inArray(doctorClinicSchedules.doctorId, doctorIds));
  const known = new Map(rows.map((r) => [`${r.doctorId}|${r.clinicId}`, r]));
  const now = clock.now();
  const unknown: { doctorId: string; clinicId: string }[] = [];
  for (const doctorId of doctorIds) {
    for (const clinicId of clinicIds) {
      const row = known.get(`${doctorId}|${clinicId}`);
      if (!row || (!row.hasSchedule && now - row.checkedAt.getTime() > NO_SCHEDULE_RECHECK_MS)) unknown.push({ doctorId, clinicId });
    }
  }
  if (probe && unknown.length) {
    const queue = unknown.slice(0, MAX_PROBES);
    await Promise.all(
      Array.from({ length: Math.min(PROBE_CONCURRENCY, queue.length) }, async () => {
        for (let pair = queue.shift(); pair; pair = queue.shift()) {
          const answer = await probe(pair.doctorId, pair.clinicId).catch(() => undefined);
          if (answer === undefined) continue;
          await noteDoctorSchedule(db, pair.doctorId, pair.clinicId, answer);
          known.set(`${pair.doctorId}|${pair.clinicId}`, { doctorId: pair.doctorId, clinicId: pair.clinicId, hasSchedule: answer, checkedAt: clock.nowDate() });
        }
      }),
    );
  }
  const result: Record<string, string[]> = {};
  // Only a clinic the platform said "no" for is left out; one it could not answer for stays offered.
  for (const doctorId of doctorIds) result[doctorId] = clinicIds.filter((clinicId) => known.get(`${doctorId}|${clinicId}`)?.hasSchedule !== false);
  return result;
}

/** "Dr. Meera Iyer" and "meera iyer" are the same doctor; titles, dots and spacing don't count. */
export function doctorNameKey(name: string): string {
  return name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/^\s*(dr|doctor|prof)\b\.?\s*/u, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/**
 * The signed-in doctor's own entry in the directory: the platform doctor id recorded on their
 * staff record, else the one directory doctor with the same name. Null for other roles, or when
 * no single doctor matches.
 */
export async function ownDoctorId(db: Db, directory: ClinicDirectory, who: { id: string; role: string; name: string }): Promise<string | null> {
  if (who.role !== "doctor") return null;
  const [row] = await db.select({ platformDoctorId: staff.platformDoctorId }).from(staff).where(eq(staff.id, who.id));
  return doctorLinkOf(directory, { name: who.name, platformDoctorId: row?.platformDoctorId ?? null })?.doctorId ?? null;
}

/**
 * How a doctor's staff record points at a directory doctor: the link an admin recorded (while that
 * doctor is still in the directory), else the one directory doctor with the same name.
 */
export function doctorLinkOf(directory: Pick<ClinicDirectory, "doctors">, who: { name: string; platformDoctorId: string | null }): { doctorId: string; by: "record" | "name" } | null {
  if (who.platformDoctorId && directory.doctors.some((d) => d.platformId === who.platformDoctorId)) return { doctorId: who.platformDoctorId, by: "record" };
  const key = doctorNameKey(who.name);
  const matches = directory.doctors.filter((d) => doctorNameKey(d.displayName) === key);
  return matches.length === 1 ? { doctorId: matches[0]!.platformId, by: "name" } : null;
}
