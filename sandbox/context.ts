import type { IncomingMessage } from "node:http";
import type { z } from "zod";
import type { SandboxConfig } from "../lib/schemas/sandbox-config";
import { badRequest } from "./errors";
import type { EventBus } from "./event-bus";
import type { Faults, RequestStats } from "./faults";
import type { FormularyIndex } from "./drug-search";
import type { Logger } from "./log";
import type { Route } from "./router";
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
}

export interface Reply {
  status?: number;
  body: unknown;
  headers?: Record<string, string>;
}

export interface RequestContext {
  req: IncomingMessage;
  url: URL;
  path: string;
  params: Record<string, string>;
  route: Route<Handler>;
  /** The body as received, or the decrypted plaintext when the request was JWE. */
  rawBody: Buffer;
  header(name: string): string | undefined;
  /** Parses the JSON body with a schema; 400 naming the bad fields otherwise. */
  json<T>(schema: z.ZodType<T>): T;
}

export type Handler = (ctx: RequestContext) => Promise<Reply> | Reply;
export type SandboxRoute = Route<Handler>;

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
