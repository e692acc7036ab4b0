import type { QueryClient, QueryFilters } from "@tanstack/react-query";

/**
 * Reads the matching queries again, from now: what a stream message or a stream's (re)opening asks for.
 *
 * invalidateQueries restarts a refetch already under way, but a query's first read (no data yet) it
 * only waits on. That read may have been answered before the change the message tells of, and it
 * would then be the last word: a share or a walk-in missing until the next change. Those first reads
 * are cancelled first (the query goes back to waiting), so the read that follows starts after the change.
 */
export function readAgainFromNow(client: QueryClient, filters: QueryFilters): Promise<void> {
  const firstReads: QueryFilters = { ...filters, fetchStatus: "fetching", predicate: (q) => q.state.data === undefined && (filters.predicate?.(q) ?? true) };
  if (client.isFetching(firstReads) === 0) return client.invalidateQueries(filters);
  return client.cancelQueries(firstReads).then(() => client.invalidateQueries(filters));
}
