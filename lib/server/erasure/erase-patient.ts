import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/connect";
import { withKeyLock } from "../db/key-lock";
import { documentCopies, documentCopyChunks, documentUploadAttempts, patientDocuments, patientErasures, patientIndex, staff } from "../db/schema";
import type { ErasureLogEntry } from "@/lib/schemas/erasure";
import { recordAudit } from "../audit";
import { removeCopyFiles } from "../documents/copies";
import { log } from "../log";
import { processSingleton } from "../process-singleton";
import * as clock from "@/lib/clock";

/** A platform patient id as the desk keeps it (the same rule as reading a profile). */
export const ERASABLE_ID = /^[A-Za-z0-9_-]{1,64}$/;

export type ErasureSource = "platform" | "admin";
export type ErasureRow = typeof patientErasures.$inferSelect;

const hashOf = (patientId: string) => createHash("sha256").update(`patient:${patientId}`).digest("hex");
const newPseudonym = () => `erased-${randomBytes(6).toString("hex")}`;

/** The JSON text of a string value equal to the id: how an id is found inside stored JSON without matching a longer one. */
const quoted = (s: string) => JSON.stringify(s);

/** Rewrites every JSON string equal to the id into the pseudonym (jsonb column, in SQL). */
const swapInJson = (column: string, id: string, pseudonym: string) => sql.raw(`replace(${column}::text, ${literal(quoted(id))}, ${literal(quoted(pseudonym))})::jsonb`);
const containsInJson = (column: string, id: string) => sql.raw(`strpos(coalesce(${column}::text, ''), ${literal(quoted(id))}) > 0`);
/** Ids and pseudonyms are [A-Za-z0-9_-] (checked before any step): quoting them is safe. */
function literal(s: string): string {
  if (!/^"?[A-Za-z0-9_-]+"?$/.test(s)) throw new Error("refusing to build SQL from an unexpected id");
  return `'${s}'`;
}

interface Step {
  /** The table (or tables) the step cleans, as the erasure log names it. */
  name: string;
  /** Idempotent: running it again after it (or part of it) ran changes nothing more. Returns rows changed. */
  run(db: Db, id: string, pseudonym: string): Promise<number>;
}

const rowCount = (r: unknown) => Number((r as { rowCount?: number; affectedRows?: number }).rowCount ?? (r as { affectedRows?: number }).affectedRows ?? 0);

/**
 * Everything the desk holds about a patient, table by table, in an order where a step never brings
 * back what an earlier one removed (queued desk writes go first: one could re-create the index row).
 */
export const ERASURE_STEPS: Step[] = [
  {
    // Queued copies of platform writes (the patient's names for the index, a document record): deleted, never applied.
    name: "desk_outbox",
    run: async (db, id) => rowCount(await db.execute(sql`delete from desk_outbox where ${containsInJson("payload", id)}`)),
  },
  {
    // The search index row: names, mobile, date of birth, UHID, ABHA, directory address.
    name: "patient_index",
    run: async (db, id) => (await db.delete(patientIndex).where(eq(patientIndex.id, id)).returning({ id: patientIndex.id })).length,
  },
  {
    // Registration attempts keep their key (a retry must not register the patient again) but lose the details.
    name: "patient_registrations",
    run: async (db, id, p) =>
      rowCount(
        await db.execute(
          sql`update patient_registrations set patient_id = ${p}, details = null, partner_ref = null, last_error = null, updated_at = ${clock.nowDate().toISOString()}::timestamptz where patient_id = ${id}`,
        ),
      ),
  },
  {
    // The desk's copies of the patient's documents (file bytes, names, hashes) and the upload attempts.
    // On PGlite the bytes are files named by their hash: removed first (a file another patient's
    // document shares stays), then the rows, so a run cut short between the two runs again whole.
    name: "documents",
    run: async (db, id) => {
      const before = await db.select({ id: patientDocuments.id }).from(patientDocuments).where(eq(patientDocuments.patientId, id));
      const files = await removeCopyFiles(db, before.map((r) => r.id));
      return files + (await db.transaction(async (tx) => {
        const rows = await tx.select({ id: patientDocuments.id }).from(patientDocuments).where(eq(patientDocuments.patientId, id));
        const ids = rows.map((r) => r.id);
        let changed = 0;
        if (ids.length) {
          const copies = await tx.select({ copyId: documentCopies.copyId }).from(documentCopies).where(inArray(documentCopies.documentRowId, ids));
          if (copies.length) changed += (await tx.delete(documentCopyChunks).where(inArray(documentCopyChunks.copyId, copies.map((c) => c.copyId))).returning({ seq: documentCopyChunks.seq })).length;
          changed += (await tx.delete(patientDocuments).where(inArray(patientDocuments.id, ids)).returning({ id: patientDocuments.id })).length;
        }
        changed += (await tx.delete(documentUploadAttempts).where(eq(documentUploadAttempts.patientId, id)).returning({ id: documentUploadAttempts.id })).length;
        return changed;
      }));
    },
  },
  {
    // Queue rows and OPD visits stay (tokens are gapless and never deleted) under the pseudonym, without the names or free text.
    name: "queue_appointments",
    run: async (db, id, p) =>
      db.transaction(async (tx) => {
        const history = await tx.execute(
          sql`update queue_status_history set reason = null where reason is not null and appointment_id in (select appointment_id from queue_appointments where patient_id = ${id} or patient_id = ${p})`,
        );
        const visits = await tx.execute(sql`update queue_appointments set patient_id = ${p}, patient_label = null, cancel_reason = null where patient_id = ${id}`);
        return rowCount(history) + rowCount(visits);
      }),
  },
  {
    // Booking attempts (their idempotency record) name the patient inside the request and the answer.
    name: "slot_bookings",
    run: async (db, id, p) =>
      rowCount(
        await db.execute(
          sql`update slot_bookings set request = ${swapInJson("request", id, p)}, booking = ${swapInJson("booking", id, p)} where ${containsInJson("request", id)} or ${containsInJson("booking", id)}`,
        ),
      ),
  },
  {
    // Platform events about the patient: the body is dropped (it may carry more than the desk reads), the desk's reading keeps the pseudonym.
    name: "webhook_inbox",
    run: async (db, id, p) =>
      rowCount(
        await db.execute(
          sql`update webhook_inbox set payload = jsonb_build_object('erased', ${p}::text), desk_event = ${swapInJson("desk_event", id, p)} where ${containsInJson("payload", id)} or ${containsInJson("desk_event", id)}`,
        ),
      ),
  },
  {
    // ABDM Scan & Share arrivals turned into this patient's visit: the shared profile (name, ABHA, mobile) is deleted.
    name: "abdm_shares",
    run: async (db, id) => rowCount(await db.execute(sql`delete from abdm_shares where patient_id = ${id}`)),
  },
  {
    // The audit trail stays, under the pseudonym: who read or changed this patient's record, and when.
    name: "audit_log",
    // The log is append-only (a trigger); a transaction that declares itself an erasure may swap the id, nothing else (0020).
    run: async (db, id, p) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.patient_erasure', 'on', true)`);
        return rowCount(
          await tx.execute(
            sql`update audit_log set resource_id = case when resource_id = ${id} then ${p} else resource_id end, detail = ${swapInJson("detail", id, p)} where resource_id = ${id} or ${containsInJson("detail", id)}`,
          ),
        );
      }),
  },
];

