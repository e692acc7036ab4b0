import { Hono, type Context, type MiddlewareHandler } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { parseJsonBody, type Method, type RequestContext, type SandboxRoute, type Services } from "./context";
import { badRequest, errorBody, familyForPath, HttpError, type ApiFamily } from "./errors";
import { JweError, openEnvelope, resolveKey, sealPayload, type SharedKey } from "./jwe";
import { loggableRequestId } from "./log";

/** The default request body limit; a route may allow more (`maxBodyBytes`). */
export const MAX_BODY_BYTES = 12 * 1024 * 1024;

interface SandboxEnv {
  Variables: {
    route: SandboxRoute;
    url: URL;
    body: Buffer;
    /** Set for an injected hang: nothing reaches the client, so nothing is logged as answered. */
    hung: boolean;
  };
}
type SandboxContext = Context<SandboxEnv>;
type Middleware = MiddlewareHandler<SandboxEnv>;

/** The path as the client sent it, still percent-encoded and with any trailing slash. */
function rawPath(url: string): string {
  const start = url.indexOf("/", url.indexOf("//") + 2);
  const query = url.indexOf("?", start);
  return url.slice(start, query < 0 ? undefined : query);
}

function json(c: SandboxContext, status: number, body: unknown, headers: Record<string, string> = {}): Response {
  const text = body === undefined ? "" : JSON.stringify(body);
  return c.body(text, status as ContentfulStatusCode, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers });
}

const problem = (c: SandboxContext, family: ApiFamily, err: HttpError) => json(c, err.status, errorBody(family, err.status, err.code, err.message), err.headers);

/**
 * Reads the body while it streams in and stops at `limit`: a declared Content-Length over it is
 * refused before a byte is read, a chunked body as soon as it passes it. What the client still
 * sends after the 413 is drained for a moment by @hono/node-server and then the connection is cut.
 */
async function bodyWithin(req: Request, limit: number): Promise<Buffer> {
  const tooLarge = () => new HttpError(413, "payload_too_large", `Request body is larger than ${limit} bytes`, { connection: "close" });
  // A Fetch Request never carries a body on GET or HEAD; asking for one would only build it.
  if (req.method === "GET" || req.method === "HEAD") return Buffer.alloc(0);
  if (Number(req.headers.get("content-length") ?? 0) > limit) throw tooLarge();
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch {
      // A client that goes away mid-body is the client's doing, not a sandbox failure.
      throw new HttpError(400, "aborted", "Request was aborted by the client");
    }
    if (next.done) return Buffer.concat(chunks, size);
    size += next.value.byteLength;
    if (size > limit) throw tooLarge();
    chunks.push(next.value);
  }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(resolve, ms);
    signal.addEventListener("abort", () => (clearTimeout(timer), resolve()), { once: true });
  });

const untilAborted = (...signals: AbortSignal[]) => sleep(2 ** 31 - 1, AbortSignal.any(signals));

const wantsEncryption = (c: SandboxContext) => (c.req.header("x-encryption") ?? "").trim().toUpperCase() === "JWE";

/**
 * The sandbox platform as a Hono app: each route table row is registered with middleware that
 * carries its metadata (name for stats, API family for error shapes, allowed query parameters, body
 * limit); platform routes also pass fault injection and JWE, control routes skip both.
 */
