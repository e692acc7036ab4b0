/**
 * A fetch that answers from handlers in this process, chosen by the URL's origin, instead of over a
 * socket: the unit suites hand it to the platform client (and the sandbox, for the desk's JWKS) at
 * composition time, so a suite needs no port. It keeps what a caller of fetch relies on:
 * - the handler gets a real Request (headers, streamed body with `duplex: "half"`, the caller's signal);
 * - a streamed body is taken from the caller as fast as it is produced, whether or not the handler
 *   reads it yet, as a socket's buffers take it: a caller that times the answer from its last byte
 *   sent sees the same moment as over HTTP (an unread body would otherwise hold that moment back);
 * - a body that fails while being sent fails the call, as it fails a real fetch;
 * - an abort rejects the call with the signal's reason at once, whatever the handler is doing, and
 *   the handler sees its request's signal aborted (a held request is let go, as a closed socket would);
 * - an origin nobody serves, or a handler that throws, rejects with `TypeError: fetch failed`, as a
 *   refused or reset connection does.
 */
export type FetchHandler = (request: Request) => Response | Promise<Response>;

export function inProcessFetch(origins: Record<string, FetchHandler>, opts: { otherwise?: typeof fetch } = {}): typeof fetch {
  const served = new Map(Object.entries(origins).map(([origin, handler]) => [new URL(origin).origin, handler]));
  return async (input, init) => {
    const request = new Request(input, init);
    const handler = served.get(new URL(request.url).origin);
    if (!handler) {
      if (opts.otherwise) return opts.otherwise(request);
      throw new TypeError("fetch failed", { cause: Object.assign(new Error(`connect ECONNREFUSED ${new URL(request.url).host}`), { code: "ECONNREFUSED" }) });
    }
    const signal = request.signal;
    signal.throwIfAborted();
    let gone: (() => void) | undefined;
    const aborted = new Promise<never>((_, reject) => signal.addEventListener("abort", (gone = () => reject(signal.reason)), { once: true }));
    // Not awaited alone: once the caller has gone, a late answer or failure is nobody's.
    aborted.catch(() => {});
    let received = request;
    let sendFailed: Promise<never> | undefined;
    if (request.body) {
      const wire = takeWhole(request.body, signal);
      sendFailed = wire.failed;
      received = new Request(request.url, { method: request.method, headers: request.headers, body: wire.body, signal, duplex: "half" } as RequestInit);
    }
    const answered = (async () => {
      try {
        return await handler(received);
      } catch (err) {
        throw new TypeError("fetch failed", { cause: err });
      }
    })();
    answered.catch(() => {});
    try {
      return await Promise.race([answered, aborted, ...(sendFailed ? [sendFailed] : [])]);
    } finally {
      signal.removeEventListener("abort", gone!);
    }
  };
}

/**
 * The wire: reads the caller's body as fast as it is produced into an unbounded buffer the handler
 * reads from. `failed` rejects as fetch would when the body fails (or the caller aborts) mid-send.
 */
function takeWhole(source: ReadableStream<Uint8Array>, signal: AbortSignal): { body: ReadableStream<Uint8Array>; failed: Promise<never> } {
  let buffer!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (buffer = c) }, new CountQueuingStrategy({ highWaterMark: Infinity }));
  const reader = source.getReader();
  const stop = () => void reader.cancel(signal.reason).catch(() => {});
  signal.addEventListener("abort", stop, { once: true });
  const failed = (async (): Promise<never> => {
    try {
      for (;;) {
        const next = await reader.read();
        if (next.done) break;
        buffer.enqueue(next.value);
      }
      // Cancelled by the caller's abort: the handler sees a broken body, not a short one.
      signal.throwIfAborted();
      buffer.close();
    } catch (err) {
      const reason = signal.aborted ? signal.reason : new TypeError("fetch failed", { cause: err });
      buffer.error(reason);
      throw reason;
    } finally {
      signal.removeEventListener("abort", stop);
    }
    return new Promise<never>(() => {});
  })();
  failed.catch(() => {});
  return { body, failed };
}
