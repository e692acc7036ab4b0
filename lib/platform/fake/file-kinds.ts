/** What the sandbox's document upload accepts (platform notes, "Document upload"): recognised by its bytes. */

/** At most 10 MB a file. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export const FILE_KINDS = {
  pdf: { mime: "application/pdf" },
  jpeg: { mime: "image/jpeg" },
  png: { mime: "image/png" },
  tiff: { mime: "image/tiff" },
  webp: { mime: "image/webp" },
  heic: { mime: "image/heic" },
} as const;
export type FileKind = keyof typeof FILE_KINDS;

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** The kind of a file from its first 16 bytes, or null. */
export function sniffFileKind(head: Uint8Array): FileKind | null {
  if (startsWith(head, ascii("%PDF-"))) return "pdf";
  if (startsWith(head, [0xff, 0xd8, 0xff])) return "jpeg";
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return "tiff";
  if (startsWith(head, ascii("RIFF")) && startsWith(head, ascii("WEBP"), 8)) return "webp";
  if (startsWith(head, ascii("ftyp"), 4) && ["heic", "heix", "mif1", "msf1", "heis", "hevc"].some((b) => startsWith(head, ascii(b), 8))) return "heic";
  return null;
}

/** A file name the sandbox keeps: no NUL and no lone UTF-16 surrogate (neither has a UTF-8 form). */
export const isKeepableName = (name: string): boolean => !/\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(name);
