import type { z } from "zod";
import { Problem, PROBLEM_CONTENT_TYPE } from "@/lib/schemas/problem";
import { ApiProblemError, withRequestPath, withRequestReference } from "./http";
import { REQUEST_ID_HEADER } from "@/lib/request-id";

/** POST/DELETE to a same-origin BFF route; problem+json answers become ApiProblemError with field errors. */
export async function apiSend<T>(method: "POST" | "DELETE", path: string, body: unknown, schema: z.ZodType<T> | null): Promise<T | undefined> {
  try {
    return await send(method, path, body, schema);
  } catch (error) {
    throw withRequestPath(error, path);
  }
}

async function send<T>(method: "POST" | "DELETE", path: string, body: unknown, schema: z.ZodType<T> | null): Promise<T | undefined> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: { accept: `application/json, ${PROBLEM_CONTENT_TYPE}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
    });
  } catch {
    throw new ApiProblemError({ type: "about:blank", title: "Can't reach the server", status: 0 }, "network");
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  if (!response.ok) {
    const parsed = Problem.safeParse(json);
    throw new ApiProblemError(withRequestReference(parsed.success ? { ...parsed.data, status: response.status } : { type: "about:blank", title: `HTTP ${response.status}`, status: response.status }, response.headers.get(REQUEST_ID_HEADER)));
  }
  if (!schema) return undefined;
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new ApiProblemError({ type: "about:blank", title: "The server's answer has an unexpected shape", status: response.status }, "invalid-response");
  return parsed.data;
}
