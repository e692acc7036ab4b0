import { z } from "zod";
import { storableText } from "../../schemas/storable-text";

/** A boolean query parameter as the platform reads it: true/false or 1/0. */
const optionalBool = z.union([z.boolean(), z.enum(["true", "false", "1", "0"])]).transform((v) => v === true || v === "true" || v === "1");

/** The platform's pharmacology search (spec 2.5, 4.3): its field names change here and in lib/platform/client/drugs.ts only. */

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

/**
 * What a results list reads of an entry: the row (name, components, section, schedule, reference
 * flag, pages) and the other names the desk's relevance matches. Parsing only these leaves the
 * monograph's long texts (indications, dose, precautions…) unchecked and out of the parsed answer.
 */
export const PharmacologyListEntry = PharmacologyEntry.pick({
  generic_name: true,
  components: true,
  is_compound: true,
  page_number: true,
  reference_page_number: true,
  is_a_reference: true,
  generic_category: true,
  schedule: true,
  additional_keys: true,
});
export type PharmacologyListEntry = z.infer<typeof PharmacologyListEntry>;

export const PharmacologyListResponse = z.object({
  results: z.array(PharmacologyListEntry),
  search_info: z.record(z.string(), z.unknown()).default({}),
});
export type PharmacologyListResponse = z.infer<typeof PharmacologyListResponse>;


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
