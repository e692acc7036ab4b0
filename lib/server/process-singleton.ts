/**
 * Kept free of `server-only`: auth/staff-sessions.ts, which npm run staff:signout loads, keeps its cache here.
 *
 * On globalThis: Next's development reloads and separately bundled routes (each route handler, page,
 * proxy.ts and instrumentation.ts get their own copy of a module) would otherwise each build their
 * own. The app's services are composed once, in services.ts, under one slot; the others are values
 * that must be one per process whichever copy of a module asks, and that services() cannot own:
 * - the database (db/index.ts): PGlite holds its data directory; services() is built on it;
 * - error classes (errors.ts): `instanceof` must hold across route bundles;
 * - locks and queues (db/key-lock.ts, desk-outbox.ts, queue/sandbox-day.ts): a lock held in one
 *   bundle's copy must hold in every other's; the outbox's registered kinds likewise;
 * - caches read on every request before any service is needed, some by CLI scripts outside Next
 *   (auth/staff-sessions.ts, auth/session-watch.ts, drugs/answer-cache.ts, request-info.ts, log.ts);
 * - process-level hooks installed once (shutdown.ts signal handlers, the reconciler's timer, the
 *   platform's keep-alive connection pool in platform/http.ts).
 */
const slots = globalThis as unknown as Record<string, unknown>;

/** The one value `key` names in this server process, made by `create` on first use. */
export function processSingleton<T>(key: string, create: () => T): T {
  if (slots[key] === undefined) slots[key] = create();
  return slots[key] as T;
}

/** A value built asynchronously once per process; a failed build is forgotten so the next caller tries again. */
export function processSingletonAsync<T>(key: string, create: () => Promise<T>): Promise<T> {
  return processSingleton(key, () => {
    const building: Promise<T> = create().catch((err: unknown) => {
      if (slots[key] === building) slots[key] = undefined;
      throw err;
    });
    return building;
  });
}
