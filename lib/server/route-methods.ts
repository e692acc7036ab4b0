import "server-only";
import { MethodNotAllowedError, problemResponse } from "./errors";
import { answerRequest } from "./request-context";

export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];
type Missing<A extends HttpMethod> = Exclude<HttpMethod, A | ("GET" extends A ? "HEAD" : never)>;
type Stub = (req: Request) => Response | Promise<Response>;

/** Marks the handlers below, so the route × role test knows a 405 is this route's intended answer. */
export const METHOD_NOT_ALLOWED = Symbol.for("clinic.method-not-allowed");

/**
 * Handlers for the methods a route does not have: Next answers those with an empty 405, so each
 * route exports these instead (`export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST")`)
 * and every API answer stays problem+json. OPTIONS names the real methods.
 */
export function otherMethods<const A extends HttpMethod[]>(...allowed: A): Record<Missing<A[number]> | "OPTIONS", Stub> {
  const allow = [...allowed, ...(allowed.includes("GET") && !allowed.includes("HEAD") ? ["HEAD"] : []), "OPTIONS"];
  const notAllowed: Stub = (req) => answerRequest(req, `${req.method} method-not-allowed`, async () => problemResponse(new MethodNotAllowedError(allow)));
  Object.assign(notAllowed, { [METHOD_NOT_ALLOWED]: true });
  const stubs: Record<string, Stub> = {
    OPTIONS: () => new Response(null, { status: 204, headers: { allow: allow.join(", "), "cache-control": "no-store" } }),
  };
  for (const method of HTTP_METHODS) {
    if (allowed.includes(method) || (method === "HEAD" && allowed.includes("GET"))) continue;
    stubs[method] = notAllowed;
  }
  return stubs as Record<Missing<A[number]> | "OPTIONS", Stub>;
}
