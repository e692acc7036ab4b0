import "server-only";
import { createHash, randomBytes, randomInt, randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import { callOrder } from "@/lib/queue/call-order";
import { clinicDay } from "@/lib/slots/clinic-time";
import { admitPublicRequest } from "../public-rate-limit";
import * as clock from "@/lib/clock";
import {
  DISPLAY_NEXT_COUNT,
  PAIRING_ALPHABET,
  PAIRING_CODE_LENGTH,
  type ClaimDisplayInput,
  type DisplayFeed,
  type DisplayList,
  type DisplayToken,
  type PairingStatus,
} from "@/lib/schemas/displays";
import type { Db } from "../db/connect";
import { directoryEntries, displayPairings, displays, patientIndex, queueAppointments, queueCounters, type DisplayDoctor } from "../db/schema";
import { AppError, NotFoundError } from "../errors";
import { clinicTimeZone } from "../queue/desk-bookings";
import { roomsOnDay } from "../counter-settings/doctor-rooms";
import type { CounterConfig } from "../queue/opd-counter";
import type { DisplayHub } from "./display-hub";

/** How long a pairing code on a TV stays good: long enough to walk to the admin's desk, short enough to be useless later. */
export const PAIRING_TTL_MS = 10 * 60_000;
/** Pairing codes waiting at once; beyond it a TV is asked to try again (an anonymous endpoint must not fill the table). */
export const MAX_OPEN_PAIRINGS = 200;
/** A display counts as connected when it was seen this recently (its stream touches it every heartbeat). */
export const CONNECTED_WITHIN_MS = 60_000;

export type Display = typeof displays.$inferSelect;

const sha256 = (secret: string) => createHash("sha256").update(secret).digest("hex");
const newSecret = () => randomBytes(32).toString("base64url");

function newCode(): string {
  let code = "";
  for (let i = 0; i < PAIRING_CODE_LENGTH; i++) code += PAIRING_ALPHABET[randomInt(PAIRING_ALPHABET.length)];
  return code;
}

/**
 * Codes one address may ask for in ten minutes: a TV asks for one when it starts and one each time a
 * code runs out (every ten minutes), so twenty leave room for a clinic's TVs behind one router while
 * one machine cannot churn through the codes an admin might be typing.
 */
export const PAIRING_RATE = { limit: 20, windowSeconds: 600 };

/**
 * A TV asks to be paired: it gets a code to show and a secret to keep (its pairing cookie). Codes
 * long expired are cleared first; those expired within the hour stay so a late code is told "expired".
 * With the asker's address, each address is held to PAIRING_RATE across every instance.
 */
export async function startPairing(db: Db, now = clock.now(), asker?: { address: string | null }): Promise<{ code: string; secret: string; expiresAt: Date }> {
  if (asker) {
    const admission = await admitPublicRequest(db, `display-pairing:${asker.address ?? "unknown"}`, PAIRING_RATE, now);
    if (!admission.admitted) throw new AppError(429, "Too many pairing codes", "This display has asked for many pairing codes. Wait a few minutes, then ask again.", { code: "pairing_rate", retryAfter: admission.retryAfterSeconds });
  }
  await db.delete(displayPairings).where(lt(displayPairings.expiresAt, new Date(now - 60 * 60_000)));
  const [open] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(displayPairings)
    .where(and(isNull(displayPairings.claimedAt), sql`${displayPairings.expiresAt} > ${new Date(now)}`));
  if ((open?.n ?? 0) >= MAX_OPEN_PAIRINGS) throw new AppError(503, "Pairing is busy", "Too many displays are waiting to be paired. Try again in a few minutes.", { code: "pairing_busy" });
  const secret = newSecret();
  const expiresAt = new Date(now + PAIRING_TTL_MS);
  for (let attempt = 0; attempt < 8; attempt++) {
    const code = newCode();
    const [row] = await db
      .insert(displayPairings)
      .values({ id: randomUUID(), code, secretHash: sha256(secret), expiresAt, createdAt: new Date(now) })
      .onConflictDoNothing()
      .returning({ code: displayPairings.code });
    if (row) return { code: row.code, secret, expiresAt };
  }
  throw new AppError(503, "Pairing is busy", "No free pairing code was found. Try again.", { code: "pairing_busy" });
}

/**
 * What a TV waiting with its pairing secret learns. Once an admin claimed its code it collects its
 * display session token exactly once (a second poll, or a copied secret, finds nothing).
 */
export async function pairingStatus(db: Db, secret: string | undefined, now = clock.now()): Promise<{ status: PairingStatus; token?: string }> {
  if (!secret) return { status: { status: "none" } };
  const [p] = await db.select().from(displayPairings).where(eq(displayPairings.secretHash, sha256(secret)));
  if (!p || p.deliveredAt) return { status: { status: "none" } };
  if (p.claimedAt && p.displayId) {
    const token = newSecret();
    return db.transaction(async (tx) => {
      const [taken] = await tx
        .update(displayPairings)
        .set({ deliveredAt: new Date(now) })
        .where(and(eq(displayPairings.id, p.id), isNull(displayPairings.deliveredAt)))
        .returning({ id: displayPairings.id });
      if (!taken) return { status: { status: "none" as const } };
      const [d] = await tx
        .update(displays)
        .set({ tokenHash: sha256(token), lastSeenAt: new Date(now) })
        .where(and(eq(displays.id, p.displayId!), isNull(displays.revokedAt)))
        .returning({ id: displays.id });
      return d ? { status: { status: "paired" as const }, token } : { status: { status: "none" as const } };
    });
  }
  if (p.expiresAt.getTime() <= now) return { status: { status: "expired" } };
  return { status: { status: "waiting", code: p.code, expiresAt: p.expiresAt.toISOString() } };
}

const codeRefused = (detail: string, code: string) => new AppError(422, "Display not paired", detail, { code, errors: { code: detail } });

/** An admin enters the code a TV shows: the code is used up and the display is created, for one clinic (and doctors). */
export async function claimPairing(db: Db, input: ClaimDisplayInput, staffId: string, now = clock.now()): Promise<Display> {
  const known = await db
    .select({ kind: directoryEntries.kind, id: directoryEntries.platformId })
    .from(directoryEntries)
    .where(inArray(directoryEntries.platformId, [input.clinicId, ...input.doctors.map((d) => d.doctorId)]));
  const errors: Record<string, string> = {};
  if (!known.some((k) => k.kind === "clinic" && k.id === input.clinicId)) errors.clinicId = "This clinic is not in Settings → Clinics.";
  input.doctors.forEach((d, i) => {
    if (!known.some((k) => k.kind === "doctor" && k.id === d.doctorId)) errors[`doctors.${i}.doctorId`] = "This doctor is not in Settings → Clinics.";
  });
  if (new Set(input.doctors.map((d) => d.doctorId)).size !== input.doctors.length) errors.doctors = "Each doctor is listed once.";
  if (Object.keys(errors).length) throw new AppError(422, "Display not paired", Object.values(errors)[0], { code: "display_invalid", errors });

  return db.transaction(async (tx) => {
    const [p] = await tx.select().from(displayPairings).where(eq(displayPairings.code, input.code)).for("update");
    if (!p) throw codeRefused("No display shows this code. Check the code on the TV's screen.", "pairing_code_unknown");
    if (p.claimedAt) throw codeRefused("This code was already used to pair a display. A code pairs one display, once: press “New code” on the TV.", "pairing_code_used");
    if (p.expiresAt.getTime() <= now) throw codeRefused("This code has expired. Press “New code” on the TV and enter the new one.", "pairing_code_expired");
    const [display] = await tx
      .insert(displays)
      .values({ id: randomUUID(), name: input.name, clinicId: input.clinicId, doctors: input.doctors.map((d): DisplayDoctor => ({ doctorId: d.doctorId })), pairedBy: staffId, createdAt: new Date(now) })
      .returning();
    await tx.update(displayPairings).set({ claimedAt: new Date(now), displayId: display!.id }).where(eq(displayPairings.id, p.id));
    return display!;
  });
}

/** The display a session token belongs to, unless it was revoked. */
export async function displayForToken(db: Db, token: string | undefined): Promise<Display | null> {
  if (!token || token.length > 200) return null;
  const [d] = await db.select().from(displays).where(and(eq(displays.tokenHash, sha256(token)), isNull(displays.revokedAt)));
  return d ?? null;
}

export async function stillPaired(db: Db, displayId: string): Promise<boolean> {
  const [d] = await db.select({ revokedAt: displays.revokedAt }).from(displays).where(eq(displays.id, displayId));
  return !!d && !d.revokedAt;
}

export async function touchDisplay(db: Db, displayId: string, now = clock.now()): Promise<void> {
  await db.update(displays).set({ lastSeenAt: new Date(now) }).where(eq(displays.id, displayId));
}

/** Revokes a display: its session stops working on every instance, and its open streams are told at once. */
export async function revokeDisplay(db: Db, hub: DisplayHub, displayId: string, staffId: string, now = clock.now()): Promise<void> {
  const [d] = await db
    .update(displays)
    .set({ revokedAt: new Date(now), revokedBy: staffId, tokenHash: null })
    .where(and(eq(displays.id, displayId), isNull(displays.revokedAt)))
    .returning({ id: displays.id });
  if (!d) throw new NotFoundError("No paired display has this id; it may have been revoked already.");
  await hub.publish({ kind: "revoked", displayId });
}

async function names(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: directoryEntries.platformId, kind: directoryEntries.kind, name: directoryEntries.displayName }).from(directoryEntries).where(inArray(directoryEntries.platformId, ids));
  return new Map(rows.map((r) => [`${r.kind}:${r.id}`, r.name]));
}

