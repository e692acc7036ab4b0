import "server-only";
import type { z } from "zod";
import { isStorableText, storableJson, toStorableText, UNSTORABLE_TEXT_MESSAGE } from "@/lib/schemas/storable-text";
import { env } from "@/lib/env";
import { can, ownRowsOnly, type Action } from "@/lib/access";
import type { StaffSession } from "./auth/session";
import { db } from "./db";
import type { Db } from "./db/connect";
import { services } from "./services";
import { readLimitedBody } from "./read-body";
import type { StaffPlatform } from "@/lib/platform/client";
import type { AuditEntry } from "./audit";
import { addressAsSent, clientAddress } from "./request-info";
import { ForbiddenError, PayloadTooLargeError, UnauthenticatedError, UnsupportedMediaTypeError, ValidationError, problemResponse } from "./errors";
import { isPrototypeName, strictSearchParams } from "./query-params";
import { answerRequest } from "./request-context";
import { logAnswered } from "./log";
import { rowRefusal, type RowKind } from "./row-owners";
import { routeWiring } from "./route-wiring";

const DEFAULT_BODY_LIMIT = 64 * 1024;

export const DISPLAY_REFUSAL = "This browser is a paired waiting-room display: it shows the display feed and nothing else.";

export interface StaffRouteContext<Q, B> {
  req: Request;
  staff: StaffSession;
  query: Q;
  body: B;
  params: Record<string, string>;
  platform: StaffPlatform;
  db: Db;
  /** Records an entry in the audit log for this staff member and address. */
  audit(entry: Omit<AuditEntry, "staffId" | "ip">): Promise<void>;
}

export interface StaffRouteOptions<Q, B> {
  /** What the route does, checked against `ROLE_PERMISSIONS` in lib/access.ts before anything else. */
  action: Action;
  /** The row the route acts on (named by a path parameter): a role limited to its own rows is refused another's. */
  row?: RowKind;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  bodyLimit?: number;
}

/**
 * Mutations must come from our own pages: the browser's Origin (or Fetch Metadata) says so. The
 * Origin may name the configured APP_URL or the host the browser addressed (a desk PC opening
 * http://127.0.0.1:3000 instead of localhost), always by scheme, host and port: the scheme is the
 * APP_URL's, since an https page is another origin than the http app even on the same host and port.
 */
export function isSameOrigin(req: Request, appUrl: string): boolean {
  const origin = req.headers.get("origin");
  if (!origin) return req.headers.get("sec-fetch-site") === "same-origin";
  let originUrl: URL;
  try {
    originUrl = new URL(origin);
  } catch {
    return false;
  }
  const app = new URL(appUrl);
  if (originUrl.origin === app.origin) return true;
  const host = req.headers.get("host");
  return !!host && originUrl.origin === `${app.protocol}//${host.toLowerCase()}`;
}

/** A JSON body is sent as application/json (or a +json type), in UTF-8: anything else is refused before it is read. */
export function isJsonContentType(contentType: string | null): boolean {
  if (!contentType) return false;
  const [type, ...params] = contentType.split(";").map((p) => p.trim().toLowerCase());
  if (type !== "application/json" && !/^application\/[a-z0-9.+-]+\+json$/.test(type ?? "")) return false;
  const charset = params.find((p) => p.startsWith("charset="))?.slice("charset=".length).replace(/"/g, "");
  return charset === undefined || charset === "utf-8" || charset === "utf8";
}

/** Whether a request carries a body at all (a mutation without one is checked by its schema alone). */
function hasBody(req: Request): boolean {
  const length = req.headers.get("content-length");
  if (length !== null) return length.trim() !== "0";
  return req.headers.has("transfer-encoding") || req.body !== null;
}

/** The body as text, read up to the limit while it streams (see readLimitedBody). */
export async function readBodyText(req: Request, limit: number): Promise<string> {
  const bytes = await readLimitedBody(req, limit);
  if (!bytes) throw new PayloadTooLargeError(limit);
  return bytes.toString("utf8");
}

async function readJsonBody(req: Request, limit: number): Promise<unknown> {
  const text = await readBodyText(req, limit);
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationError({ body: "The request body is not valid JSON." }, "The request body is not valid JSON.");
  }
}

/** Query values and path parameters arrive percent-decoded; a NUL among them is refused here, naming it. */
function assertStorable(entries: Iterable<[string, string]>, what: string): void {
  const errors: Record<string, string> = {};
  for (const [name, value] of entries) if (!isStorableText(name) || !isStorableText(value)) errors[toStorableText(name)] = UNSTORABLE_TEXT_MESSAGE;
  const first = Object.keys(errors)[0];
  if (first) throw new ValidationError(errors, `The ${what} ${first} contains a character that cannot be stored.`);
}

/** Query parameters refused by name: one error per parameter, and a summary listing them all. */
function refusedParameters(names: string[], each: (name: string) => string, summary: (plural: string) => string): ValidationError | undefined {
  if (names.length === 0) return undefined;
  return new ValidationError(Object.fromEntries(names.map((name) => [name, each(name)])), `${summary(names.length > 1 ? "s" : "")}: ${names.join(", ")}`);
}

/** A parameter the route does not read is refused by name: a misspelt filter must not return everything unfiltered. */
const unknownParameters = (names: string[]) =>
  refusedParameters(names, (name) => `Unknown query parameter: ${name}`, (s) => `Unknown query parameter${s}`);

/**
 * A parameter given twice is refused by name: the route would read only one of the values, and
 * which one a proxy or a cache in between believed could differ from what the route did.
 */
