import "server-only";
/**
 * One holder at a time per name, across every app instance sharing the database.
 *
 * PostgreSQL: a session advisory lock held on its own pooled connection while the work runs on the
 * database handle it was given (each statement commits on its own, so what the work records
 * survives a later failure). At most half the pool holds such locks at once, so the work always
 * finds a connection. PGlite serves one process, so an in-process queue per database is the lock.
 */
import type { Pool } from "pg";
import type { Db } from "./connect";
import { processSingleton } from "../process-singleton";

const isPool = (client: unknown): client is Pool =>
  typeof (client as Pool | undefined)?.connect === "function" && typeof (client as Pool).totalCount === "number";

/** The tail of each name's queue, per PGlite database (shared by every copy of this module). */
const queues = processSingleton("__clinicKeyLockQueues", () => new WeakMap<object, Map<string, Promise<unknown>>>());
/** Lock connections in use per pool, and who waits for one. */
const holders = processSingleton("__clinicKeyLockHolders", () => new WeakMap<Pool, { active: number; waiting: (() => void)[] }>());

async function lockSlot(pool: Pool): Promise<() => void> {
  let slots = holders.get(pool);
  if (!slots) holders.set(pool, (slots = { active: 0, waiting: [] }));
  const s = slots;
  const cap = Math.max(1, Math.floor((pool.options.max ?? 10) / 2));
  if (s.active < cap) s.active++;
  else await new Promise<void>((resolve) => s.waiting.push(resolve));
  // A freed slot passes straight to the next waiter; only when nobody waits is it given back.
  return () => {
    const next = s.waiting.shift();
    if (next) next();
    else s.active--;
  };
}

export async function withKeyLock<T>(db: Db, name: string, work: () => Promise<T>): Promise<T> {
  const client: unknown = (db as unknown as { $client?: unknown }).$client;
  if (isPool(client)) {
    const release = await lockSlot(client);
    try {
      const conn = await client.connect();
      let broken: Error | undefined;
      try {
        await conn.query("select pg_advisory_lock(hashtext($1))", [name]).catch((err: Error) => {
          broken = err;
          throw err;
        });
        try {
          return await work();
        } finally {
          await conn.query("select pg_advisory_unlock(hashtext($1))", [name]).catch((err: Error) => void (broken = err));
        }
      } finally {
        // A connection whose lock state is unknown is closed (the server then drops its locks), never reused.
        conn.release(broken);
      }
    } finally {
      release();
    }
  }
  const owner = (client ?? db) as object;
  let byName = queues.get(owner);
  if (!byName) queues.set(owner, (byName = new Map()));
  const before = byName.get(name) ?? Promise.resolve();
  const turn = before.catch(() => undefined).then(work);
  const tail = turn.catch(() => undefined);
  byName.set(name, tail);
  void tail.then(() => {
    if (byName.get(name) === tail) byName.delete(name);
  });
  return turn;
}
