import "server-only";
import {
  PharmacologyListResponse,
  PharmacologySearchResponse,
  PharmacologySuggestResponse,
  type PharmacologyEntry,
  type PharmacologyListEntry,
} from "@/lib/platform/wire/drugs";
import type { DrugEntry, DrugEntryQuery, DrugListEntry, DrugMonograph, DrugRelated, DrugSearchQuery, DrugSearchResult, DrugSuggestions, PrescriptionResult } from "@/lib/schemas/drugs";
import { genericLineFor } from "@/lib/server/drugs/understand-query";
import { lookup } from "@/lib/server/drugs/lookup";
import type { DrugCandidate } from "@/lib/server/drugs/relevance";
import { brandsOf } from "@/lib/server/drugs/tables";
import type { PlatformHttp } from "./http";

/** A whole monograph: the list row's fields and the rest of the entry. */
export function toDrugEntry(e: PharmacologyEntry): DrugEntry {
  return {
    ...toDrugListEntry(e),
    pregnancyCategory: e.pregnancy_category,
    indications: e.indications,
    availability: e.availability,
    dose: e.dose,
    contraindications: e.contraindications,
    precautions: e.precautions,
    precautionsAppendix: e.precautions_appendix,
    adverseEffects: e.adverse_effects,
    storage: e.storage,
    note: e.note,
    comments: e.comments,
    additionalKeys: e.additional_keys,
    referenceCount: e.has_references,
  };
}

/** One row of a results list: what the list shows and what tells entries apart, nothing of the monograph. */
export function toDrugListEntry(e: PharmacologyListEntry): DrugListEntry {
  return {
    name: e.generic_name,
    components: e.components,
    isCompound: e.is_compound,
    category: e.generic_category,
    schedule: e.schedule,
    pageNumber: e.page_number,
    referencePageNumber: e.reference_page_number,
    isReference: e.is_a_reference,
  };
}

/** What the desk's relevance and brand tables read of a platform entry (lib/server/drugs works in the desk's words). */
export const drugCandidate = (e: PharmacologyListEntry): DrugCandidate => ({ name: e.generic_name, components: e.components, additionalKeys: e.additional_keys });

const num = (v: unknown) => (typeof v === "number" && Number.isFinite(v) ? v : undefined);

function toDrugSearchResult(raw: PharmacologyListResponse): DrugSearchResult {
  const info = raw.search_info;
  return {
    results: raw.results.map(toDrugListEntry),
    info: {
      query: typeof info.query === "string" ? info.query : undefined,
      total: num(info.total) ?? num(info.total_matched) ?? raw.results.length,
      tookMs: num(info.took_ms),
    },
  };
}

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, "");
const RELATED_LIMIT = 8;

