import type { IncomingMessage, ServerResponse } from "node:http";
import { HttpError } from "./errors";

export const MAX_BODY_BYTES = 12 * 1024 * 1024;
// Past this much we stop draining and drop the connection instead of answering politely.
const MAX_DRAIN_BYTES = 8 * MAX_BODY_BYTES;

/** Reads the whole body; over the limit it keeps draining (so the client can read the 413) and then throws. */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number(req.headers["content-length"] ?? 0) > limit;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_DRAIN_BYTES) {
        req.destroy();
        return;
      }
      if (size > limit) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    req.on("end", () => {
      if (tooLarge) reject(new HttpError(413, "payload_too_large", `Request body is larger than ${limit} bytes`, { connection: "close" }));
      else resolve(Buffer.concat(chunks));
    });
    // A client that goes away mid-body is the client's doing, not a sandbox failure.
    req.on("error", (err) => reject(req.complete ? err : new HttpError(400, "aborted", "Request was aborted by the client")));
    req.on("close", () => {
      if (!req.complete) reject(new HttpError(400, "aborted", "Request was aborted by the client"));
    });
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.destroyed) return;
  const text = body === undefined ? "" : JSON.stringify(body);
  res.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": String(Buffer.byteLength(text)),
    "cache-control": "no-store",
    ...headers,
  });
  res.end(text);
}

/** First value of each query parameter, as a plain object for zod. */
export function queryObject(params: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of params) if (!(k in out)) out[k] = v;
  return out;
}
