import "server-only";
import { and, asc, eq, isNull, lte, or, sql } from "drizzle-orm";
import * as clock from "@/lib/clock";
import type { Db } from "./db";
import { deskOutbox } from "./db/schema";
import { log } from "./log";
import { processSingleton } from "./process-singleton";

/**
 * What the desk records after the platform has accepted a write: a kind, and the fields its
 * feature needs, stored as is in desk_outbox when it cannot be applied now. Each feature registers
 * its own kinds where it keeps its data (deskWriteKind), so this file knows none of them. Each
 * kind's write is idempotent (an upsert, a conflict-ignoring insert, or setting a value), so
 * applying one twice leaves one desk record.
 */
export interface DeskWrite {
  readonly kind: string;
}

/** "done": written now; "catching-up": the platform has it, and the desk copy follows in the background. */
export type DeskCopy = "done" | "catching-up";

type Apply = (db: Db, write: DeskWrite) => Promise<void>;
interface Kind {
  apply: Apply;
  /** How long a queued write of this kind waits before its next try, by the tries so far; none: every drain (5 s). */
  retryAfterMs?: (attempts: number) => number;
}

/**
 * The registered kinds, process-wide: the drain runs in whichever route bundle built the services
 * first, and must find the kinds registered by the features of every other bundle.
 */
const kinds = processSingleton("__deskOutboxKinds", () => new Map<string, Kind>());

/**
 * Registers a kind of desk write and returns its constructor. The kind's name is stored with
 * queued writes, so it must stay the same from release to release.
 */
export function deskWriteKind<K extends string, F extends object>(
  kind: K,
  apply: (db: Db, write: F & { kind: K }) => Promise<unknown>,
  options: { retryAfterMs?: (attempts: number) => number } = {},
): (fields: F) => F & { kind: K } {
  kinds.set(kind, { apply: async (db, write) => void (await apply(db, write as F & { kind: K })), retryAfterMs: options.retryAfterMs });
  return (fields) => ({ ...fields, kind });
}

/** Kinds registered now (tests, diagnostics). */
export const registeredDeskWriteKinds = () => [...kinds.keys()].sort();

class UnregisteredKind extends Error {}

async function apply(db: Db, w: DeskWrite): Promise<void> {
  const run = kinds.get(w.kind);
  // A queued write whose feature this process has not loaded yet waits for it (the drain retries).
  if (!run) throw new UnregisteredKind(`no feature has registered the desk write kind "${w.kind}" in this process yet`);
  await run.apply(db, w);
}

const RETRY_DELAYS_MS = [0, 100, 400];
const DRAIN_EVERY_MS = 5_000;
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const reason = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);

interface OutboxState {
  /** Writes the database could not take even into the outbox (it is down): kept until it answers again. */
  memory: DeskWrite[];
  /** The waits before each in-line attempt, when not RETRY_DELAYS_MS (setDeskWriteRetryDelays). */
  retryDelaysMs?: readonly number[];
  timer: ReturnType<typeof setInterval> | undefined;
  /** A drainSoon pass is running; another was asked for meanwhile. */
  soon?: boolean;
  again?: boolean;
}
/**
 * Per database, not per process: a write queued for one database (one test's, one services
 * instance's) must never be applied to another opened in the same process.
 */
const states = processSingleton("__deskOutboxStates", () => new WeakMap<object, OutboxState>());
function stateOf(db: Db): OutboxState {
  // Keyed by the connection under the query builder, which every wrapper of the same database shares.
  const key: object = (db as { $client?: object }).$client ?? db;
  let state = states.get(key);
  if (!state) states.set(key, (state = { memory: [], timer: undefined }));
  return state;
}

/**
 * The waits before each in-line attempt of a desk write to this database (null: the default
 * 0, 100, 400 ms). For tests: what a failing write proves does not depend on how long it waits.
 */
export function setDeskWriteRetryDelays(db: Db, delaysMs: readonly number[] | null): void {
  stateOf(db).retryDelaysMs = delaysMs ?? undefined;
}
const retryDelays = (db: Db) => stateOf(db).retryDelaysMs ?? RETRY_DELAYS_MS;

async function tryApply(db: Db, w: DeskWrite): Promise<unknown> {
  let last: unknown;
  for (const delay of retryDelays(db)) {
    if (delay) await wait(delay);
    try {
      await apply(db, w);
      return undefined;
    } catch (err) {
      last = err;
    }
  }
  return last;
}

async function enqueue(db: Db, w: DeskWrite, err: unknown): Promise<void> {
  try {
    await db.insert(deskOutbox).values({ kind: w.kind, payload: w, attempts: retryDelays(db).length, lastError: reason(err) });
  } catch {
    stateOf(db).memory.push(w);
  }
  startDraining(db);
}

