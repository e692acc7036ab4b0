import { z } from "zod";
import { PRESCRIPTION_MAX_LINES } from "./prescription-limits";
import { storableText } from "./storable-text";

/** A yes/no query parameter: `true`/`false`/`1`/`0`. */
export const optionalBool = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0"])])
  .transform((v) => v === true || v === "true" || v === "1");

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

/**
 * One row of the results list: only what the list shows (name, components, section, schedule,
 * reference flag) and what tells entries apart (pages). The monograph comes from GET /api/drugs/entry
 * when the doctor opens the row.
 */
export const DrugListEntry = DrugEntry.pick({
  name: true,
  components: true,
  isCompound: true,
  category: true,
  schedule: true,
  pageNumber: true,
  referencePageNumber: true,
  isReference: true,
});
export type DrugListEntry = z.infer<typeof DrugListEntry>;

/** Query the browser sends to GET /api/drugs/entry: the row's name and, to tell a name's entries apart, its page. */
export const DrugEntryQuery = z.strictObject({
  name: storableText().trim().min(1, "name is required").max(200, "name is at most 200 characters"),
  page: z.coerce.number({ error: "page must be a whole number" }).int("page must be a whole number").min(0, "page must be 0 or more").max(100_000, "page is at most 100000").optional(),
  reference: optionalBool.optional(),
});
export type DrugEntryQuery = z.infer<typeof DrugEntryQuery>;

/** A brand as the desk's brand table knows it. */
export const DrugBrand = z.object({ name: z.string(), manufacturer: z.string(), composition: z.string(), form: z.string() });
export type DrugBrand = z.infer<typeof DrugBrand>;

/** How a prescription line says to take the medicine: "1-0-1 x 5 days after food", "BD", "2 puffs SOS". */
export const RxSig = z.object({
  /** Morning-(noon-)night doses as written, "1-0-1", "½-0-½". */
  pattern: z.string().optional(),
  perDay: z.number().optional(),
  everyHours: z.number().optional(),
  bedtime: z.boolean().optional(),
  asNeeded: z.boolean().optional(),
  stat: z.boolean().optional(),
  weekly: z.boolean().optional(),
  alternateDays: z.boolean().optional(),
  timing: z.array(z.enum(["beforeFood", "afterFood", "emptyStomach", "morning", "night", "bedtime"])),
  duration: z.object({ count: z.number(), unit: z.enum(["day", "week", "month"]) }).optional(),
  quantity: z.object({ count: z.number(), unit: z.enum(["tablet", "capsule", "puff", "drop", "sachet", "spoon", "ml", "spray", "unit"]) }).optional(),
  /** What an SOS dose is for, as written: "pain", "fever". */
  indication: z.string().optional(),
  /** Free-text instructions read off the line ("apply thin layer", "with spacer", "RE"), in reading order. */
  instructions: z
    .array(
      z.object({
        kind: z.enum(["apply", "thinLayer", "onAffectedArea", "neckDown", "washOff", "externalUse", "withSpacer", "withDevice", "nebulise", "withSaline", "infusion", "slowly", "eachNostril", "rightEye", "leftEye", "bothEyes", "paediatric", "rinseMouth", "repeatAfter"]),
        count: z.number().optional(),
        unit: z.enum(["ml", "day", "week"]).optional(),
      }),
    )
    .optional(),
  /** Read as a route while reading the line; moved to the line's route. */
  route: z.string().optional(),
  /** The dosing words as written, in reading order. */
  written: z.array(z.string()),
});
export type RxSig = z.infer<typeof RxSig>;

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
  /** A herbal or ayurvedic product: not in the formulary, never matched to a generic. */
  herbal: z.boolean().optional(),
  /** The dosing written with the medicine, when the query is a prescription line. */
  sig: RxSig.optional(),
  /** Words of the query that were read as nothing (no medicine, form or dosing word). */
  unread: z.array(z.string()).optional(),
  /** The line in generic names, to print or copy: "Tab Paracetamol 650 mg, 1-0-1 × 3 days". */
  genericLine: z.string().optional(),
  /**
   * The brand was recognised, but the desk knows no product of it in the written form (or of that form at the typed
   * strength): no strength of another form is shown. `known`: the forms it is known in. `unsure`: the desk knows the
   * brand in several forms, not this one, so the line is unsure; a brand known in one form only still names its medicine.
   */
  formNotKnown: z.object({ form: z.string(), known: z.array(z.string()), unsure: z.boolean() }).optional(),
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
  results: z.array(DrugListEntry),
  understood: DrugQueryUnderstood.optional(),
  match: DrugMatch.optional(),
  info: z.object({
    query: z.string().optional(),
    total: z.number().optional(),
    tookMs: z.number().optional(),
  }),
});
export type DrugSearchResult = z.infer<typeof DrugSearchResult>;

export { PRESCRIPTION_MAX_LINES };
export const PrescriptionRequest = z.strictObject({
  text: storableText()
    .max(6000, "Paste at most 6000 characters")
    .refine((t) => t.split(/\r?\n/).some((l) => l.trim()), "Paste at least one line of the prescription")
    .refine((t) => t.split(/\r?\n/).filter((l) => l.trim()).length <= PRESCRIPTION_MAX_LINES, `Paste at most ${PRESCRIPTION_MAX_LINES} lines at once`),
});
export type PrescriptionRequest = z.infer<typeof PrescriptionRequest>;

/** One line as the desk understood it: the medicine, its formulary entry when sure, and the line in generic names. */
export const PrescriptionRow = z.object({
  line: z.string(),
  understood: DrugQueryUnderstood.optional(),
  /** Sure of the medicine and the formulary holds it. */
  confident: z.boolean(),
  entry: DrugListEntry.optional(),
  didYouMean: z.array(z.object({ label: z.string(), query: z.string() })),
});
export type PrescriptionRow = z.infer<typeof PrescriptionRow>;
export const PrescriptionResult = z.object({ rows: z.array(PrescriptionRow) });
export type PrescriptionResult = z.infer<typeof PrescriptionResult>;

/** One opened entry: its whole monograph and its brands from the desk's brand table ("also sold as"). */
export const DrugMonograph = z.object({
  entry: DrugEntry,
  brands: z.array(DrugBrand),
});
export type DrugMonograph = z.infer<typeof DrugMonograph>;

/** Entries related to one drug: its other names, combinations sharing a component, and its section (list rows; opening one fetches its monograph). */
export const DrugRelated = z.object({
  alternatives: z.array(DrugListEntry),
  sharingComponents: z.array(DrugListEntry),
  sameCategory: z.array(DrugListEntry),
});
export type DrugRelated = z.infer<typeof DrugRelated>;
