import "server-only";
import { and, desc, eq, isNotNull, isNull, or } from "drizzle-orm";
import type { SharePatient } from "@/lib/abdm/wire/share";
import type { CounterShare } from "@/lib/schemas/abdm-shares";
import type { QueueEntry } from "@/lib/schemas/queue";
import * as clock from "@/lib/clock";
import type { Db } from "../db/connect";
import { abdmShares, queueAppointments } from "../db/schema";
import { ConflictError, NotFoundError } from "../errors";
import { patientsByAbha } from "../patients/patient-index";
import { addWalkIn, type CounterConfig } from "../queue/opd-counter";
import type { QueueHub } from "../queue/queue-hub";

/** The profile as an ABHA card's QR payload (ABDM's card keys), so the registration form's ABHA prefill reads it unchanged. */
export function cardPayload(p: SharePatient): string {
  const dob = p.dayOfBirth && p.monthOfBirth ? `${p.dayOfBirth}/${p.monthOfBirth}/${p.yearOfBirth}` : String(p.yearOfBirth);
  return JSON.stringify({
    hidn: p.abhaNumber ?? "-",
    hid: p.abhaAddress,
    name: p.name,
    gender: p.gender,
    dob,
    ...(p.phoneNumber ? { mobile: p.phoneNumber } : {}),
    ...(p.address?.line ? { address: p.address.line } : {}),
    ...(p.address?.district ? { district_name: p.address.district } : {}),
    ...(p.address?.state ? { "state name": p.address.state } : {}),
  });
}

async function matchFor(db: Db, row: typeof abdmShares.$inferSelect): Promise<string | null> {
  // ABHA number first (it never changes), then the address.
  const byNumber = row.abhaNumber ? await patientsByAbha(db, { number: row.abhaNumber }, 1) : [];
  if (byNumber[0]) return byNumber[0].id;
  const byAddress = await patientsByAbha(db, { address: row.abhaAddress }, 1);
  return byAddress[0]?.id ?? null;
}

/** Today's shares at this clinic's counters still within their 30 minutes, or already turned into a visit; newest first. */
export async function listShares(db: Db, q: { clinicId: string; day: string }, now = clock.now()): Promise<CounterShare[]> {
  const rows = await db
    .select({ share: abdmShares, visitToken: queueAppointments.tokenLabel })
    .from(abdmShares)
    .leftJoin(queueAppointments, eq(queueAppointments.appointmentId, abdmShares.appointmentId))
    .where(and(eq(abdmShares.clinicId, q.clinicId), eq(abdmShares.day, q.day), or(isNotNull(abdmShares.handledAt), isNull(abdmShares.expiredAt))))
    .orderBy(desc(abdmShares.sharedAt));
  const open = rows.filter((r) => r.share.handledAt || r.share.expiresAt.getTime() > now);
  return Promise.all(open.map(({ share, visitToken }) => counterShareRow(db, share, visitToken)));
}

/** One share as the receptionists' list shows it (and as the queue stream announces a new one). */
export async function counterShareRow(db: Db, s: typeof abdmShares.$inferSelect, visitToken: string | null = null): Promise<CounterShare> {
  return {
    id: s.id,
    counter: s.counter,
    tokenNumber: s.tokenNumber,
    name: s.profile.name,
    gender: s.profile.gender,
    yearOfBirth: s.profile.yearOfBirth,
    abhaAddress: s.abhaAddress,
    abhaNumber: s.abhaNumber,
    mobile: s.profile.phoneNumber ?? null,
    sharedAt: s.sharedAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    patientId: s.patientId ?? (await matchFor(db, s)),
    visitToken,
    cardPayload: cardPayload(s.profile),
  };
}

/**
 * The one action on a share: find the patient by ABHA and issue their OPD token with the chosen
 * doctor (a walk-in, checked in at once). A patient the desk does not know yet is refused with
 * `register_first`: the list then opens registration prefilled from the share.
 */
export async function issueShareVisit(
  db: Db,
  hub: QueueHub,
  r: { shareId: string; doctorId: string; key: string; staffId: string },
  config: CounterConfig,
  now = clock.now(),
): Promise<{ entry: QueueEntry; replayed: boolean }> {
  const [share] = await db.select().from(abdmShares).where(eq(abdmShares.id, r.shareId));
  if (!share) throw new NotFoundError("This share is not on the list.");
  if (!share.handledAt && (share.expiredAt || share.expiresAt.getTime() <= now)) throw new ConflictError("This share has expired: ask the patient to scan again.", "share_expired");
  const patientId = share.patientId ?? (await matchFor(db, share));
  if (!patientId) throw new ConflictError("This patient is not registered yet: register them first.", "register_first");
  const out = await addWalkIn(db, hub, { key: r.key, clinicId: share.clinicId, doctorId: r.doctorId, patientId, staffId: r.staffId }, config, now);
  await db
    .update(abdmShares)
    .set({ patientId, appointmentId: out.entry.appointmentId, handledAt: new Date(now) })
    .where(eq(abdmShares.id, share.id));
  return out;
}
