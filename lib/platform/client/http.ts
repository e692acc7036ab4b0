import "server-only";
/**
 * PlatformHttp owns everything every platform call shares: base URL, timeouts, the
 * Bearer / auth / client-id headers, JWE both ways, one renewal on a 401, and error mapping.
 */
import type { z } from "zod";
import { context, SpanStatusCode, trace } from "@opentelemetry/api";
import { Readable } from "node:stream";
import { Agent, request as undiciRequest } from "undici";
import { REQUEST_ID_HEADER } from "@/lib/request-id";
import { readPlatformError } from "@/lib/platform/wire/auth";
import { ENCRYPTION_HEADER } from "@/lib/platform/wire/jwe";
import { PlatformCredentialsError, PlatformRejectedError, PlatformTimeoutError, PlatformUnavailableError } from "../../server/errors";
import { decryptJson, encryptJson, encryptStream, JweError, looksEncrypted, type JweKey } from "./jwe";
import { log } from "../../server/log";
import { currentRequest } from "../../server/request-context";
import { tracer } from "../../server/telemetry";
import { processSingleton } from "../../server/process-singleton";

/** Supplies the access token for one staff member and renews it when the platform rejects it. */
export interface PlatformCredentials {
  accessToken(): Promise<string>;
  renewAfterRejection(rejected: string): Promise<string>;
}

export interface PlatformHttpOptions {
  baseUrl: string;
  clientId: string;
  timeoutMs: number;
  /** A whole upload, sending included (PLATFORM_UPLOAD_TIMEOUT_MS); the answer after the last byte gets timeoutMs. */
  uploadTimeoutMs?: number;
  /** A fetch-shaped transport instead of the keep-alive agent (tests record what is sent with it). */
  fetch?: typeof fetch;
  encryption?: JweKey;
  credentials?: PlatformCredentials;
}

/** bearer: Authorization header; business: the `auth` header of /dr/ endpoints; none: token endpoints. */
export type AuthScheme = "bearer" | "business" | "none";

/** A streamed request body; it can be opened once, so an upload is never silently re-sent. */
export interface StreamedUpload {
  /** `encrypted`: give the JSON plaintext the envelope will carry; otherwise the body as sent. */
  open(encrypted: boolean): { contentType: string; length: number; chunks: AsyncIterable<Uint8Array> };
}

export interface PlatformRequest<T> {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  path: string;
  schema: z.ZodType<T>;
  auth: AuthScheme;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  clientIdHeader?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  upload?: StreamedUpload;
}

/** 10 MB over a 0.7 Mbit/s clinic link; lib/env.ts passes PLATFORM_UPLOAD_TIMEOUT_MS. */
export const DEFAULT_UPLOAD_TIMEOUT_MS = 120_000;

export type PlatformHttp = <T>(req: PlatformRequest<T>) => Promise<T>;

/** The path with its ids as `{id}`, so spans of one endpoint group together whatever the patient. */
export function pathTemplate(path: string): string {
  // A version segment (v1) stays; numbers and longer segments with digits are ids.
  return path.replace(/\/(?:\d+|(?=[^/]*\d)[^/]{6,})(?=\/|$)/g, "/{id}");
}

/** A byte stream that asks its source for the next chunk only when fetch wants one (backpressure). */
function pullStream(chunks: AsyncIterable<Uint8Array>): ReadableStream<Uint8Array> {
  const it = chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await it.next();
      if (next.done) {
        controller.close();
      } else controller.enqueue(next.value);
    },
    async cancel(reason) {
      await it.return?.(reason);
    },
  });
}

/**
 * Platform calls go through undici's own request API on one keep-alive agent per process: no
 * WHATWG Request/Response/stream objects per call (the global fetch spent ~0.3 ms of CPU on each).
 */
const platformAgent = processSingleton("__clinicPlatformAgent", () => new Agent({ keepAliveTimeout: 30_000, connections: 128 }));