export async function listDisplays(db: Db, now = clock.now()): Promise<DisplayList> {
  const rows = await db.select().from(displays).where(isNull(displays.revokedAt)).orderBy(asc(displays.createdAt));
  const directory = await names(db, [...new Set(rows.flatMap((r) => [r.clinicId, ...r.doctors.map((d) => d.doctorId)]))]);
  const roomsByClinic = new Map<string, Map<string, string>>();
  for (const clinicId of new Set(rows.map((r) => r.clinicId))) roomsByClinic.set(clinicId, await roomsOnDay(db, clinicId, clinicDay(now, await clinicTimeZone(db, clinicId))));
  return {
    displays: rows.map((r) => ({
      id: r.id,
      name: r.name,
      clinicId: r.clinicId,
      clinicName: directory.get(`clinic:${r.clinicId}`) ?? r.clinicId,
      doctors: r.doctors.map((d) => ({ doctorId: d.doctorId, doctorName: directory.get(`doctor:${d.doctorId}`) ?? d.doctorId, room: roomsByClinic.get(r.clinicId)?.get(d.doctorId) ?? null })),
      createdAt: r.createdAt.toISOString(),
      lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
      connected: !!r.tokenHash && !!r.lastSeenAt && now - r.lastSeenAt.getTime() < CONNECTED_WITHIN_MS,
    })),
  };
}

