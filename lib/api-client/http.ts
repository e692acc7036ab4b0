import type { z } from "zod";
import { Problem, PROBLEM_CONTENT_TYPE } from "@/lib/schemas/problem";
import { acceptRequestId, problemInstance, REQUEST_ID_HEADER, requestIdOfInstance } from "@/lib/request-id";

/** What went wrong, so the UI can pick a message without reading English titles. */
export type ApiErrorKind = "problem" | "network" | "invalid-response";

/** A failed BFF call. `status` is 0 when the server was never reached. */
export class ApiProblemError extends Error {
  readonly problem: Problem;
  readonly kind: ApiErrorKind;
  /** The BFF path that failed (no query), so a message can name the feature it belongs to. */
  path?: string;

  constructor(problem: Problem, kind: ApiErrorKind = "problem", path?: string) {
    super(problem.detail ? `${problem.title}: ${problem.detail}` : problem.title);
    this.name = "ApiProblemError";
    this.problem = problem;
    this.kind = kind;
    this.path = path;
  }

  get status(): number {
    return this.problem.status;
  }

  /** The request id the server logged this failure under, for staff to read out to IT. */
  get reference(): string | undefined {
    return requestIdOfInstance(this.problem.instance);
  }
}

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

async function problemFrom(response: Response): Promise<Problem> {
  const fallback: Problem = { type: "about:blank", title: response.statusText || `HTTP ${response.status}`, status: response.status };
  const contentType = response.headers.get("content-type") ?? "";
  const requestId = response.headers.get(REQUEST_ID_HEADER);
  if (!contentType.includes(PROBLEM_CONTENT_TYPE) && !contentType.includes("application/json")) return withRequestReference(fallback, requestId);
  try {
    const parsed = Problem.safeParse(await response.json());
    return withRequestReference(parsed.success ? { ...parsed.data, status: response.status } : fallback, requestId);
  } catch {
    return withRequestReference(fallback, requestId);
  }
}

/**
 * GET a same-origin BFF route and parse the answer with `schema`. Throws ApiProblemError for
 * non-2xx answers, unreachable servers and answers that don't match the schema; an aborted
 * request rethrows the AbortError so React Query can drop it quietly.
 */
export async function apiGet<T>(path: string, params: QueryParams, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
  try {
    return await getParsed(path, params, schema, signal);
  } catch (error) {
    throw withRequestPath(error, path);
  }
}

async function getParsed<T>(path: string, params: QueryParams, schema: z.ZodType<T>, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await fetch(buildPath(path, params), {
      method: "GET",
      headers: { accept: `application/json, ${PROBLEM_CONTENT_TYPE}` },
      credentials: "same-origin",
      cache: "no-store",
      signal,
    });
  } catch (error) {
    if (isAbort(error) || signal?.aborted) throw error;
    throw new ApiProblemError({ type: "about:blank", title: "Can't reach the server", status: 0 }, "network");
  }

  if (!response.ok) throw new ApiProblemError(await problemFrom(response));

  let body: unknown;
  try {
    body = await response.json();
  } catch (error) {
    if (isAbort(error) || signal?.aborted) throw error;
    throw new ApiProblemError({ type: "about:blank", title: "The server's answer is not JSON", status: response.status }, "invalid-response");
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiProblemError(
      { type: "about:blank", title: "The server's answer has an unexpected shape", status: response.status, detail: parsed.error.issues[0]?.message },
      "invalid-response",
    );
  }
  return parsed.data;
}
