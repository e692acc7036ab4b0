import "server-only";
import { eq, sql } from "drizzle-orm";
import { patientError } from "@/lib/schemas/patient-messages";
import { dayInZone } from "@/lib/schemas/calendar";
import { uhidOf, uhidScope } from "@/lib/patients/uhid-format";
import * as clock from "@/lib/clock";
import type { Db } from "../db/connect";
import { patientIndex, uhidCounters, uhidIssues } from "../db/schema";
import { ValidationError } from "../errors";

export interface UhidConfig {
  format: string;
  clinicCode: string;
  timeZone: string;
}

/** A UHID a desk patient or an earlier generated number already holds (compared without case). */
async function taken(db: Pick<Db, "select">, uhid: string): Promise<boolean> {
  const lower = uhid.trim().toLowerCase();
  const [a] = await db.select({ id: patientIndex.id }).from(patientIndex).where(eq(patientIndex.uhidLower, lower)).limit(1);
  if (a) return true;
  const [b] = await db.select({ k: uhidIssues.registrationKey }).from(uhidIssues).where(eq(uhidIssues.uhidLower, lower)).limit(1);
  return !!b;
}

/**
 * The UHID of a registration the desk numbers itself. The same registration (Idempotency-Key) gets
 * the same number on every retry. A new number comes from one upsert on the scope's counter row in
 * the transaction that records the issue: PostgreSQL holds that row until the transaction ends, so
 * a second desk or instance waits and reads the next value; a rollback takes the number back. A
 * number a clinic already typed by hand for someone is passed over (recorded as skipped), never reused.
 */
export async function uhidForRegistration(db: Db, registrationKey: string, config: UhidConfig, now = clock.now()): Promise<string> {
  const [earlier] = await db.select({ uhid: uhidIssues.uhid }).from(uhidIssues).where(eq(uhidIssues.registrationKey, registrationKey));
  if (earlier) return earlier.uhid;
  const year = Number(dayInZone(now, config.timeZone).slice(0, 4));
  const scope = uhidScope(config.format, { clinic: config.clinicCode, year });
  const at = new Date(now);
  return db.transaction(async (tx) => {
    for (let attempt = 0; ; attempt++) {
      const [row] = await tx
        .insert(uhidCounters)
        .values({ scope, lastNumber: 1, updatedAt: at })
        .onConflictDoUpdate({ target: uhidCounters.scope, set: { lastNumber: sql`${uhidCounters.lastNumber} + 1`, updatedAt: at } })
        .returning({ n: uhidCounters.lastNumber });
      const uhid = uhidOf(scope, row!.n);
      const free = !(await taken(tx, uhid));
      // A number typed by hand is passed over: recorded under a key of its own so it is never issued.
      await tx.insert(uhidIssues).values({ uhidLower: free ? uhid.toLowerCase() : `${uhid.toLowerCase()} (typed)`, uhid, scope, number: row!.n, registrationKey: free ? registrationKey : `skipped:${scope}:${row!.n}`, issuedAt: at }).onConflictDoNothing();
      if (free) return uhid;
      if (attempt > 1000) throw new Error(`UHID scope ${scope}: a thousand numbers in a row were already typed by hand`);
    }
  });
}

/**
 * A UHID typed at the desk must not belong to another patient the desk knows or to a number it
 * generated: a field error, before the platform is asked.
 */
export async function assertTypedUhidFree(db: Db, uhid: string, registrationKey: string): Promise<void> {
  const lower = uhid.trim().toLowerCase();
  const [issued] = await db.select({ key: uhidIssues.registrationKey }).from(uhidIssues).where(eq(uhidIssues.uhidLower, lower)).limit(1);
  const [indexed] = await db.select({ id: patientIndex.id }).from(patientIndex).where(eq(patientIndex.uhidLower, lower)).limit(1);
  if ((issued && issued.key !== registrationKey) || indexed) {
    throw new ValidationError({ uhid: patientError("uhid.taken") }, "This UHID is already used by another patient.");
  }
}
