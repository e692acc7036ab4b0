import type { z } from "zod";
import type { SandboxConfig } from "../wire/sandbox-config";
import { badRequest, type ApiFamily } from "./errors";
import type { EventBus } from "./event-bus";
import type { Faults, RequestStats } from "./faults";
import type { FormularyIndex } from "./drug-search";
import type { Logger } from "./log";
import type { Store } from "./store";
import type { TokenService } from "./tokens";

/** Everything a route needs, built once per sandbox. */
export interface Services {
  config: SandboxConfig;
  store: Store;
  tokens: TokenService;
  faults: Faults;
  stats: RequestStats;
  formulary: FormularyIndex;
  /** Platform events (bookings, tele-consultation joins) for webhook delivery. */
  events: EventBus;
  log: Logger;
  /** The sandbox's clock (ms since the epoch): injectable, so a test can stand the platform on the day it needs. */
  now: () => number;
  /** How the sandbox reaches others (the identity provider's JWKS, webhook endpoints): the global fetch unless one is handed in. */
  fetch: typeof fetch;
}

export interface Reply {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** One row of a route table; app.ts registers it on the Hono app with its metadata. */
export interface SandboxRoute {
  method: Method;
  /** Hono path pattern: `:name` segments become percent-decoded params; a trailing slash is not significant. */
  pattern: string;
  /** Stable name used by /__sandbox/stats, e.g. "drugs.search". */
  name: string;
  family: ApiFamily;
  /** Control routes skip faults, stats and encryption. */
  control?: boolean;
  /** The query parameters a platform route reads; any other is refused by name, as the desk's own routes do. */
  query?: readonly string[];
  /** A larger request body than the default (document upload). */
  maxBodyBytes?: number;
  handler: Handler;
}

export interface RequestContext {
  url: URL;
  path: string;
  params: Record<string, string>;
  route: SandboxRoute;
  /** The body as received, or the decrypted plaintext when the request was JWE. */
  rawBody: Buffer;
  header(name: string): string | undefined;
  /** Parses the JSON body with a schema; 400 naming the bad fields otherwise. */
  json<T>(schema: z.ZodType<T>): T;
}

export type Handler = (ctx: RequestContext) => Promise<Reply> | Reply;

export function describeIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.length ? i.path.join(".") : "body"}: ${i.message}`).join("; ");
}

export function parseJsonBody<T>(raw: Buffer, schema: z.ZodType<T>): T {
  let value: unknown;
  if (raw.length === 0) value = undefined;
  else {
    try {
      value = JSON.parse(raw.toString("utf8"));
    } catch {
      throw badRequest("Request body is not valid JSON");
    }
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw badRequest(value === undefined ? "Request body is required" : describeIssues(parsed.error));
  return parsed.data;
}
