import type { Problem } from "@/lib/schemas/problem";
import { PROBLEM_CONTENT_TYPE, readProblem } from "@/lib/schemas/problem-body";
import { BUILD_HEADER, THIS_BUILD } from "@/lib/build-stamp";
import { ApiProblemError, markDeskOutdated } from "./problem-error";
import type { Expected } from "./answer";
import { acceptRequestId, problemInstance, REQUEST_ID_HEADER } from "@/lib/request-id";

// No zod here (nor in the API clients, which import the answers' types only): see answer.ts for why
// a structural check and the build stamp stand in for parsing each answer with its schema.

export { ApiProblemError, type ApiErrorKind } from "./problem-error";
export { anyAnswer, objectAnswer, type Expected } from "./answer";

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
 * Whether a successful answer may be read: one from another build of the desk is refused (and the
 * page is marked outdated, so it asks for a reload); one without the stamp (not from our BFF, or a
 * BFF from before stamps) falls to the structural check. Failed answers are problems and always read.
 */
export function checkBuild(response: { ok: boolean; status: number; headers: { get(name: string): string | null } }): void {
  if (!response.ok) return;
  const build = response.headers.get(BUILD_HEADER);
  if (build === null || build === THIS_BUILD) return;
  markDeskOutdated();
  throw new ApiProblemError({ type: "about:blank", title: "The desk was updated", status: response.status, detail: `This page is from build ${THIS_BUILD}; the server runs ${build}.` }, "outdated");
}

/** The answer as `expected`, or ApiProblemError("invalid-response"). */
export function expectAnswer<T>(json: unknown, expected: Expected<T>, status: number): T {
  if (!expected.accepts(json)) throw new ApiProblemError({ type: "about:blank", title: "The server's answer has an unexpected shape", status, detail: `Expected ${expected.shape}.` }, "invalid-response");
  return json as T;
}

/** A failed answer as a problem: its problem+json body when it is one (status from the answer), else the HTTP status. */
export function problemOf(json: unknown, status: number, statusText: string, requestId: string | null): Problem {
  const parsed = readProblem(json);
  const problem: Problem = parsed ? { ...parsed, status } : { type: "about:blank", title: statusText || `HTTP ${status}`, status };
  return withRequestReference(problem, requestId);
}

/**
 * GET a same-origin BFF route and check the answer is `expected`. Throws ApiProblemError for
 * non-2xx answers, unreachable servers, answers from another build of the desk and answers of
 * another shape; an aborted request rethrows the AbortError so React Query can drop it quietly.
 */
export function apiGet<T>(path: string, params: QueryParams, expected: Expected<T>, signal?: AbortSignal): Promise<T> {
  return apiRequest("GET", buildPath(path, params), undefined, expected, {}, signal);
}

/** POST/PATCH/PUT/DELETE JSON (or nothing) to a same-origin BFF route; failures throw ApiProblemError as apiGet does. */
export function sendJson<T>(
  method: "POST" | "PATCH" | "PUT" | "DELETE",
  path: string,
  body: unknown,
  expected: Expected<T>,
  headers: Record<string, string> = {},
): Promise<T> {
  return apiRequest(method, path, body, expected, headers);
}

/** The browser's one fetch of the BFF: problem+json answers become ApiProblemError carrying the request path. */
async function apiRequest<T>(method: string, path: string, body: unknown, expected: Expected<T>, headers: Record<string, string>, signal?: AbortSignal): Promise<T> {
  try {
    return await requestChecked(method, path, body, expected, headers, signal);
  } catch (error) {
    throw withRequestPath(error, path);
  }
}

async function requestChecked<T>(method: string, path: string, body: unknown, expected: Expected<T>, headers: Record<string, string>, signal?: AbortSignal): Promise<T> {
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
  if (!response.ok) throw new ApiProblemError(problemOf(json, response.status, response.statusText, response.headers.get(REQUEST_ID_HEADER)));
  checkBuild(response);
  if (!isJson) throw new ApiProblemError({ type: "about:blank", title: "The server's answer is not JSON", status: response.status }, "invalid-response");
  return expectAnswer(json, expected, response.status);
}

export { signingOutHere, signInAgain } from "./session-end";
