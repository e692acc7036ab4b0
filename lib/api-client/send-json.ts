import type { z } from "zod";
import { Problem, PROBLEM_CONTENT_TYPE } from "@/lib/schemas/problem";
import { ApiProblemError, withRequestPath, withRequestReference } from "./http";
import { REQUEST_ID_HEADER } from "@/lib/request-id";

/**
 * POST/PATCH JSON to a same-origin BFF route and parse the answer with `schema`; failures throw
 * ApiProblemError with the server's problem details (field errors included) as apiGet does.
 */
export async function sendJson<T>(
  method: "POST" | "PATCH" | "PUT" | "DELETE",
  path: string,
  body: unknown,
  schema: z.ZodType<T>,
  headers: Record<string, string> = {},
): Promise<T> {
  try {
    return await sendParsed(method, path, body, schema, headers);
  } catch (error) {
    throw withRequestPath(error, path);
  }
}

async function sendParsed<T>(method: "POST" | "PATCH" | "PUT" | "DELETE", path: string, body: unknown, schema: z.ZodType<T>, headers: Record<string, string>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { "content-type": "application/json", accept: `application/json, ${PROBLEM_CONTENT_TYPE}`, ...headers },
      credentials: "same-origin",
      cache: "no-store",
      body: JSON.stringify(body),
    });
  } catch {
    throw new ApiProblemError({ type: "about:blank", title: "Can't reach the server", status: 0 }, "network");
  }
  let json: unknown;
  try {
    json = await response.json();
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const parsed = Problem.safeParse(json);
    throw new ApiProblemError(withRequestReference(parsed.success ? { ...parsed.data, status: response.status } : { type: "about:blank", title: response.statusText || `HTTP ${response.status}`, status: response.status }, response.headers.get(REQUEST_ID_HEADER)));
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw new ApiProblemError({ type: "about:blank", title: "The server's answer has an unexpected shape", status: response.status, detail: parsed.error.issues[0]?.message }, "invalid-response");
  }
  return parsed.data;
}
