// Without zod: what the browser needs to check a chosen file before sending it (the documents
// page's first download); the upload rules that validate requests stay in ./documents.ts.

/** The platform's limit for one document (platform notes: 10 MB a file). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** Query `dt` (platform notes): lab report, prescription, discharge summary, other. */
export const DOCUMENT_TYPES = ["lr", "ps", "ds", "o"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Query `task` (repeatable): processing the platform runs on the document. */
export const DOCUMENT_TASKS = ["smart", "pii", "classification"] as const;
export type DocumentTask = (typeof DOCUMENT_TASKS)[number];

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