export function sandboxApp(services: Services, routes: readonly SandboxRoute[], closing: AbortSignal): Hono<SandboxEnv> {
  const { config, faults, stats, log } = services;
  const app = new Hono<SandboxEnv>({ strict: false });

  app.onError((err, c) => {
    const family = c.get("route")?.family ?? familyForPath(rawPath(c.req.url));
    if (err instanceof HttpError) return problem(c, family, err);
    log("error", "unexpected error while answering", { method: c.req.method, path: rawPath(c.req.url), error: err.stack ?? String(err) });
    return problem(c, family, new HttpError(500, "internal_error", "The sandbox failed to answer; see its log"));
  });
  app.notFound((c) => problem(c, familyForPath(rawPath(c.req.url)), new HttpError(404, "not_found", `No route for ${c.req.method} ${rawPath(c.req.url)}`)));

  // One line per answer, with the app's request id, so a desk error can be followed here; the query may name a patient, so only the path.
  app.use(async (c, next) => {
    const started = performance.now();
    await next();
    if (c.get("hung")) return;
    log("info", "request answered", {
      method: c.req.method,
      path: rawPath(c.req.url),
      status: c.res.status,
      ms: Math.round(performance.now() - started),
      requestId: loggableRequestId(c.req.header("x-request-id")),
    });
  });

  // Hono leaves a malformed %-sequence in a param as it came; the platform refuses such a path.
  app.use(async (c, next) => {
    const path = rawPath(c.req.url);
    if (path.includes("%")) {
      try {
        decodeURIComponent(path);
      } catch {
        throw badRequest("The path has a malformed percent-encoding", "malformed_path");
      }
    }
    await next();
  });

  const describe =
    (route: SandboxRoute): Middleware =>
    async (c, next) => {
      c.set("route", route);
      c.set("url", new URL(c.req.url));
      await next();
    };

  const platformGate: Middleware = async (c, next) => {
    const { route, url } = c.var;
    const unknown = [...new Set(url.searchParams.keys())].filter((name) => !route.query?.includes(name));
    if (unknown.length > 0) throw badRequest(`Unknown query parameter: ${unknown.join(", ")}`, "unknown_parameter");
    stats.count(route.name);
    const path = url.pathname;
    const requestId = c.req.header("x-request-id");
    if (faults.shouldHang(path, requestId)) {
      // Never answered: held until the client goes away or close() ends the connection.
      c.set("hung", true);
      await untilAborted(closing, c.req.raw.signal);
      return c.body(null, 503);
    }
    const latency = faults.latencyFor(path, requestId);
    if (latency > 0) await sleep(latency, closing);
    if (faults.shouldFail(path, requestId)) throw new HttpError(503, "service_unavailable", "Service is temporarily unavailable (injected fault)");
    await next();
  };

  const readBody =
    (limit: number): Middleware =>
    async (c, next) => {
      c.set("body", await bodyWithin(c.req.raw, limit));
      await next();
    };

  async function decrypt(c: SandboxContext, raw: Buffer): Promise<{ body: Buffer; key: SharedKey }> {
    try {
      if (raw.length === 0) return { body: raw, key: resolveKey(config.encryptionKeys, c.req.header("x-encryption-kid")) };
      let envelope: unknown;
      try {
        envelope = JSON.parse(raw.toString("utf8"));
      } catch {
        throw new JweError("Encrypted body is not JSON");
      }
      const { plaintext, key } = await openEnvelope(envelope, config.encryptionKeys);
      return { body: plaintext, key };
    } catch (err) {
      if (!(err instanceof JweError)) throw err;
      log("warn", "encrypted request rejected", { path: c.var.url.pathname, family: c.var.route.family, reason: err.message, bytes: raw.length });
      throw new HttpError(400, "invalid_encryption", err.message);
    }
  }

  const answer: Middleware = async (c) => {
    const { route, url } = c.var;
    let body = c.var.body;
    let key: SharedKey | undefined;
    if (!route.control && wantsEncryption(c)) ({ body, key } = await decrypt(c, body));
    const ctx: RequestContext = {
      url,
      path: url.pathname,
      params: c.req.param() as Record<string, string>,
      route,
      rawBody: body,
      header: (name) => c.req.header(name),
      json: (schema) => parseJsonBody(body, schema),
    };
    const reply = await route.handler(ctx);
    const status = reply.status ?? 200;
    if (key && status >= 200 && status < 300) {
      const sealed = await sealPayload(Buffer.from(JSON.stringify(reply.body ?? null)), key);
      return json(c, status, sealed, { ...reply.headers, "x-encryption": "JWE" });
    }
    return json(c, status, reply.body, reply.headers);
  };

  const methodsByPattern = new Map<string, Method[]>();
  for (const route of routes) {
    const gates = route.control ? [] : [platformGate];
    app.on(route.method, route.pattern, describe(route), ...gates, readBody(route.maxBodyBytes ?? MAX_BODY_BYTES), answer);
    methodsByPattern.set(route.pattern, [...(methodsByPattern.get(route.pattern) ?? []), route.method]);
  }
  // Registered after every route, so they answer only a known path asked with a method it lacks.
  for (const [pattern, methods] of methodsByPattern) {
    app.all(pattern, (c) => {
      const path = rawPath(c.req.url);
      return problem(c, familyForPath(path), new HttpError(405, "method_not_allowed", `${c.req.method} is not allowed on ${path}`, { allow: methods.join(", ") }));
    });
  }
  return app;
}
