import "server-only";
import { eq, sql } from "drizzle-orm";
import { PatientRegistration } from "@/lib/schemas/patients";
import type { Db } from "../db";
import { staff } from "../db/schema";
import { log } from "../log";
import type { PatientsApi } from "@/lib/platform/client";
import type { StaffIdentity } from "@/lib/platform/client";
import { processSingleton } from "../process-singleton";
import { registerPatient } from "./register-patient";
import * as clock from "@/lib/clock";

/** A create younger than this may still be waiting for its own answer in a live request. */
const SETTLE_AFTER_MS = 15_000;
const EVERY_MS = 10_000;
const BATCH = 20;

interface Claimed {
  key: string;
  staffId: string;
  details: unknown;
  requestHash: string;
}

/**
 * Takes up to `limit` registrations whose outcome is unknown and due a look, and pushes their next
 * look back (longer after each try). FOR UPDATE SKIP LOCKED: two instances never take the same one.
 */
async function claimDue(db: Db, limit: number, settleAfterMs: number): Promise<Claimed[]> {
  // The desk's clock, not the database's now(): the times compared here were stamped by the desk.
  const now = sql`${clock.nowDate().toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    update patient_registrations r
       set check_after = ${now} + least(interval '30 seconds' * power(2, least(r.checks, 7)), interval '1 hour'),
           checks = r.checks + 1
     where r.idempotency_key in (
       select idempotency_key from patient_registrations
        where outcome_unknown_since is not null and patient_id is null and details is not null
          and outcome_unknown_since < ${now} - make_interval(secs => ${settleAfterMs / 1000})
          and (check_after is null or check_after <= ${now})
        order by check_after nulls first
        limit ${limit}
        for update skip locked)
    returning r.idempotency_key as key, r.staff_id as "staffId", r.details, r.request_hash as "requestHash"`);
  return (result as unknown as { rows: Claimed[] }).rows;
}

export type PatientsFor = (staff: StaffIdentity) => PatientsApi;

/**
 * Settles registrations the desk lost the answer to (a timeout, or the process died between
 * recording the intent and hearing back): the same path as a retry with the same key, acting as
 * the staff member who started it, so the platform is asked first and a patient is made at most once.
 */
export async function reconcileRegistrations(db: Db, patientsFor: PatientsFor, opts: { limit?: number; settleAfterMs?: number } = {}) {
  const due = await claimDue(db, opts.limit ?? BATCH, opts.settleAfterMs ?? SETTLE_AFTER_MS);
  let resolved = 0;
  for (const row of due) {
    const [who] = await db.select({ id: staff.id, email: staff.email, name: staff.name, role: staff.role }).from(staff).where(eq(staff.id, row.staffId));
    const details = PatientRegistration.safeParse(row.details);
    if (!who || !details.success) continue;
    try {
      const outcome = await registerPatient({ db, patients: patientsFor(who), staffId: who.id }, row.key, details.data, row.requestHash);
      if (!("state" in outcome)) resolved++;
    } catch (err) {
      log().warn({ reason: err instanceof Error ? err.message : String(err) }, "a registration's outcome could not be settled yet");
    }
  }
  return { looked: due.length, resolved };
}

const loop = processSingleton("__registrationReconciler", () => ({ timer: undefined as ReturnType<typeof setInterval> | undefined, busy: false }));

/** Runs the reconciler now and every few seconds for the life of the process (started with the app's services). */
export function startRegistrationReconciler(db: Db, patientsFor: PatientsFor) {
  if (loop.timer) return;
  const tick = () => {
    if (loop.busy) return;
    loop.busy = true;
    reconcileRegistrations(db, patientsFor)
      .catch((err) => log().warn({ reason: err instanceof Error ? err.message : String(err) }, "registration reconciler could not run"))
      .finally(() => (loop.busy = false));
  };
  loop.timer = setInterval(tick, EVERY_MS);
  loop.timer.unref?.();
  tick();
}
