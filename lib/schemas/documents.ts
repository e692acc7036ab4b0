import { z } from "zod";
import { storableText } from "./storable-text";
import { DOCUMENT_TASKS, DOCUMENT_TYPES } from "./document-files";

export * from "./document-files";

export const DocumentType = z.enum(DOCUMENT_TYPES);
export type DocumentType = z.infer<typeof DocumentType>;
export const DocumentTask = z.enum(DOCUMENT_TASKS);
export type DocumentTask = z.infer<typeof DocumentTask>;

/** Tasks travel as one comma-separated query value between the browser and the BFF. */
const TaskList = storableText()
  .optional()
  .transform((v, ctx) => {
    const items = (v ?? "").split(",").map((s) => s.trim()).filter(Boolean);
    const out: DocumentTask[] = [];
    for (const item of items) {
      const parsed = DocumentTask.safeParse(item);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: `unknown task "${item}" (use ${DOCUMENT_TASKS.join(", ")})` });
        return z.NEVER;
      }
      if (!out.includes(parsed.data)) out.push(parsed.data);
    }
    return out;
  });

const PatientId = storableText().trim().min(1, "choose a patient").max(128).regex(/^[A-Za-z0-9_.:-]+$/, "is not a patient id");

/** Direction controls (U+202A–U+202E, U+2066–U+2069, marks): "invoice\u202Efdp.exe" shows as "invoiceexe.pdf". */
const BIDI_CONTROL = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** BFF upload: the file is the raw request body; these travel in the query. */
export const DocumentUploadQuery = z.strictObject({
  patient: PatientId,
  dt: DocumentType.default("o"),
  tasks: TaskList,
  name: storableText()
    .trim()
    .min(1, "the file needs a name")
    .max(255)
    .refine((name) => !BIDI_CONTROL.test(name), "contains a text-direction control character, which can disguise the file's real extension; rename the file"),
  /** sha-256 of the file, worked out by the browser before sending, so the desk can say beforehand that it may already be filed. */
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/, "sha256 must be 64 lowercase hex digits")
    .optional(),
  /** "1": staff saw that this file may already be filed and chose to upload it anyway. */
  resend: z.literal("1").optional(),
  /** The browser's own id for this attempt, so that after a cancel it can ask what became of it. */
  attempt: z.uuid("attempt must be a UUID").optional(),
});
export type DocumentUploadQuery = z.infer<typeof DocumentUploadQuery>;

/** The browser cancelled an upload: what became of it (POST /api/documents/cancelled-uploads). */
export const CancelledUploadRequest = z.strictObject({
  attempt: z.uuid("attempt must be a UUID"),
  patient: PatientId,
});
export type CancelledUploadRequest = z.infer<typeof CancelledUploadRequest>;

/**
 * "nothing": no byte of it was kept, and the desk will not send it on later; "stored": its last bytes
 * had already reached the desk and the platform filed it (listed like any other); "unknown": the
 * platform's answer never came, so it may hold it; "sending": the platform has not answered yet.
 */
export const CancelledUploadOutcome = z.object({
  outcome: z.enum(["nothing", "stored", "unknown", "sending"]),
  document: z.lazy(() => PatientDocument).optional(),
});
export type CancelledUploadOutcome = z.infer<typeof CancelledUploadOutcome>;

export const DocumentListQuery = z.strictObject({ patient: PatientId });

/** One uploaded document as the desk lists it. */
export const PatientDocument = z.object({
  id: z.string(),
  patientId: z.string(),
  documentId: z.string(),
  fileName: z.string(),
  mime: z.string(),
  sizeBytes: z.number().int().nonnegative(),
  sha256: z.string(),
  documentType: DocumentType,
  tasks: z.array(DocumentTask),
  uploadedBy: z.string().nullable(),
  uploadedByName: z.string().nullable(),
  uploadedAt: z.string(),
  /** Only on the upload's answer: "catching-up" when the platform has the file and the desk record follows. */
  deskCopy: z.enum(["done", "catching-up"]).optional(),
  /** The desk holds a copy it can show and download (files uploaded before copies were kept have none). */
  hasCopy: z.boolean().optional(),
});
export type PatientDocument = z.infer<typeof PatientDocument>;

/** GET /api/documents/{id}/file: shown in the browser, or saved with `download=1`. */
export const DocumentFileQuery = z.strictObject({ download: z.enum(["0", "1"]).default("0").transform((v) => v === "1") });

export const PatientDocumentList = z.object({ documents: z.array(PatientDocument) });
export type PatientDocumentList = z.infer<typeof PatientDocumentList>;
