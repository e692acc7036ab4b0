/** Kept free of `server-only`: the logger, which CLI scripts load, reads the current request here. */
import { AsyncLocalStorage } from "node:async_hooks";
import { SpanStatusCode, type Span } from "@opentelemetry/api";
import { problemInstance, REQUEST_ID_HEADER, requestIdFor } from "@/lib/request-id";
import { tracer } from "./telemetry";

export interface RequestContext {
  requestId: string;
  /** The route handler's span: platform calls made for this request are its children. */
  span?: Span;
}

// One store per process even if the bundler loads this module more than once.
const holder = globalThis as unknown as { __clinicRequestContext?: AsyncLocalStorage<RequestContext> };
const storage = (holder.__clinicRequestContext ??= new AsyncLocalStorage<RequestContext>());

/** The request being answered, if any (background work has none). */
export const currentRequest = (): RequestContext | undefined => storage.getStore();

/** The `instance` member of a problem answered now: the request's id, so staff can quote it to IT. */
export function currentProblemInstance(): { instance?: string } {
  const request = currentRequest();
  return request ? { instance: problemInstance(request.requestId) } : {};
}

/** Some answers (redirects, fetched ones) have immutable headers: those are copied into a new Response. */
function withRequestIdHeader(res: Response, requestId: string): Response {
  try {
    res.headers.set(REQUEST_ID_HEADER, requestId);
    return res;
  } catch {
    const copy = new Response(res.body, res);
    copy.headers.set(REQUEST_ID_HEADER, requestId);
    return copy;
  }
}

/**
 * Runs one request's handler under its id (the proxy's, else minted here: requests with a body skip
 * the proxy) and a span named `spanName`; the answer carries the id as `x-request-id`.
 */
export async function answerRequest(req: Request, spanName: string, handler: () => Promise<Response>): Promise<Response> {
  const requestId = requestIdFor(req.headers);
  const span = tracer().startSpan(spanName, { attributes: { "http.request.method": req.method, "request.id": requestId } });
  try {
    const res = await storage.run({ requestId, span }, handler);
    span.setAttribute("http.response.status_code", res.status);
    if (res.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    return withRequestIdHeader(res, requestId);
  } catch (err) {
    span.recordException(err as Error);
    span.setStatus({ code: SpanStatusCode.ERROR });
    throw err;
  } finally {
    span.end();
  }
}
