import "server-only";
import { createHash } from "node:crypto";
import { DOCUMENT_KINDS, kindFromFileName, MAX_DOCUMENT_BYTES, SNIFF_BYTES, sniffDocumentKind, type DocumentKind } from "@/lib/schemas/documents";
import { AppError, ValidationError } from "../errors";
import { pacedReader } from "../read-body";

const MB = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;

export class DocumentTooLargeError extends AppError {
  constructor(size: number) {
    super(413, "File too large", `The file is ${MB(size)}; the platform accepts at most ${MB(MAX_DOCUMENT_BYTES)} a file.`, { code: "file_too_large" });
  }
}

export class UnsupportedDocumentError extends AppError {
  constructor(detail: string) {
    super(415, "File type not accepted", detail, { code: "unsupported_type" });
  }
}

export class LengthRequiredError extends AppError {
  constructor() {
    super(411, "Length required", "Send the file with a Content-Length header.");
  }
}

/** The client went away or sent fewer or more bytes than it announced. */
export class IncompleteUploadError extends AppError {
  constructor(detail: string) {
    super(400, "Upload incomplete", detail, { code: "incomplete_upload" });
  }
}

export interface IncomingFile {
  kind: DocumentKind;
  /** The name to store: the sent one, ending in the detected kind's extension (see nameForKind). */
  fileName: string;
  mime: string;
  size: number;
  /** The bytes, read once, counted and hashed as they pass. */
  chunks: AsyncGenerator<Uint8Array>;
  /** sha256 hex of what passed; only meaningful once `chunks` has finished. */
  sha256(): string;
}

/**
 * A file name whose extension says what the contents are: kept when it already names the detected
 * kind, otherwise the kind's extension is added ("scan.html" holding a PDF is stored as
 * "scan.html.pdf"), so a polyglot never comes back out under the extension of another type.
 */
export function nameForKind(name: string, kind: DocumentKind): string {
  const { extensions } = DOCUMENT_KINDS[kind];
  const ext = name.includes(".") ? name.toLowerCase().split(".").pop()! : "";
  if ((extensions as readonly string[]).includes(ext)) return name;
  return `${name.replace(/[.\s]+$/, "")}.${extensions[0]}`;
}

const KIND_NAMES = Object.values(DOCUMENT_KINDS).map((k) => k.label).join(", ");

/**
 * Checks an upload before anything is sent on: size from Content-Length, type from the first
 * bytes (not the name), and a name whose extension contradicts the contents.
 */
export async function openIncomingFile(body: ReadableStream<Uint8Array> | null, contentLength: string | null, fileName: string): Promise<IncomingFile> {
  if (contentLength === null || !/^\d+$/.test(contentLength)) throw new LengthRequiredError();
  const size = Number(contentLength);
  if (size === 0 || !body) throw new ValidationError({ file: "The file is empty." }, "The file is empty.");
  if (size > MAX_DOCUMENT_BYTES) throw new DocumentTooLargeError(size);

  const reader = body.getReader();
  const read = pacedReader(reader);
  const head: Uint8Array[] = [];
  let buffered = 0;
  while (buffered < SNIFF_BYTES && buffered < size) {
    const { done, value } = await read();
    if (done) break;
    head.push(value);
    buffered += value.byteLength;
  }
  const kind = sniffDocumentKind(Buffer.concat(head).subarray(0, SNIFF_BYTES));
  if (!kind) {
    await reader.cancel();
    throw new UnsupportedDocumentError(`The file's contents are not a document the platform accepts (${KIND_NAMES}).`);
  }
  const claimed = kindFromFileName(fileName);
  if (claimed && claimed !== kind) {
    await reader.cancel();
    throw new UnsupportedDocumentError(`The file is named .${fileName.split(".").pop()} but contains a ${DOCUMENT_KINDS[kind].label} file. Rename it or choose the right file.`);
  }

  const hash = createHash("sha256");
  let digest: string | undefined;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    let seen = 0;
    let ended = false;
    const pass = (chunk: Uint8Array) => {
      seen += chunk.byteLength;
      if (seen > size) throw new IncompleteUploadError(`The upload sent more than the ${size} bytes it announced.`);
      hash.update(chunk);
      return chunk;
    };
    try {
      for (const chunk of head) yield pass(chunk);
      for (;;) {
        const { done, value } = await read();
        if (done) break;
        yield pass(value);
      }
      ended = true;
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw new IncompleteUploadError("The connection was lost before the whole file arrived.");
    } finally {
      // Given up midway (the platform timed out or refused): the browser's remaining bytes are discarded.
      // Not awaited: a client that stopped sending could hold the cancel, and with it the answer.
      if (!ended) void reader.cancel().catch(() => {});
      reader.releaseLock();
    }
    if (seen !== size) throw new IncompleteUploadError(`Only ${seen} of ${size} bytes arrived.`);
    digest = hash.digest("hex");
  }
  return {
    kind,
    fileName: nameForKind(fileName, kind),
    mime: DOCUMENT_KINDS[kind].mime,
    size,
    chunks: chunks(),
    sha256: () => {
      if (!digest) throw new Error("the file has not been read to the end");
      return digest;
    },
  };
}
