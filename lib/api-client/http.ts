import type { z } from "zod";
import { Problem, PROBLEM_CONTENT_TYPE } from "@/lib/schemas/problem";
import { ApiProblemError } from "./problem-error";
import { acceptRequestId, problemInstance, REQUEST_ID_HEADER } from "@/lib/request-id";

export { ApiProblemError, type ApiErrorKind } from "./problem-error";

/** The problem with the answer's `x-request-id` as its `instance` when the body named none (a proxy's own error page). */
export function withRequestReference(problem: Problem, requestId: string | null): Problem {
  const id = acceptRequestId(requestId);
  return problem.instance || !id ? problem : { ...problem, instance: problemInstance(id) };
}

/** Marks an error with the path of the request that failed (kept when already set). */
export function withRequestPath<E>(error: E, path: string): E {
  if (error instanceof ApiProblemError && !error.path) error.path = path.split("?")[0];
  return error;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export function buildPath(path: string, params: QueryParams = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "") continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}

const ACCEPT = `application/json, ${PROBLEM_CONTENT_TYPE}`;

/**
 * GET a same-origin BFF route and parse the answer with `schema`. Throws ApiProblemError for
 * non-2xx answers, unreachable servers and answers that don't match the schema; an aborted
 * request rethrows the AbortError so React Query can drop it quietly.
 */
export function apiGet<T>(path: string, params: QueryParams, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
  return apiRequest("GET", buildPath(path, params), undefined, schema, {}, signal);
}

/** POST/PATCH/PUT/DELETE JSON (or nothing) to a same-origin BFF route; failures throw ApiProblemError as apiGet does. */
export function sendJson<T>(
  method: "POST" | "PATCH" | "PUT" | "DELETE",
  path: string,
  body: unknown,
  schema: z.ZodType<T>,
  headers: Record<string, string> = {},
): Promise<T> {
  return apiRequest(method, path, body, schema, headers);
}

/** The browser's one fetch of the BFF: problem+json answers become ApiProblemError carrying the request path. */
async function apiRequest<T>(method: string, path: string, body: unknown, schema: z.ZodType<T>, headers: Record<string, string>, signal?: AbortSignal): Promise<T> {
  try {
    return await requestParsed(method, path, body, schema, headers, signal);
  } catch (error) {
    throw withRequestPath(error, path);
  }
}

async function requestParsed<T>(method: string, path: string, body: unknown, schema: z.ZodType<T>, headers: Record<string, string>, signal?: AbortSignal): Promise<T> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(path, {
      method,
      headers: { accept: ACCEPT, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      cache: "no-store",
      signal,
    });
    text = await response.text();
  } catch (error) {
    if (isAbort(error) || signal?.aborted) throw error;
    throw new ApiProblemError({ type: "about:blank", title: "Can't reach the server", status: 0 }, "network");
  }
  let json: unknown;
  let isJson = true;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    isJson = false;
  }
  if (!response.ok) {
    const parsed = Problem.safeParse(json);
    const problem: Problem = parsed.success ? { ...parsed.data, status: response.status } : { type: "about:blank", title: response.statusText || `HTTP ${response.status}`, status: response.status };
    throw new ApiProblemError(withRequestReference(problem, response.headers.get(REQUEST_ID_HEADER)));
  }
  if (!isJson) throw new ApiProblemError({ type: "about:blank", title: "The server's answer is not JSON", status: response.status }, "invalid-response");
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ApiProblemError(
      { type: "about:blank", title: "The server's answer has an unexpected shape", status: response.status, detail: parsed.error.issues[0]?.message },
      "invalid-response",
    );
  }
  return parsed.data;
}

export { signingOutHere, signInAgain } from "./session-end";
