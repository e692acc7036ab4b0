/** Kept free of `server-only`: auth/staff-sessions.ts, which npm run staff:signout loads, keeps its cache here. */
// On globalThis: Next's development reloads and separately bundled routes would otherwise each build their own.
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
