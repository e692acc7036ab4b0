import { z } from "zod";
import { storableText } from "./storable-text";

/** The platform's limit for one document (platform notes: 10 MB a file). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** Query `dt` (platform notes): lab report, prescription, discharge summary, other. */
export const DOCUMENT_TYPES = ["lr", "ps", "ds", "o"] as const;
export const DocumentType = z.enum(DOCUMENT_TYPES);
export type DocumentType = z.infer<typeof DocumentType>;

/** Query `task` (repeatable): processing the platform runs on the document. */
export const DOCUMENT_TASKS = ["smart", "pii", "classification"] as const;
export const DocumentTask = z.enum(DOCUMENT_TASKS);
export type DocumentTask = z.infer<typeof DocumentTask>;

export interface SniffedKind {
  mime: string;
  label: string;
  extensions: readonly string[];
}

/** What clinics send that can be recognised from its first bytes: scans, photos, PDFs. */
export const DOCUMENT_KINDS = {
  pdf: { mime: "application/pdf", label: "PDF", extensions: ["pdf"] },
  jpeg: { mime: "image/jpeg", label: "JPEG", extensions: ["jpg", "jpeg"] },
  png: { mime: "image/png", label: "PNG", extensions: ["png"] },
  tiff: { mime: "image/tiff", label: "TIFF", extensions: ["tif", "tiff"] },
  webp: { mime: "image/webp", label: "WebP", extensions: ["webp"] },
  heic: { mime: "image/heic", label: "HEIC", extensions: ["heic", "heif"] },
} as const satisfies Record<string, SniffedKind>;
export type DocumentKind = keyof typeof DOCUMENT_KINDS;

/** Bytes needed to recognise every kind above. */
export const SNIFF_BYTES = 16;

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** Recognises a document by its bytes, never by its name; null when it is none of the kinds. */
export function sniffDocumentKind(head: Uint8Array): DocumentKind | null {
  if (startsWith(head, ascii("%PDF-"))) return "pdf";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return "tiff";
  if (startsWith(head, ascii("RIFF")) && startsWith(head, ascii("WEBP"), 8)) return "webp";
  if (startsWith(head, ascii("ftyp"), 4) && ["heic", "heix", "mif1", "msf1", "heis", "hevc"].some((b) => startsWith(head, ascii(b), 8))) return "heic";
  return null;
}

/** The kind a file name claims by its extension, or null. */
export function kindFromFileName(name: string): DocumentKind | null {
  const ext = name.toLowerCase().split(".").pop() ?? "";
  for (const [kind, info] of Object.entries(DOCUMENT_KINDS)) if ((info.extensions as readonly string[]).includes(ext)) return kind as DocumentKind;
  return null;
}

export const ACCEPTED_EXTENSIONS = Object.values(DOCUMENT_KINDS).flatMap((k) => k.extensions.map((e) => `.${e}`));

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
