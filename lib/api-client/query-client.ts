import { QueryClient, isServer } from "@tanstack/react-query";
import { ApiProblemError } from "./problem-error";

/**
 * One quick retry for blips (network, 502, 503). Client errors (4xx) won't change on a second
 * try, and a 504 already cost the full platform timeout, so staff get a Retry button instead.
 */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (!(error instanceof ApiProblemError)) return true;
  return error.kind === "network" || error.status === 502 || error.status === 503;
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: shouldRetry,
        retryDelay: 500,
        refetchOnWindowFocus: false,
      },
    },
  });
}

let browserQueryClient: QueryClient | undefined;

/** One client per browser tab; a fresh one per server render so requests never share a cache. */
export function getQueryClient(): QueryClient {
  if (isServer) return makeQueryClient();
  browserQueryClient ??= makeQueryClient();
  return browserQueryClient;
}
