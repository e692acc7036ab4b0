import "server-only";
/**
 * One holder at a time per name, across every app instance sharing the database.
 *
 * PostgreSQL: a session advisory lock on one pooled connection, and the work runs on that same
 * connection (each statement commits on its own, so what the work records survives a later failure).
 * Holding the lock costs no connection beyond the one the work uses, so a burst of registrations
 * cannot starve the pool. PGlite serves one process, so an in-process queue per database is the lock.
 */
import { drizzle } from "drizzle-orm/node-postgres";
import type { Pool } from "pg";
import type { Db } from "./connect";
import * as schema from "./schema";
import { processSingleton } from "../process-singleton";

const isPool = (client: unknown): client is Pool =>
  typeof (client as Pool | undefined)?.connect === "function" && typeof (client as Pool).totalCount === "number";

/** The tail of each name's queue, per PGlite database (shared by every copy of this module). */
const queues = processSingleton("__clinicKeyLockQueues", () => new WeakMap<object, Map<string, Promise<unknown>>>());

export async function withKeyLock<T>(db: Db, name: string, work: (db: Db) => Promise<T>): Promise<T> {
  const client: unknown = (db as unknown as { $client?: unknown }).$client;
  if (isPool(client)) {
    const conn = await client.connect();
    let broken: Error | undefined;
    const mark = (err: Error) => {
      broken = err;
      throw err;
    };
    try {
      await conn.query("select pg_advisory_lock(hashtext($1))", [name]).catch(mark);
      try {
        return await work(drizzle(conn, { schema }) as unknown as Db);
      } finally {
        await conn.query("select pg_advisory_unlock(hashtext($1))", [name]).catch((err: Error) => void (broken = err));
      }
    } finally {
      // A connection whose lock state is unknown is closed (the server then drops its locks), never reused.
      conn.release(broken);
    }
  }
  const owner = (client ?? db) as object;
  let byName = queues.get(owner);
  if (!byName) queues.set(owner, (byName = new Map()));
  const before = byName.get(name) ?? Promise.resolve();
  const turn = before.catch(() => undefined).then(() => work(db));
  const tail = turn.catch(() => undefined);
  byName.set(name, tail);
  void tail.then(() => {
    if (byName.get(name) === tail) byName.delete(name);
  });
  return turn;
}