/** Whether the desk erased (or is erasing) this patient: their record is not copied back in on a read. */
export async function wasErased(db: Db, patientId: string): Promise<boolean> {
  const [row] = await db.select({ id: patientErasures.id }).from(patientErasures).where(eq(patientErasures.subjectHash, hashOf(patientId))).limit(1);
  return !!row;
}

/** Records the intent to erase a patient (before anything is erased); a second request for the same patient returns the first. */
export async function requestErasure(db: Db, req: { patientId: string; source: ErasureSource; requestedBy?: string | null; reason?: string | null }): Promise<ErasureRow> {
  if (!ERASABLE_ID.test(req.patientId)) throw new Error("not a patient id");
  const subjectHash = hashOf(req.patientId);
  const [created] = await db
    .insert(patientErasures)
    .values({ patientId: req.patientId, subjectHash, pseudonym: newPseudonym(), source: req.source, requestedBy: req.requestedBy ?? null, reason: req.reason ?? null, requestedAt: clock.nowDate() })
    .onConflictDoNothing({ target: patientErasures.subjectHash })
    .returning();
  if (created) return created;
  const [existing] = await db.select().from(patientErasures).where(eq(patientErasures.subjectHash, subjectHash));
  if (!existing) throw new Error("erasure not recorded");
  // Erased before, and the patient is back (registered again since): erase again under the same pseudonym.
  if (existing.completedAt) {
    const [again] = await db
      .update(patientErasures)
      .set({ patientId: req.patientId, completedAt: null, stepsDone: [], attempts: 0, lastError: null, retryAfter: null })
      .where(eq(patientErasures.id, existing.id))
      .returning();
    return again ?? existing;
  }
  return existing;
}

export interface RunOptions {
  /** For tests: called before each step; throwing there stops the erasure half-way, as a crash would. */
  beforeStep?(name: string): void | Promise<void>;
}

/**
 * Runs (or resumes) an erasure: each step not yet done, its completion recorded after it, then the log entry and the audit.
 * One runner at a time per erasure, on every instance: the sweep meets the erasure an event has just started, and two
 * runners would each count what the other had not yet erased, leaving a log that says less than was erased.
 */
export function runErasure(db: Db, erasureId: string, opts: RunOptions = {}): Promise<ErasureRow> {
  return withKeyLock(db, `erasure ${erasureId}`, () => runErasureAlone(db, erasureId, opts));
}