/** "Ravi Shankar" → "R S"; a single name gives one letter. Letters of any script (Devanagari included). */
export function initialsOf(first: string | null | undefined, last: string | null | undefined): string {
  const letter = (s: string | null | undefined) => {
    const word = s?.trim().split(/\s+/)[0];
    return word ? Array.from(word)[0]!.toLocaleUpperCase("en-IN") : "";
  };
  return [letter(first), letter(last)].filter(Boolean).join(" ");
}

/**
 * The waiting room's view of the day for one display: per doctor, the token now serving and the next
 * few in the order they will be called. It carries tokens and initials only — never a name, mobile
 * or UHID — and the feed's schema is strict, so nothing else can slip in.
 */
export async function displayFeed(db: Db, display: Pick<Display, "name" | "clinicId" | "doctors">, config: Pick<CounterConfig, "priorityMarks" | "skipReturnAfter">, now = clock.now()): Promise<DisplayFeed> {
  const timeZone = await clinicTimeZone(db, display.clinicId);
  const day = clinicDay(now, timeZone);
  const configured = display.doctors.map((d) => d.doctorId);
  const rows = await db
    .select({
      doctorId: queueAppointments.doctorId,
      patientId: queueAppointments.patientId,
      status: queueAppointments.status,
      tokenNumber: queueAppointments.tokenNumber,
      tokenLabel: queueAppointments.tokenLabel,
      priority: queueAppointments.priority,
      skippedAtCall: queueAppointments.skippedAtCall,
      calledAt: queueAppointments.calledAt,
    })
    .from(queueAppointments)
    .where(and(eq(queueAppointments.clinicId, display.clinicId), eq(queueAppointments.day, day), configured.length ? inArray(queueAppointments.doctorId, configured) : undefined));
  const doctorIds = configured.length ? configured : [...new Set(rows.filter((r) => r.tokenNumber !== null).map((r) => r.doctorId))];
  const live = rows.filter((r) => r.tokenNumber !== null && (r.status === "checked_in" || r.status === "in_consultation"));
  const patients = live.length
    ? await db.select({ id: patientIndex.id, first: patientIndex.firstName, last: patientIndex.lastName }).from(patientIndex).where(inArray(patientIndex.id, [...new Set(live.map((r) => r.patientId))]))
    : [];
  const initials = new Map(patients.map((p) => [p.id, initialsOf(p.first, p.last)]));
  const counters = doctorIds.length
    ? await db.select({ doctorId: queueCounters.doctorId, calls: queueCounters.calls }).from(queueCounters).where(and(eq(queueCounters.clinicId, display.clinicId), eq(queueCounters.day, day), inArray(queueCounters.doctorId, doctorIds)))
    : [];
  const directory = await names(db, [display.clinicId, ...doctorIds]);
  const token = (r: (typeof live)[number]): DisplayToken => ({ token: r.tokenLabel ?? String(r.tokenNumber), initials: initials.get(r.patientId) ?? "" });
  const rooms = await roomsOnDay(db, display.clinicId, day, doctorIds);

  const doctors = doctorIds.map((doctorId, i) => {
    const mine = live.filter((r) => r.doctorId === doctorId);
    const serving = mine
      .filter((r) => r.status === "in_consultation")
      .sort((a, b) => (b.calledAt?.getTime() ?? 0) - (a.calledAt?.getTime() ?? 0))[0];
    const calls = counters.find((c) => c.doctorId === doctorId)?.calls ?? 0;
    const waiting = callOrder(
      mine.filter((r) => r.status === "checked_in").map((r) => ({ ...r, tokenNumber: r.tokenNumber! })),
      { calls, skipReturnAfter: config.skipReturnAfter, marks: config.priorityMarks },
    );
    return {
      key: `d${i + 1}`,
      doctorName: directory.get(`doctor:${doctorId}`) ?? doctorId,
      room: rooms.get(doctorId) ?? null,
      nowServing: serving ? token(serving) : null,
      calledAt: serving?.calledAt?.toISOString() ?? null,
      next: waiting.slice(0, DISPLAY_NEXT_COUNT).map(token),
    };
  });
  if (!configured.length) doctors.sort((a, b) => a.doctorName.localeCompare(b.doctorName, "en-IN"));
  return { displayName: display.name, clinicName: directory.get(`clinic:${display.clinicId}`) ?? "", timeZone, doctors, at: new Date(now).toISOString() };
}
