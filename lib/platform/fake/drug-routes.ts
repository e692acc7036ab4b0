import { PlatformDrugQuery, PlatformDrugSuggestQuery } from "../wire/drugs";
import type { Authenticate } from "./authenticate";
import { describeIssues, type SandboxRoute, type Services } from "./context";
import { badRequest } from "./errors";
import { searchFormulary, suggestNames } from "./drug-search";

/** First value of each parameter; the platform treats an empty parameter like an absent one. */
function presentParams(params: URLSearchParams) {
  const out: Record<string, string> = {};
  for (const [k, v] of params) if (!(k in out)) out[k] = v;
  return Object.fromEntries(Object.entries(out).filter(([, v]) => v.trim() !== ""));
}

export function drugRoutes(s: Services, authenticate: Authenticate): SandboxRoute[] {
  return [
    {
      method: "GET",
      pattern: "/svc-mcp/pharmacology/v1/search",
      name: "drugs.search",
      family: "pharmacology",
      query: Object.keys(PlatformDrugQuery.shape),
      handler: async (ctx) => {
        await authenticate(ctx, { scheme: "bearer" });
        const parsed = PlatformDrugQuery.safeParse(presentParams(ctx.url.searchParams));
        if (!parsed.success) throw badRequest(`Invalid query parameter ${describeIssues(parsed.error)}`);
        return { body: searchFormulary(s.formulary, parsed.data) };
      },
    },
    {
      // Not in the spec: autocomplete for the drug page, designed here (see README "Suggestions").
      method: "GET",
      pattern: "/svc-mcp/pharmacology/v1/suggest",
      name: "drugs.suggest",
      family: "pharmacology",
      query: Object.keys(PlatformDrugSuggestQuery.shape),
      handler: async (ctx) => {
        await authenticate(ctx, { scheme: "bearer" });
        const parsed = PlatformDrugSuggestQuery.safeParse(presentParams(ctx.url.searchParams));
        if (!parsed.success) throw badRequest(`Invalid query parameter ${describeIssues(parsed.error)}`);
        const { suggestions, prefix, took_ms } = suggestNames(s.formulary, parsed.data.prefix, parsed.data.limit);
        return { body: { suggestions, search_info: { prefix, returned: suggestions.length, took_ms } } };
      },
    },
  ];
}
