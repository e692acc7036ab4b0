import "server-only";
import { createHash, createHmac } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { callOrder } from "@/lib/queue/call-order";
import type { PriorityMark } from "@/lib/queue/priority-marks";
import { addDays } from "@/lib/schemas/calendar";
import { StatusToken, type VisitStatus } from "@/lib/schemas/visit-status";
import * as clock from "@/lib/clock";
import type { Db } from "../db/connect";
import { queueAppointments, queueCounters, visitStatusLinks } from "../db/schema";
import { recordAudit } from "../audit";
import { admitPublicRequest } from "../public-rate-limit";
import { clinicTimeZone } from "./desk-bookings";

/** Used until the doctor has finished a consultation today. */
export const DEFAULT_CONSULTATION_MINUTES = 10;

/**
 * The link's secret for a visit: derived from the app's secret, so a reprinted slip carries the same
 * link, and stored only as a hash, so the database alone cannot rebuild a patient's link. 128 bits.
 */
export function statusTokenFor(secret: string, appointmentId: string): string {
  return createHmac("sha256", secret).update(`visit-status:${appointmentId}`).digest().subarray(0, 16).toString("base64url");
}

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

/** UTC offset of `timeZone` at `ms`, in ms. */
function zoneOffset(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" })
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!) - Math.floor(ms / 1000) * 1000;
}

/** The instant a clinic day (YYYY-MM-DD) ends in its time zone: the next day's midnight there. */
export function clinicDayEnd(day: string, timeZone: string): Date {
  const midnightUtc = Date.parse(`${addDays(day, 1)}T00:00:00Z`);
  const first = midnightUtc - zoneOffset(midnightUtc, timeZone);
  return new Date(midnightUtc - zoneOffset(first, timeZone));
}

/** The visit's status link (made once, kept for the day): the secret for the QR and when it stops working. */
export async function statusLinkFor(db: Db, secret: string, appointmentId: string): Promise<{ token: string; expiresAt: Date } | null> {
  const [visit] = await db.select({ day: queueAppointments.day, clinicId: queueAppointments.clinicId }).from(queueAppointments).where(eq(queueAppointments.appointmentId, appointmentId));
  if (!visit) return null;
  const token = statusTokenFor(secret, appointmentId);
  const expiresAt = clinicDayEnd(visit.day, await clinicTimeZone(db, visit.clinicId));
  await db.insert(visitStatusLinks).values({ tokenHash: hashOf(token), appointmentId, expiresAt }).onConflictDoNothing();
  return { token, expiresAt };
}

/**
 * What the status page of a link shows, from the desk's own records (works while the platform is
 * down); null for a link the desk never made (the page answers 404 and says nothing more).
 */
export async function readVisitStatus(db: Db, token: string, config: { priorityMarks: readonly PriorityMark[]; skipReturnAfter: number }, now = clock.now()): Promise<VisitStatus | null> {
  const [link] = await db.select().from(visitStatusLinks).where(eq(visitStatusLinks.tokenHash, hashOf(token)));
  if (!link) return null;
  if (link.expiresAt.getTime() <= now) return { state: "expired" };
  const [visit] = await db.select().from(queueAppointments).where(eq(queueAppointments.appointmentId, link.appointmentId));
  if (!visit) return null;
  if (visit.status === "done") return { state: "done", token: visit.tokenLabel };
  if (visit.status === "cancelled" || visit.status === "no_show") return { state: "closed", token: visit.tokenLabel };

  const day = and(eq(queueAppointments.clinicId, visit.clinicId), eq(queueAppointments.doctorId, visit.doctorId), eq(queueAppointments.day, visit.day));
  const [rows, [counter]] = await Promise.all([
    db.select().from(queueAppointments).where(and(day, inArray(queueAppointments.status, ["checked_in", "in_consultation", "done"]))),
    db.select().from(queueCounters).where(and(eq(queueCounters.clinicId, visit.clinicId), eq(queueCounters.doctorId, visit.doctorId), eq(queueCounters.day, visit.day))),
  ]);
  const serving = rows.filter((r) => r.status === "in_consultation").sort((a, b) => (b.calledAt?.getTime() ?? 0) - (a.calledAt?.getTime() ?? 0))[0];
  const lastCalled = serving ?? rows.filter((r) => r.calledAt).sort((a, b) => b.calledAt!.getTime() - a.calledAt!.getTime())[0];
  const finished = rows.filter((r) => r.status === "done" && r.calledAt).map((r) => (r.statusChangedAt.getTime() - r.calledAt!.getTime()) / 60_000);
  const sane = finished.filter((m) => m >= 1 && m <= 90);
  const averageMinutes = Math.max(1, Math.round(sane.length ? sane.reduce((a, b) => a + b, 0) / sane.length : DEFAULT_CONSULTATION_MINUTES));

  const waiting = rows.filter((r): r is typeof r & { tokenNumber: number } => r.status === "checked_in" && r.tokenNumber !== null);
  const order = callOrder(waiting, { calls: counter?.calls ?? 0, skipReturnAfter: config.skipReturnAfter, marks: config.priorityMarks });
  const position = order.findIndex((r) => r.appointmentId === visit.appointmentId);
  const ahead = visit.status === "checked_in" ? (position === -1 ? order.length : position) : 0;
  // The one with the doctor now finishes first (about half a consultation left), then each one ahead.
  const waitMinutes = visit.status === "checked_in" ? Math.round(ahead * averageMinutes + (serving ? averageMinutes / 2 : 0)) : 0;
  return {
    state: visit.status === "in_consultation" ? "called" : visit.status === "booked" ? "not_arrived" : "waiting",
    token: visit.tokenLabel,
    nowServing: lastCalled?.tokenLabel ?? null,
    ahead,
    waitMinutes,
    averageMinutes,
    expiresAt: link.expiresAt.toISOString(),
  };
}


/** Status-page requests per client address per minute: a waiting room on one Wi-Fi shares an address, so room for ~40 phones polling. */
export const STATUS_PAGE_RATE = { limit: 120, windowSeconds: 60 };

/** The rate-limit key of a status-page visitor: their address, or one shared key for every visitor whose address is unknown. */
export const statusPageRateKey = (address: string | undefined): string => `status-page:${address ?? "unknown"}`;

export type StatusAnswer = { kind: "status"; status: VisitStatus } | { kind: "not-found" } | { kind: "limited"; retryAfterSeconds: number };

/**
 * The status page's answer for an anonymous visitor: rate-limited per address, then the status of a
 * well-formed link the desk made. An unknown or malformed link is "not found", nothing more. The read
 * is audited with the visit's id only (the visitor is anonymous).
 */
export async function answerStatusPage(
  db: Db,
  token: string,
  visitor: { address: string | undefined },
  config: { priorityMarks: readonly PriorityMark[]; skipReturnAfter: number },
  now = clock.now(),
): Promise<StatusAnswer> {
  const admission = await admitPublicRequest(db, statusPageRateKey(visitor.address), STATUS_PAGE_RATE, now);
  if (!admission.admitted) return { kind: "limited", retryAfterSeconds: admission.retryAfterSeconds };
  if (!StatusToken.safeParse(token).success) return { kind: "not-found" };
  const status = await readVisitStatus(db, token, config, now);
  if (!status) return { kind: "not-found" };
  await recordAudit(db, { action: "queue.status-page", resource: "visit", resourceId: null, outcome: "ok", ip: visitor.address ?? null, detail: { state: status.state } });
  return { kind: "status", status };
}
