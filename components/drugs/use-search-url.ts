import { useEffect } from "react";
import type { DrugSearchParams } from "@/lib/api-client/drugs";

/**
 * Mirrors the sent search into the address bar so it can be shared or reloaded. history.replaceState
 * keeps it shallow: Next's router picks up the URL without a server round-trip or a new history entry.
 */
export function useSearchUrl(params: DrugSearchParams) {
  useEffect(() => {
    const url = new URL(window.location.href);
    const set = (name: string, value: string | undefined) => (value ? url.searchParams.set(name, value) : url.searchParams.delete(name));
    set("q", params.q || undefined);
    set("category", params.category || undefined);
    set("exact", params.exact ? "true" : undefined);
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, "", url);
  }, [params.q, params.category, params.exact]);
}
