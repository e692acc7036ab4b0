import type { QueryClient, QueryFilters } from "@tanstack/react-query";

/**
 * Reads the matching queries again, from now: what a stream message or a stream's (re)opening asks for.
 *
 * invalidateQueries restarts a refetch already under way, but a query's first read (no data yet) it
 * only waits on. That read may have been answered before the change the message tells of, and it
 * would then be the last word: a share or a walk-in missing until the next change. So a first read
 * under way is let finish (cancelling it instead could keep a busy clinic's board empty, one message
 * after another) and the queries are read again after it.
 */
export async function readAgainFromNow(client: QueryClient, filters: QueryFilters): Promise<void> {
  const firstReads: QueryFilters = { ...filters, fetchStatus: "fetching", predicate: (q) => q.state.data === undefined && (filters.predicate?.(q) ?? true) };
  if (client.isFetching(firstReads) > 0) await client.refetchQueries(firstReads, { cancelRefetch: false });
  await client.invalidateQueries(filters);
}