/**
 * Makes the desk copy of what the platform just accepted: now if the database takes it (retrying
 * briefly), else queued for the reconcile step. Never throws: the platform write has happened.
 */
export async function writeDeskCopy(db: Db, ...writes: DeskWrite[]): Promise<DeskCopy> {
  let copy: DeskCopy = "done";
  for (const w of writes) {
    const err = await tryApply(db, w);
    if (err === undefined) continue;
    log().warn({ kind: w.kind, reason: reason(err) }, "desk copy queued after the platform accepted it");
    await enqueue(db, w, err);
    copy = "catching-up";
  }
  return copy;
}

/**
 * Queues a write to be applied by the drain rather than now: for a write that must survive a crash
 * from the moment it is decided (call it inside the transaction that decides it), such as an
 * answer owed to another system. The drain is started, so it is first tried within moments.
 */
export async function queueDeskWrite(db: Db, w: DeskWrite): Promise<void> {
  await db.insert(deskOutbox).values({ kind: w.kind, payload: w, attempts: 0 });
}

/**
 * Tries queued writes now (after the transaction that queued them has committed), then keeps draining
 * in the background. One such drain at a time per database in this process: a call while one runs
 * asks for one more pass after it, so a burst of shares never sends one write from two drains at once.
 */
export function drainSoon(db: Db): void {
  const state = stateOf(db);
  if (state.soon) {
    state.again = true;
    return;
  }
  state.soon = true;
  void drainDeskOutbox(db)
    .catch((err) => {
      log().warn({ reason: reason(err) }, "desk outbox could not be drained yet");
      startDraining(db);
    })
    .finally(() => {
      state.soon = false;
      if (state.again) {
        state.again = false;
        drainSoon(db);
      }
    });
}

/** The reconcile step: applies every queued desk write that is due, oldest first. Returns how many are still waiting. */
export async function drainDeskOutbox(db: Db, limit = 100): Promise<number> {
  const { memory } = stateOf(db);
  for (const w of memory.splice(0)) {
    try {
      await apply(db, w);
    } catch (err) {
      await enqueue(db, w, err);
    }
  }
  const rows = await db
    .select()
    .from(deskOutbox)
    .where(and(isNull(deskOutbox.doneAt), or(isNull(deskOutbox.nextAttemptAt), lte(deskOutbox.nextAttemptAt, clock.nowDate()))))
    .orderBy(asc(deskOutbox.createdAt))
    .limit(limit);
  let waiting = memory.length;
  for (const row of rows) {
    try {
      await apply(db, row.payload as DeskWrite);
      await db.update(deskOutbox).set({ doneAt: new Date() }).where(and(eq(deskOutbox.id, row.id), isNull(deskOutbox.doneAt)));
    } catch (err) {
      waiting++;
      const backoff = kinds.get(row.kind)?.retryAfterMs?.(row.attempts + 1);
      await db
        .update(deskOutbox)
        .set({ attempts: sql`${deskOutbox.attempts} + 1`, lastError: reason(err), ...(backoff !== undefined ? { nextAttemptAt: new Date(clock.now() + backoff) } : {}) })
        .where(eq(deskOutbox.id, row.id))
        .catch(() => {});
    }
  }
  // Writes waiting out a backoff are still waiting.
  const [later] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(deskOutbox)
    .where(and(isNull(deskOutbox.doneAt), sql`${deskOutbox.nextAttemptAt} > ${clock.nowDate().toISOString()}::timestamptz`));
  waiting += Number(later?.n ?? 0);
  // Writes left from before a restart (or of a feature not loaded yet) are retried in the background.
  if (waiting > 0) startDraining(db);
  return waiting;
}

/**
 * Stops one database's background retries (a test that owns its drain, so a retry it started cannot
 * settle what a later test expects still queued). Queued writes stay queued for the next drain.
 */
export function stopDeskOutboxDrain(db: Db): void {
  const drainer = stateOf(db);
  clearInterval(drainer.timer);
  drainer.timer = undefined;
}

/** Queued writes are retried in the background until none is left. */
function startDraining(db: Db) {
  const drainer = stateOf(db);
  if (drainer.timer) return;
  const timer = setInterval(() => {
    drainDeskOutbox(db)
      .then((waiting) => {
        if (waiting === 0 && drainer.timer === timer) {
          clearInterval(timer);
          drainer.timer = undefined;
        }
      })
      .catch((err) => log().warn({ reason: reason(err) }, "desk outbox could not be drained yet"));
  }, DRAIN_EVERY_MS);
  timer.unref?.();
  drainer.timer = timer;
}
