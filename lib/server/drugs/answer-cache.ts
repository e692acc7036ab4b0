import "server-only";
import { env } from "@/lib/env";
import { processSingleton } from "../process-singleton";

/**
 * Formulary answers are reference data: the same query gets the same answer for every staff member
 * of the clinic. One instance keeps a settled answer, already serialised, for DRUG_CACHE_SECONDS,
 * so a repeated search or a re-opened entry costs neither a platform call nor parsing, ranking and
 * serialising again. Bounded (oldest out first); failures are never kept; the permission check runs
 * before the cache is asked. Another instance, or a formulary update, shows within that time.
 */
export const DRUG_CACHE_MAX_ENTRIES = 500;

interface Kept {
  json: string;
  until: number;
}

export interface AnswerCache {
  /** The answer for `key` as JSON text: kept, or made by `make` (and kept when it settles with a value). */
  json(key: string, make: () => Promise<unknown>): Promise<string | null>;
  clear(): void;
}

export function createAnswerCache(opts: { ttlMs: () => number; max?: number; now?: () => number }): AnswerCache {
  const kept = new Map<string, Kept>();
  const max = opts.max ?? DRUG_CACHE_MAX_ENTRIES;
  const now = opts.now ?? Date.now;
  return {
    async json(key, make) {
      const ttl = opts.ttlMs();
      const hit = kept.get(key);
      if (hit && hit.until > now()) {
        // Recently used answers stay longest: move to the newest end.
        kept.delete(key);
        kept.set(key, hit);
        return hit.json;
      }
      if (hit) kept.delete(key);
      const value = await make();
      // "Not found" is an answer too, but not one worth keeping: the name may be a typo being fixed.
      if (value === null || value === undefined) return null;
      const json = JSON.stringify(value);
      if (ttl > 0) {
        kept.set(key, { json, until: now() + ttl });
        while (kept.size > max) kept.delete(kept.keys().next().value!);
      }
      return json;
    },
    clear: () => kept.clear(),
  };
}

/** The process's cache of drug searches and opened entries (keys are prefixed by kind). */
export const drugAnswers = () => processSingleton("__clinicDrugAnswers", () => createAnswerCache({ ttlMs: () => env().platform.drugCacheSeconds * 1000 }));

/** The JSON answer of a drug route, never stored by the browser or a proxy (the client keeps its own copy). */
export const jsonAnswer = (json: string) => new Response(json, { headers: { "content-type": "application/json", "cache-control": "private, no-store" } });
