import "server-only";
import { RequestTimeoutError } from "./errors";

/** The longest a client may take to send a body the app reads whole (a JSON body of at most 64 KB, a webhook). */
export const BODY_DEADLINE_MS = 30_000;

/**
 * One read of a body stream, given up at the deadline: the stream is cancelled and the request
 * answered 408, so a client that stalls or trickles cannot hold the handler (Node alone would
 * wait ~300 s, its requestTimeout).
 */
export async function readBefore<T>(reader: ReadableStreamDefaultReader<T>, deadline: number, detail: string): Promise<ReadableStreamReadResult<T>> {
  const left = deadline - Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RequestTimeoutError(detail)), Math.max(0, left));
  });
  try {
    return await Promise.race([reader.read(), late]);
  } catch (err) {
    // Not awaited: cancelling a body whose client has gone quiet can wait on that client.
    if (err instanceof RequestTimeoutError) void reader.cancel(err).catch(() => undefined);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Reads a request body as it streams in, counting bytes, and stops at the limit: a chunked body
 * (no Content-Length) or one that lies about its length is cancelled there, never buffered past
 * it. Null when the body is over the limit; a RequestTimeoutError when it has not all arrived
 * within `deadlineMs`.
 */
export async function readLimitedBody(req: Request, maxBytes: number, deadlineMs = BODY_DEADLINE_MS): Promise<Buffer | null> {
  if (Number(req.headers.get("content-length") ?? "0") > maxBytes) return null;
  if (!req.body) return Buffer.alloc(0);
  const deadline = Date.now() + deadlineMs;
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await readBefore(reader, deadline, `The request body did not arrive within ${Math.round(deadlineMs / 1000)} s.`);
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads of a long body (a document of up to 10 MB, which a slow clinic link takes minutes to send)
 * that must keep a pace: at least `minBytes` in every `windowMs` spent waiting for the client. A
 * stalled body is cut at once at the window's end, a trickling one at the end of the first window
 * it falls short in. Only time spent waiting on the client counts, not time the consumer (the
 * platform upload) holds the bytes back.
 */
export function pacedReader<T extends Uint8Array>(reader: ReadableStreamDefaultReader<T>, { windowMs = BODY_DEADLINE_MS, minBytes = 64 * 1024 } = {}) {
  let waited = 0;
  let bytes = 0;
  const detail = `The file arrived at less than ${Math.round(minBytes / 1024)} KB in ${Math.round(windowMs / 1000)} s.`;
  return async (): Promise<ReadableStreamReadResult<T>> => {
    const left = (bytes >= minBytes ? 2 * windowMs : windowMs) - waited;
    const started = Date.now();
    const result = await readBefore(reader, started + left, detail);
    waited += Date.now() - started;
    while (waited >= windowMs && !result.done) {
      if (bytes < minBytes) {
        void reader.cancel().catch(() => undefined);
        throw new RequestTimeoutError(detail);
      }
      waited -= windowMs;
      bytes = 0;
    }
    if (!result.done) bytes += result.value.byteLength;
    return result;
  };
}