function repeatedParameters(params: URLSearchParams): ValidationError | undefined {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const name of params.keys()) (seen.has(name) ? repeated : seen).add(name);
  return refusedParameters([...repeated], (name) => `The query parameter ${name} is given more than once.`, (s) => `Query parameter${s} given more than once`);
}

/** Denied attempts on patient data land where the patient audit page reads them. */
const auditResource = (action: Action) => (action.startsWith("patients.") ? "patient" : action.split(".")[0]!);

/**
 * The one wrapper every staff route handler goes through: session, role, same-origin check on
 * mutations, body-size limit, zod parsing, and typed errors → application/problem+json.
 */
function staffRoute<Q = undefined, B = undefined>(
  options: StaffRouteOptions<Q, B>,
  handler: (ctx: StaffRouteContext<Q, B>) => Promise<Response>,
) {
  const bodySchema = options.body && storableJson(options.body);
  const answer = async (req: Request, route?: { params?: Promise<Record<string, string>> }): Promise<Response> => {
    try {
      const { staffSession, carriesDisplayCookie, recordAudit, rowDoctor, rowViewer } = routeWiring();
      const staff = await staffSession(req);
      // A waiting-room display's browser reads its own feed and nothing else (lib/access.ts, `display`).
      if (!staff) throw carriesDisplayCookie(req) ? new ForbiddenError(DISPLAY_REFUSAL) : new UnauthenticatedError();
      const store = await db();
      const audit = (entry: Omit<AuditEntry, "staffId" | "ip">) => recordAudit(store, { ...entry, staffId: staff.id, ip: clientAddress(req.headers) ?? null });
      if (!can(staff.role, options.action)) {
        const id = (await route?.params)?.id;
        const resourceId = id && /^[0-9a-f-]{36}$/i.test(id) ? id : null;
        await audit({ action: options.action, resource: auditResource(options.action), resourceId, outcome: "denied", detail: { role: staff.role, method: req.method, path: new URL(req.url).pathname } });
        throw new ForbiddenError();
      }
      const mutation = !["GET", "HEAD", "OPTIONS"].includes(req.method);
      if (mutation && !isSameOrigin(req, env().appUrl)) throw new ForbiddenError("This request did not come from the front-desk app.");

      const params = (await route?.params) ?? {};
      assertStorable(Object.entries(params), "path parameter");
      if (options.row && ownRowsOnly(staff.role, options.action)) {
        const owner = await rowDoctor(store, options.row, params);
        const viewer = owner ? await rowViewer(store, staff) : undefined;
        const refusal = owner && viewer ? rowRefusal(viewer, options.action, owner.doctorId) : null;
        if (refusal) {
          const resourceId = Object.values(params)[0] ?? null;
          await audit({ action: options.action, resource: auditResource(options.action), resourceId, outcome: "denied", detail: { role: staff.role, reason: refusal.reason, rowDoctorId: owner!.doctorId, ownDoctorId: viewer!.doctorId, method: req.method, path: new URL(req.url).pathname } });
          throw new ForbiddenError(refusal.detail);
        }
      }
      const searchParams = strictSearchParams(addressAsSent(req));
      assertStorable(searchParams, "query parameter");
      const prototypeNamed = unknownParameters([...new Set(searchParams.keys())].filter(isPrototypeName));
      if (prototypeNamed) throw prototypeNamed;
      const repeated = repeatedParameters(searchParams);
      if (repeated) throw repeated;
      let query = undefined as Q;
      if (options.query) {
        const parsed = options.query.safeParse(Object.fromEntries(searchParams));
        if (!parsed.success) throw unknownParameters(parsed.error.issues.flatMap((i) => (i.code === "unrecognized_keys" ? i.keys : []))) ?? ValidationError.fromZod(parsed.error);
        query = parsed.data;
      } else {
        const stray = unknownParameters([...new Set(searchParams.keys())]);
        if (stray) throw stray;
      }
      let body = undefined as B;
      if (bodySchema) {
        if (hasBody(req) && !isJsonContentType(req.headers.get("content-type"))) throw new UnsupportedMediaTypeError("application/json");
        const parsed = bodySchema.safeParse(await readJsonBody(req, options.bodyLimit ?? DEFAULT_BODY_LIMIT));
        if (!parsed.success) throw ValidationError.fromZod(parsed.error);
        body = parsed.data;
      }
      const { platform } = await services();
      return await handler({
        req,
        staff,
        query,
        body,
        params,
        platform: platform.forStaff(staff),
        db: store,
        audit,
      });
    } catch (err) {
      // The browser went away (a newer keystroke cancelled this search): nobody reads the answer.
      if (req.signal.aborted) return new Response(null, { status: 499 });
      return problemResponse(err);
    }
  };
  return (req: Request, route?: { params?: Promise<Record<string, string>> }): Promise<Response> =>
    answerRequest(req, `${req.method} ${options.action}`, async () => {
      const started = performance.now();
      const res = await answer(req, route);
      logAnswered({ method: req.method, action: options.action, status: res.status, ms: Math.round(performance.now() - started) });
      return res;
    });
}

/**
 * The one wrapper every staff route handler goes through (see `staffRoute`). The handler carries
 * its declared action, so the route × role test can compare every route with `ROLE_PERMISSIONS`.
 */
export function withStaff<Q = undefined, B = undefined>(options: StaffRouteOptions<Q, B>, handler: (ctx: StaffRouteContext<Q, B>) => Promise<Response>) {
  return Object.assign(staffRoute(options, handler), { action: options.action, row: options.row });
}
