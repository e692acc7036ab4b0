/**
 * A fetch that holds the requests to one path (and method) until the test lets them go, as a slow
 * platform would: the caller's own timeout still fires (its call rejects with its signal's reason, as
 * fetch does), and the held request reaches the platform whole and unaborted on `release()`. A create
 * the desk gave up on thus still lands, at the moment the test chooses instead of after a fixed delay,
 * so a test of "the answer came too late" waits for no clock but the desk's own timeout.
 */
export interface HeldRequests {
  fetch: typeof fetch;
  /** How many requests are held now. */
  readonly held: number;
  /** Sends every held request on, in order; answers the platform's responses once all have landed. */
  release(): Promise<Response[]>;
}

export function holdRequests(reach: typeof fetch, match: { method: string; pathPrefix: string }): HeldRequests {
  const queue: (() => Promise<Response>)[] = [];
  return {
    get held() {
      return queue.length;
    },
    async fetch(input, init) {
      const request = new Request(input, init);
      if (request.method !== match.method || !new URL(request.url).pathname.startsWith(match.pathPrefix)) return reach(request);
      const { signal } = request;
      signal.throwIfAborted();
      // Taken whole at once, as a socket's buffers take a small body: the platform gets it later, intact.
      const body = request.body ? await request.arrayBuffer() : undefined;
      const sent = new Promise<Response>((resolve) =>
        queue.push(() => {
          const landed = reach(request.url, { method: request.method, headers: request.headers, body });
          resolve(landed);
          return landed;
        }),
      );
      const gone = new Promise<never>((_, reject) => (signal.aborted ? reject(signal.reason) : signal.addEventListener("abort", () => reject(signal.reason), { once: true })));
      sent.catch(() => {});
      gone.catch(() => {});
      return Promise.race([sent, gone]);
    },
    release: () => Promise.all(queue.splice(0).map((send) => send())),
  };
}