async function runErasureAlone(db: Db, erasureId: string, opts: RunOptions): Promise<ErasureRow> {
  const [row] = await db.select().from(patientErasures).where(eq(patientErasures.id, erasureId));
  if (!row) throw new Error("no such erasure");
  if (row.completedAt || !row.patientId) return row;
  const id = row.patientId;
  const p = row.pseudonym;
  literal(id);
  literal(p);
  const done = new Set(row.stepsDone);
  const counts = { ...row.counts };
  try {
    for (const step of ERASURE_STEPS) {
      if (done.has(step.name)) continue;
      await opts.beforeStep?.(step.name);
      counts[step.name] = (counts[step.name] ?? 0) + (await step.run(db, id, p));
      done.add(step.name);
      await db.update(patientErasures).set({ stepsDone: [...done], counts }).where(eq(patientErasures.id, erasureId));
    }
  } catch (err) {
    // Drizzle's message repeats the query; the database's own words are in the cause.
    const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
    const reason = cause instanceof Error ? cause.message : String(cause);
    await db
      .update(patientErasures)
      .set({ attempts: row.attempts + 1, lastError: reason.slice(0, 300), retryAfter: new Date(clock.now() + 15_000) })
      .where(eq(patientErasures.id, erasureId))
      .catch(() => undefined);
    log().warn({ erasureId, reason }, "a patient erasure stopped half-way; it resumes on the next sweep");
    throw err;
  }
  const [finished] = await db
    .update(patientErasures)
    .set({ patientId: null, completedAt: clock.nowDate(), lastError: null, retryAfter: null, attempts: row.attempts + 1 })
    .where(eq(patientErasures.id, erasureId))
    .returning();
  await recordAudit(db, {
    staffId: row.requestedBy,
    action: "patients.erase",
    resource: "patient",
    resourceId: p,
    outcome: "ok",
    detail: { source: row.source, counts },
  });
  return finished ?? row;
}

/** Request and run at once; answers the erasure as it stands (done, or stopped with its error kept for the sweep). */
export async function erasePatient(db: Db, req: Parameters<typeof requestErasure>[1], opts: RunOptions = {}): Promise<ErasureRow> {
  const row = await requestErasure(db, req);
  try {
    return await runErasure(db, row.id, opts);
  } catch {
    const [now] = await db.select().from(patientErasures).where(eq(patientErasures.id, row.id));
    return now ?? row;
  }
}

/**
 * The platform deleted a user (spec 6.1 user.delete): the desk erases what it holds about them. Runs
 * after the event is stored (the inbox row is erased too); a failure is left to the sweep.
 */
export async function applyErasureEvent(db: Db, kind: string, patientId: string | null): Promise<ErasureRow | null> {
  if (kind !== "user.delete" || !patientId || !ERASABLE_ID.test(patientId)) return null;
  return erasePatient(db, { patientId, source: "platform", reason: "user.delete" });
}

/** Resumes every erasure that has not finished (after a restart, or a step that failed), oldest first. Returns how many finished. */
export async function resumeErasures(db: Db, opts: RunOptions & { limit?: number } = {}): Promise<number> {
  const pending = await db
    .select({ id: patientErasures.id })
    .from(patientErasures)
    .where(and(isNull(patientErasures.completedAt), or(isNull(patientErasures.retryAfter), lte(patientErasures.retryAfter, clock.nowDate()))))
    .orderBy(asc(patientErasures.requestedAt))
    .limit(opts.limit ?? 20);
  let finished = 0;
  for (const { id } of pending) {
    try {
      await runErasure(db, id, opts);
      finished++;
    } catch {
      // Kept with its error and a later retry time.
    }
  }
  return finished;
}

/** The erasure log, newest first: pseudonyms only, never the erased id. */
export async function erasureLog(db: Db, limit = 100): Promise<ErasureLogEntry[]> {
  const rows = await db
    .select({ e: patientErasures, staffName: staff.name })
    .from(patientErasures)
    .leftJoin(staff, eq(staff.id, patientErasures.requestedBy))
    .orderBy(desc(patientErasures.requestedAt))
    .limit(limit);
  return rows.map(({ e: r, staffName }) => ({
    id: r.id,
    pseudonym: r.pseudonym,
    source: r.source,
    requestedByName: staffName ?? null,
    reason: r.reason,
    requestedAt: r.requestedAt.toISOString(),
    completedAt: r.completedAt?.toISOString() ?? null,
    counts: r.counts,
    lastError: r.lastError,
  }));
}

const EVERY_MS = 20_000;
const loop = processSingleton("__erasureSweeper", () => ({ timer: undefined as ReturnType<typeof setInterval> | undefined, busy: false }));

/** Resumes unfinished erasures at start and every 20 s (an erasure is done within a minute even after a failure). */
export function startErasureSweeper(db: Db) {
  if (loop.timer) return;
  const tick = () => {
    if (loop.busy) return;
    loop.busy = true;
    resumeErasures(db)
      .catch((err) => log().warn({ reason: err instanceof Error ? err.message : String(err) }, "erasure sweep could not run"))
      .finally(() => (loop.busy = false));
  };
  loop.timer = setInterval(tick, EVERY_MS);
  loop.timer.unref?.();
  tick();
}
