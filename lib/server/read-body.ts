import "server-only";

/**
 * Reads a request body as it streams in, counting bytes, and stops at the limit: a chunked body
 * (no Content-Length) or one that lies about its length is cancelled there, never buffered past
 * it. Null when the body is over the limit.
 */
export async function readLimitedBody(req: Request, maxBytes: number): Promise<Buffer | null> {
  if (Number(req.headers.get("content-length") ?? "0") > maxBytes) return null;
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
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