interface Exchange {
  method: string;
  headers: Record<string, string>;
  body?: string | AsyncIterable<Uint8Array>;
  signal: AbortSignal;
}

/** Appends `onEnd` after the last chunk: the body has been handed over in full. */
async function* thenSignal(chunks: AsyncIterable<Uint8Array>, onEnd: () => void): AsyncGenerator<Uint8Array> {
  yield* chunks;
  onEnd();
}

export function createPlatformHttp(opts: PlatformHttpOptions): PlatformHttp {
  async function exchange(url: string, x: Exchange): Promise<{ status: number; text: string }> {
    if (opts.fetch) {
      const init: RequestInit & { duplex?: "half" } = { method: x.method, headers: x.headers, signal: x.signal, cache: "no-store" };
      if (typeof x.body === "string") init.body = x.body;
      else if (x.body) Object.assign(init, { body: pullStream(x.body), duplex: "half" });
      const res = await opts.fetch(url, init);
      return { status: res.status, text: await res.text() };
    }
    const body = typeof x.body === "string" || !x.body ? x.body : Readable.from(x.body, { objectMode: false });
    const res = await undiciRequest(url, { method: x.method, headers: x.headers, body, signal: x.signal, dispatcher: platformAgent });
    return { status: res.statusCode, text: await res.body.text() };
  }

  function urlFor(path: string, query: PlatformRequest<unknown>["query"]): string {
    const url = new URL(opts.baseUrl + path);
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    return url.toString();
  }

  async function send<T>(req: PlatformRequest<T>, token: string | undefined) {
    const headers: Record<string, string> = { accept: "application/json", ...req.headers };
    const requestId = currentRequest()?.requestId;
    if (requestId) headers[REQUEST_ID_HEADER] = requestId;
    if (req.auth === "bearer" && token) headers.authorization = `Bearer ${token}`;
    if (req.auth === "business" && token) headers.auth = token;
    if (req.clientIdHeader) headers["client-id"] = opts.clientId;
    let body: string | AsyncIterable<Uint8Array> | undefined;
    // One controller ends the call: the caller going away, the overall limit, or (an upload) the
    // answer's limit once its last byte is sent. (AbortSignal.any over three signals cost ~40 µs a call.)
    const stop = new AbortController();
    let limitHit: number | undefined;
    const limit = (ms: number) => setTimeout(() => ((limitHit ??= ms), stop.abort()), ms);
    let answerTimer: ReturnType<typeof setTimeout> | undefined;
    const sent = () => void (answerTimer = limit(opts.timeoutMs));
    if (opts.encryption) headers[ENCRYPTION_HEADER] = "JWE";
    if (req.upload) {
      const opened = req.upload.open(!!opts.encryption);
      const sealed = opts.encryption ? encryptStream(opened.chunks, opened.length, opts.encryption) : { length: opened.length, chunks: opened.chunks };
      headers["content-type"] = opts.encryption ? "application/json" : opened.contentType;
      headers["content-length"] = String(sealed.length);
      body = thenSignal(sealed.chunks, sent);
    } else if (req.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(opts.encryption ? await encryptJson(req.body, opts.encryption) : req.body);
    }
    const timeoutMs = req.upload ? (opts.uploadTimeoutMs ?? DEFAULT_UPLOAD_TIMEOUT_MS) : opts.timeoutMs;
    const overallTimer = limit(timeoutMs);
    const callerGone = () => stop.abort(req.signal?.reason);
    if (req.signal?.aborted) callerGone();
    else req.signal?.addEventListener("abort", callerGone, { once: true });
    try {
      const url = urlFor(req.path, req.query);
      const res = await exchange(url, { method: req.method, headers, body, signal: stop.signal });
      return { status: res.status, body: await readBody(res, url) };
    } catch (err) {
      if (req.signal?.aborted || err instanceof PlatformUnavailableError) throw err;
      if (limitHit !== undefined) throw new PlatformTimeoutError(limitHit);
      throw new PlatformUnavailableError();
    } finally {
      clearTimeout(overallTimer);
      clearTimeout(answerTimer);
      req.signal?.removeEventListener("abort", callerGone);
    }
  }

  async function readBody(res: { status: number; text: string }, url: string): Promise<unknown> {
    const { text } = res;
    const ok = res.status >= 200 && res.status < 300;
    if (!text) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      if (ok) throw new PlatformUnavailableError("The clinical platform sent an answer that could not be read.");
      return { error: { message: text.slice(0, 200), code: `http_${res.status}` } };
    }
    if (opts.encryption && looksEncrypted(parsed)) {
      try {
        return await decryptJson(parsed, opts.encryption);
      } catch (err) {
        // Log what failed, never the payload.
        log().warn({ status: res.status, url, reason: (err as Error).message }, "platform answer could not be decrypted");
        throw new PlatformUnavailableError(
          err instanceof JweError ? "The clinical platform's encrypted answer could not be decrypted. Check the shared encryption key." : undefined,
        );
      }
    }
    return parsed;
  }

  async function request<T>(req: PlatformRequest<T>, span: { status?: number }): Promise<T> {
    const creds = req.auth === "none" ? undefined : opts.credentials;
    if (req.auth !== "none" && !creds) throw new Error(`platform call ${req.path} needs credentials`);
    let token = await creds?.accessToken();
    let res = await send(req, token);
    span.status = res.status;
    if (res.status === 401 && creds && token && req.upload) {
      // The streamed file is gone; renew now so the person's retry goes through.
      await creds.renewAfterRejection(token);
      throw new PlatformUnavailableError("The clinical platform asked for a fresh sign-in while the file was being sent. It was not stored; try again.");
    }
    if (res.status === 401 && creds && token) {
      token = await creds.renewAfterRejection(token);
      res = await send(req, token);
      span.status = res.status;
    }
    if (res.status >= 200 && res.status < 300) {
      const parsed = req.schema.safeParse(res.body);
      if (parsed.success) return parsed.data;
      log().warn({ method: req.method, path: pathTemplate(req.path), issues: parsed.error.issues.slice(0, 5) }, "platform answer did not match the contract");
      throw new PlatformUnavailableError("The clinical platform sent an answer in an unexpected shape.");
    }
    const err = readPlatformError(res.body) ?? { code: `http_${res.status}`, message: `HTTP ${res.status}` };
    if (res.status === 401 || res.status === 403) {
      throw new PlatformCredentialsError(err.code);
    }
    if (res.status === 429 || res.status >= 500) throw new PlatformUnavailableError(undefined, err.code);
    if (opts.encryption && res.status === 400 && err.code === "invalid_encryption") {
      log().warn({ method: req.method, path: pathTemplate(req.path), reason: err.message }, "platform could not decrypt our request");
      throw new PlatformUnavailableError("The clinical platform could not decrypt our request. Check the shared encryption key.", err.code);
    }
    throw new PlatformRejectedError(res.status, err.code, err.message);
  }

  /** One span per call, a child of the route handler's span, named by method and path template. */
  return async function traced<T>(req: PlatformRequest<T>): Promise<T> {
    const current = currentRequest();
    const parent = current?.span ? trace.setSpan(context.active(), current.span) : context.active();
    const path = pathTemplate(req.path);
    const span = tracer().startSpan(
      `platform ${req.method} ${path}`,
      { attributes: { "http.request.method": req.method, "url.template": path, ...(current ? { "request.id": current.requestId } : {}) } },
      parent,
    );
    const seen: { status?: number } = {};
    try {
      return await request(req, seen);
    } catch (err) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (err as Error).message });
      throw err;
    } finally {
      if (seen.status !== undefined) span.setAttribute("http.response.status_code", seen.status);
      span.end();
    }
  };
}
