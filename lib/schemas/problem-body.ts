import type { Problem } from "./problem";

// Without zod: the browser reads every failed answer with this (lib/api-client/http.ts), and zod is
// not in the first download of the pages that only read. It accepts exactly what `Problem` (problem.ts)
// accepts, which problem-body.test.ts checks case by case.

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const optional = (v: unknown, type: "string" | "number") => v === undefined || typeof v === type;

/** An RFC 9457 problem body as every route handler answers errors, or undefined when `json` is not one. */
export function readProblem(json: unknown): Problem | undefined {
  if (!isRecord(json)) return undefined;
  const { type, title, status, detail, errors, retryAfter, code, instance } = json;
  if (typeof title !== "string" || typeof status !== "number" || !Number.isSafeInteger(status)) return undefined;
  if (!optional(type, "string") || !optional(detail, "string") || !optional(code, "string") || !optional(instance, "string")) return undefined;
  if (!optional(retryAfter, "number") || (typeof retryAfter === "number" && !Number.isFinite(retryAfter))) return undefined;
  if (errors !== undefined && !(isRecord(errors) && Object.values(errors).every((v) => typeof v === "string"))) return undefined;
  const problem: Problem = { type: (type as string | undefined) ?? "about:blank", title, status };
  if (detail !== undefined) problem.detail = detail as string;
  if (errors !== undefined) problem.errors = errors as Record<string, string>;
  if (retryAfter !== undefined) problem.retryAfter = retryAfter as number;
  if (code !== undefined) problem.code = code as string;
  if (instance !== undefined) problem.instance = instance as string;
  return problem;
}
