import { z } from "zod";
import { DocumentTask, DocumentType } from "../../schemas/documents";
import { storableText } from "../../schemas/storable-text";

/** The platform's answer to an upload (platform notes). */
export const PlatformUploadAnswer = z.object({ document_id: storableText().min(1) });

/** Sandbox query for POST /mr/api/v2/docs: `task` may repeat. */
export const PlatformDocumentQuery = z.object({
  task: z.array(DocumentTask).default([]),
  dt: DocumentType.optional(),
});