/** Generic-drug reference search (spec 4.3), the sandbox's autocomplete, and related entries built from searches. */
export function drugsApi(http: PlatformHttp) {
  type SearchParams = Record<string, string | number | boolean | undefined>;
  const path = "/svc-mcp/pharmacology/v1/search";
  /** The search read as list rows: the monograph texts are neither checked nor kept. */
  const search = (query: SearchParams, signal?: AbortSignal) => http({ method: "GET", path, auth: "bearer", query, schema: PharmacologyListResponse, signal });
  /** The search read in full, for an opened entry. */
  const searchFull = (query: SearchParams, signal?: AbortSignal) => http({ method: "GET", path, auth: "bearer", query, schema: PharmacologySearchResponse, signal });

  const api = {
    /** Understands the query first (brand, strength, form, Hindi), asks the platform for the generic, and says how sure it is. */
    async findGenericDrugs(q: DrugSearchQuery, signal?: AbortSignal): Promise<DrugSearchResult> {
      const outcome = await lookup(q, (params) => search({ ...params }, signal), drugCandidate, { results: [], search_info: {} });
      const result = toDrugSearchResult({ ...outcome.raw, results: outcome.results });
      if (!outcome.confident) result.info.total = 0;
      else if (outcome.trimmed) result.info.total = outcome.results.length;
      return {
        ...result,
        understood: outcome.understanding?.understood,
        match: { confident: outcome.confident, relevance: outcome.relevance, didYouMean: outcome.didYouMean },
      };
    },

    /** Every line of a pasted prescription, read and looked up on its own (in parallel); unsure lines say so. */
    async readPrescription(text: string, signal?: AbortSignal): Promise<PrescriptionResult> {
      const lines = text.split(/\r?\n/).map((l) => l.trim().replace(/^(?:\d{1,2}[.)]|[-•*])\s+/, "")).filter(Boolean);
      const rows = await Promise.all(
        lines.map(async (line) => {
          const found = await api.findGenericDrugs({ q: line.slice(0, 200), limit: 3, exact: false }, signal);
          const entry = found.match?.confident ? found.results[0] : undefined;
          const understood = found.understood ? { ...found.understood } : undefined;
          // Answered by the platform's spelling tolerance rather than the desk's tables: the line is printed with the entry's name.
          if (entry && understood && !understood.genericLine) understood.genericLine = genericLineFor(line, entry.components.length > 1 ? entry.components : [entry.name]);
          return { line, understood, confident: entry !== undefined, entry, didYouMean: found.match?.didYouMean ?? [] };
        }),
      );
      return { rows };
    },

    /**
     * The whole monograph of one opened row, with its brands; null when the formulary holds no entry
     * of that name. The spec has no by-id read, so this is an exact-name search (then a looser one),
     * and the page tells a name's main entry from its reference entries.
     */
    async findDrugEntry(q: DrugEntryQuery, signal?: AbortSignal): Promise<DrugMonograph | null> {
      const key = squash(q.name);
      const named = (list: PharmacologyEntry[]) => list.filter((e) => squash(e.generic_name) === key);
      let candidates = named((await searchFull({ query: q.name, exact_match: true, limit: 10 }, signal)).results);
      if (candidates.length === 0) candidates = named((await searchFull({ query: q.name, limit: 50, relevance_threshold: 0 }, signal)).results);
      const same = (e: PharmacologyEntry) => (q.page === undefined || e.page_number === q.page) && (q.reference === undefined || e.is_a_reference === q.reference);
      const entry = candidates.find(same) ?? candidates.find((e) => !e.is_a_reference) ?? candidates[0];
      if (!entry) return null;
      const brands = entry.is_a_reference ? [] : brandsOf(drugCandidate(entry)).map((b) => ({ name: b.name, manufacturer: b.manufacturer, composition: b.composition, form: b.form }));
      return { entry: toDrugEntry(entry), brands };
    },

    /** Names starting with what was typed; the production platform documents no such endpoint, the sandbox serves one. */
    async suggestDrugNames(prefix: string, signal?: AbortSignal): Promise<DrugSuggestions> {
      const raw = await http({
        method: "GET",
        path: "/svc-mcp/pharmacology/v1/suggest",
        auth: "bearer",
        query: { prefix, limit: 8 },
        schema: PharmacologySuggestResponse,
        signal,
      });
      return { suggestions: raw.suggestions.map((s) => ({ name: s.generic_name, isCompound: s.is_compound, seeName: s.see, category: s.generic_category })) };
    },

    /**
     * Other names of one entry (references and the main entry they point at, joined by page numbers), combinations
     * sharing a component, and other entries of its section: all from the spec's search, so it works on any platform.
     */
    async findRelatedDrugs(name: string, signal?: AbortSignal): Promise<DrugRelated | null> {
      const own = await search({ query: name, exact_match: true, limit: 10 }, signal);
      const entry = own.results.find((e) => squash(e.generic_name) === squash(name));
      if (!entry) return null;
      const mainPage = entry.is_a_reference ? entry.reference_page_number : entry.page_number;
      const components = entry.components.filter((c) => squash(c) !== squash(entry.generic_name) || entry.components.length === 1);
      const [byName, ...byComponent] = await Promise.all([
        search({ query: name, limit: 50, relevance_threshold: 0 }, signal),
        ...components.map((c) => search({ query: c, limit: 30 }, signal)),
      ]);
      const byCategory = await search({ category: entry.generic_category, limit: 50 }, signal);
      const isSelf = (e: PharmacologyListEntry) => e.generic_name === entry.generic_name && e.page_number === entry.page_number;
      const seen = new Set<string>([squash(entry.generic_name)]);
      const take = (list: PharmacologyListEntry[], keep: (e: PharmacologyListEntry) => boolean, limit = RELATED_LIMIT) =>
        list
          .filter((e) => !isSelf(e) && keep(e) && !seen.has(squash(e.generic_name)) && seen.add(squash(e.generic_name)))
          .slice(0, limit)
          .map(toDrugListEntry);
      const alternatives = take([...byName!.results, ...own.results], (e) => (e.is_a_reference ? e.reference_page_number === mainPage : e.page_number === mainPage));
      const mine = new Set(entry.components.map(squash));
      const sharingComponents = take(
        byComponent.flatMap((r) => r.results),
        (e) => !e.is_a_reference && e.components.some((c) => mine.has(squash(c))),
      );
      // Neighbours in the alphabetical section list, so the same entry always shows the same few.
      const section = byCategory.results.filter((e) => !e.is_a_reference);
      const at = section.findIndex((e) => e.page_number === mainPage);
      const around = at < 0 ? section : [...section.slice(at + 1), ...section.slice(0, Math.max(0, at))];
      const sameCategory = take(around, () => true, 6);
      return { alternatives, sharingComponents, sameCategory };
    },
  };
  return api;
}
