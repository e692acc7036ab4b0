import "server-only";
import { randomBytes } from "node:crypto";
import { PlatformUploadAnswer } from "@/lib/platform/wire/documents";
import type { DocumentTask, DocumentType } from "@/lib/schemas/documents";
import { base64Chunks, base64Length } from "./base64-stream";
import type { PlatformHttp } from "./http";

export interface DocumentUpload {
  /** The file's bytes as they arrive; read once. */
  chunks: AsyncIterable<Uint8Array>;
  size: number;
  fileName: string;
  mime: string;
  documentType: DocumentType;
  tasks: DocumentTask[];
  signal?: AbortSignal;
}

// RFC 7578 §4.2 / WHATWG: quotes and line breaks in a file name are percent-encoded.
const quoteName = (name: string) => name.replace(/["\r\n]/g, (c) => encodeURIComponent(c));

async function* around(before: string, body: AsyncIterable<Uint8Array>, after: string): AsyncGenerator<Uint8Array> {
  yield Buffer.from(before);
  yield* body;
  yield Buffer.from(after);
}

async function* latin1(texts: AsyncIterable<string>): AsyncGenerator<Uint8Array> {
  for await (const t of texts) yield Buffer.from(t, "latin1");
}

/** Spec 4.11: multipart part `file` in the clear; `{"file": "<base64>"}` inside the JWE envelope. */
export function documentsApi(http: PlatformHttp) {
  return {
    async upload(doc: DocumentUpload): Promise<{ documentId: string }> {
      const query = new URLSearchParams();
      for (const task of doc.tasks) query.append("task", task);
      query.set("dt", doc.documentType);
      const answer = await http({
        method: "POST",
        path: `/mr/api/v2/docs?${query}`,
        auth: "bearer",
        schema: PlatformUploadAnswer,
        signal: doc.signal,
        upload: {
          open(encrypted) {
            if (encrypted) {
              const before = `{"file":"`;
              const after = `"}`;
              return {
                contentType: "application/json",
                length: before.length + base64Length(doc.size, "base64") + after.length,
                chunks: around(before, latin1(base64Chunks(doc.chunks, "base64")), after),
              };
            }
            const boundary = `----frontdesk${randomBytes(12).toString("hex")}`;
            const before = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${quoteName(doc.fileName)}"\r\nContent-Type: ${doc.mime}\r\n\r\n`;
            const after = `\r\n--${boundary}--\r\n`;
            return {
              contentType: `multipart/form-data; boundary=${boundary}`,
              length: Buffer.byteLength(before) + doc.size + after.length,
              chunks: around(before, doc.chunks, after),
            };
          },
        },
      });
      return { documentId: answer.document_id };
    },
  };
}
