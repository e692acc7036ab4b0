import { z } from "zod";
import { storableText } from "../../schemas/storable-text";

/** Processing the upload asks for (platform notes, "Document upload"); `task` may repeat. */
export const PLATFORM_DOCUMENT_TASKS = ["smart", "pii", "classification"] as const;
export const PlatformDocumentTask = z.enum(PLATFORM_DOCUMENT_TASKS);
export type PlatformDocumentTask = z.infer<typeof PlatformDocumentTask>;

/** Document types: lab report, prescription, discharge summary, other. */
export const PLATFORM_DOCUMENT_TYPES = ["lr", "ps", "ds", "o"] as const;
export const PlatformDocumentType = z.enum(PLATFORM_DOCUMENT_TYPES);
export type PlatformDocumentType = z.infer<typeof PlatformDocumentType>;

/** The platform's answer to an upload (platform notes). */
export const PlatformUploadAnswer = z.object({ document_id: storableText().min(1) });

/** Sandbox query for POST /mr/api/v2/docs: `task` may repeat. */
export const PlatformDocumentQuery = z.object({
  task: z.array(PlatformDocumentTask).default([]),
  dt: PlatformDocumentType.optional(),
});
