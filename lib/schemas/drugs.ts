import { z } from "zod";
import { storableText } from "./storable-text";

/** One generic-drug entry exactly as the platform sends it (spec 2.5). */
export const PharmacologyEntry = z.object({
  generic_name: z.string(),
  components: z.array(z.string()),
  is_compound: z.boolean(),
  page_number: z.number().int(),
  reference_page_number: z.number().int(),
  has_references: z.number().int(),
  is_a_reference: z.boolean(),
  pregnancy_category: z.string(),
  indications: z.string(),
  availability: z.string(),
  dose: z.string(),
  contraindications: z.string(),
  precautions: z.string(),
  precautions_appendix: z.string(),
  adverse_effects: z.string(),
  storage: z.string(),
  schedule: z.string(),
  note: z.string(),
  additional_keys: z.string(),
  generic_category: z.string(),
  comments: z.string(),
});
export type PharmacologyEntry = z.infer<typeof PharmacologyEntry>;

export const PharmacologySearchResponse = z.object({
  results: z.array(PharmacologyEntry),
  search_info: z.record(z.string(), z.unknown()).default({}),
});
export type PharmacologySearchResponse = z.infer<typeof PharmacologySearchResponse>;

const optionalBool = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((v) => v === true || v === "true" || v === "1");

/** Query of the platform's search endpoint (spec 4.3), as the sandbox parses it. */
export const PlatformDrugQuery = z.object({
  query: storableText().trim().max(200).optional(),
  category: storableText().trim().max(120).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  exact_match: optionalBool.default(false),
  relevance_threshold: z.coerce.number().int().min(0).max(1000).default(100),
});
export type PlatformDrugQuery = z.infer<typeof PlatformDrugQuery>;

/** Query of the sandbox's autocomplete endpoint (GET /svc-mcp/pharmacology/v1/suggest). */
export const PlatformDrugSuggestQuery = z.object({
  prefix: storableText().trim().min(1, "prefix is required").max(100),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
export type PlatformDrugSuggestQuery = z.infer<typeof PlatformDrugSuggestQuery>;

export const PharmacologySuggestResponse = z.object({
  suggestions: z.array(
    z.object({
      generic_name: z.string(),
      is_compound: z.boolean(),
      is_a_reference: z.boolean(),
      see: z.string().nullable(),
      generic_category: z.string(),
    }),
  ),
  search_info: z.record(z.string(), z.unknown()).default({}),
});
export type PharmacologySuggestResponse = z.infer<typeof PharmacologySuggestResponse>;

/** Query the browser sends to GET /api/drugs/suggest. */
export const DrugSuggestQuery = z.strictObject({
  q: storableText().trim().min(1, "Type at least one letter").max(100, "Search text is at most 100 characters"),
});
export type DrugSuggestQuery = z.infer<typeof DrugSuggestQuery>;

/** One autocomplete suggestion in the app's own shape. */
export const DrugSuggestion = z.object({ name: z.string(), isCompound: z.boolean(), seeName: z.string().nullable(), category: z.string() });
export type DrugSuggestion = z.infer<typeof DrugSuggestion>;
export const DrugSuggestions = z.object({ suggestions: z.array(DrugSuggestion) });
export type DrugSuggestions = z.infer<typeof DrugSuggestions>;

/** Query the browser sends to GET /api/drugs/related. */
export const DrugRelatedQuery = z.strictObject({
  name: storableText().trim().min(1, "name is required").max(200, "name is at most 200 characters"),
});
export type DrugRelatedQuery = z.infer<typeof DrugRelatedQuery>;

/** Query the browser sends to GET /api/drugs. */
export const DrugSearchQuery = z.strictObject({
  q: storableText().trim().max(200, "Search text is at most 200 characters").optional(),
  category: storableText().trim().max(120).optional(),
  exact: optionalBool.default(false),
  limit: z.coerce
    .number({ error: "limit must be a whole number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(50, "limit must be at most 50")
    .default(20),
});
export type DrugSearchQuery = z.infer<typeof DrugSearchQuery>;

/** The app's own shape of a drug entry: what pages see (never the platform's field names). */
export const DrugEntry = z.object({
  name: z.string(),
  components: z.array(z.string()),
  isCompound: z.boolean(),
  category: z.string(),
  schedule: z.string(),
  pregnancyCategory: z.string(),
  indications: z.string(),
  availability: z.string(),
  dose: z.string(),
  contraindications: z.string(),
  precautions: z.string(),
  precautionsAppendix: z.string(),
  adverseEffects: z.string(),
  storage: z.string(),
  note: z.string(),
  comments: z.string(),
  additionalKeys: z.string(),
  pageNumber: z.number(),
  referencePageNumber: z.number(),
  referenceCount: z.number(),
  isReference: z.boolean(),
});
export type DrugEntry = z.infer<typeof DrugEntry>;

/** A brand as the desk's brand table knows it. */
export const DrugBrand = z.object({ name: z.string(), manufacturer: z.string(), composition: z.string(), form: z.string() });
export type DrugBrand = z.infer<typeof DrugBrand>;

/** What the desk read in the query before asking the platform (lib/server/drugs/understand-query.ts). */
export const DrugQueryUnderstood = z.object({
  brand: DrugBrand.optional(),
  /** Generic name(s) the query was resolved to and sent to the platform. */
  generic: z.array(z.string()).optional(),
  strength: z.string().optional(),
  form: z.string().optional(),
  route: z.string().optional(),
  script: z.literal("devanagari").optional(),
  /** The name is a medicine the desk knows, but not one of the formulary's generics. */
  otherMedicine: z.boolean().optional(),
});
export type DrugQueryUnderstood = z.infer<typeof DrugQueryUnderstood>;

/** Whether the results answer the typed name; when not, they are offered separately as "Did you mean". */
export const DrugMatch = z.object({
  confident: z.boolean(),
  /** Desk relevance (0-100) of each result, in order; see lib/server/drugs/relevance.ts. */
  relevance: z.array(z.number()),
  didYouMean: z.array(z.object({ label: z.string(), query: z.string() })),
});
export type DrugMatch = z.infer<typeof DrugMatch>;

export const DrugSearchResult = z.object({
  results: z.array(DrugEntry),
  understood: DrugQueryUnderstood.optional(),
  match: DrugMatch.optional(),
  /** Brands of each result, by entry name ("also sold as"). */
  brands: z.record(z.string(), z.array(DrugBrand)).optional(),
  info: z.object({
    query: z.string().optional(),
    total: z.number().optional(),
    tookMs: z.number().optional(),
    raw: z.record(z.string(), z.unknown()),
  }),
});
export type DrugSearchResult = z.infer<typeof DrugSearchResult>;

/** Entries related to one drug: its other names, combinations sharing a component, and its section. */
export const DrugRelated = z.object({
  alternatives: z.array(DrugEntry),
  sharingComponents: z.array(DrugEntry),
  sameCategory: z.array(DrugEntry),
});
export type DrugRelated = z.infer<typeof DrugRelated>;
