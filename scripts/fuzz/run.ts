/**
 * The hostile-input suite: requests derived from the route table and the shared schemas, sent to a
 * running app and sandbox. Checks every answer (no 5xx, problem+json on /api/ errors, an answer at
 * all) and, afterwards, that the platform and the desk agree on what was written.
 */
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { ROUTE_INPUTS, type Json, type RouteInput } from "../../lib/testing/route-inputs";
import type { Role } from "../../lib/schemas/staff";
import { leafPaths, replaceAt, textPaths } from "../../lib/testing/json-paths";
import { badJsonText, deepJsonText, hostileText, hostileValue, prototypeKeys, rawPathSegment, rawQuery, wrongContentType } from "./hostile";
import { apiRouteTable, fillRoute, type ApiRoute } from "./route-table";
import { signIn, type StaffSession } from "./staff-session";
import { methodRequest, PARSER_CASES, socketRequest } from "./raw";

export const DEMO_ACCOUNTS: Record<Role, { email: string; password: string }> = {
  receptionist: { email: "reception@demo.clinic", password: "sandbox-reception" },
  doctor: { email: "doctor@demo.clinic", password: "sandbox-doctor" },
  admin: { email: "admin@demo.clinic", password: "sandbox-admin" },
};

export interface FuzzOptions {
  baseUrl: string;
  sandboxUrl: string;
  runs: number;
  seed?: number;
  /** Leave out valid requests that change what other specs see (see RouteInput.sharedState). */
  sharedApp?: boolean;
  concurrency?: number;
  log?: (line: string) => void;
}

interface FuzzCase {
  category: string;
  role: Role | null;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Uint8Array;
  /** A registration sent with this UHID untouched: if refused, the platform must not have it either. */
  uhid?: string;
  /** Sent through node:http (any method) or as raw bytes on a socket (what Node's parser refuses), not fetch. */
  via?: "method" | "socket";
  socketBytes?: (host: string) => Buffer;
}

export interface FuzzFailure {
  category: string;
  method: string;
  path: string;
  status: number | "no answer";
  contentType: string | null;
  why: string;
  body: string;
}

export interface FuzzReport {
  seed: number;
  total: number;
  byClass: Record<string, number>;
  byRoute: Record<string, Record<string, number>>;
  /** Requests per family of case: next-auth, method (TRACE…), parser (raw bytes), and the route cases. */
  byFamily: Record<string, number>;
  failures: FuzzFailure[];
  agreement: { documents: { desk: number; platform: number }; registrations: { created: number; confirmed: number; refusedProbed: number; refusedButOnPlatform: number } };
  uncoveredRoutes: string[];
}

const PDF = new TextEncoder().encode("%PDF-1.7\n%fuzz\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
const DEMO_SESSION = "5b0e8c1e-6f3a-4c2b-9d1e-2a7f4c8b9e01";
/** Node answers 431 itself past 16 KB of headers; values stay well below so the app is what is tested. */
const MAX_QUERY_CHARS = 600;
const ANSWER_TIMEOUT_MS = 20_000;

const short = (s: string) => (s.length > 60 ? `${s.slice(0, 60)}…(${s.length})` : s);
const asQueryValue = (v: Json) => (typeof v === "string" ? v : JSON.stringify(v)).slice(0, MAX_QUERY_CHARS);

function queryString(q: Record<string, Json>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) params.append(k.slice(0, 200), asQueryValue(v));
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** The JSON text of an object with one extra key spelled literally (JSON.stringify cannot make a `__proto__` key). */
function withLiteralKey(obj: Record<string, Json>, key: string, value: Json): string {
  const text = JSON.stringify(obj);
  const extra = `${JSON.stringify(key)}:${JSON.stringify(value)}`;
  return text === "{}" ? `{${extra}}` : `{${extra},${text.slice(1)}`;
}

function wtf8(text: string): string {
  return Array.from(text, (ch) => {
    if (ch.length > 1 || (ch.charCodeAt(0) & 0xf800) !== 0xd800) return encodeURIComponent(ch);
    const c = ch.charCodeAt(0);
    return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join("");
  }).join("");
}

function defaultParams(route: ApiRoute, patientId: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of route.params) out[p] = p === "id" ? (route.route.startsWith("/api/patients") ? patientId : "fuzz-none") : p === "sessionId" ? DEMO_SESSION : "session";
  return out;
}

const roleFor = (route: ApiRoute): Role | null =>
  route.route.startsWith("/api/settings") ? "admin" : route.route.startsWith("/api/drugs") ? "doctor" : /^\/api\/(auth|health|ping|oidc|webhooks)/.test(route.route) ? null : "receptionist";

/** Requests for one route and method: mutations of a valid sample, or generic hostile queries and segments. */
function casesFor(route: ApiRoute, method: string, input: RouteInput | undefined, ctx: { patientId: string; runId: string; sharedApp: boolean }): fc.Arbitrary<FuzzCase> {
  const role = input?.role ?? roleFor(route);
  const base = defaultParams(route, ctx.patientId);
  const isUpload = method === "POST" && route.route === "/api/documents";
  const nextAuth = route.route.startsWith("/api/auth");
  const build = (category: string, params: Record<string, string>, query: string, body?: string | Uint8Array, contentType?: string, uhid?: string): FuzzCase => ({
    category: nextAuth ? "next-auth" : category,
    role,
    method,
    path: fillRoute(route.route, params) + query,
    headers: body === undefined ? {} : contentType === "" ? {} : { "content-type": contentType ?? (isUpload ? "application/pdf" : "application/json") },
    body: isUpload && body === undefined ? PDF : body,
    uhid,
  });
  const sample = () => input?.sample({ patientId: ctx.patientId }) ?? {};
  /** Upload names keep the run's prefix, so the agreement check can find this run's documents on the platform. */
  const named = (q: Record<string, Json>) => (isUpload ? { ...q, name: `fuzz-${ctx.runId}-${asQueryValue(q.name ?? "")}` } : q);

  const param = fc.oneof(
    hostileText.map((s) => {
      const text = s.slice(0, 300);
      // A lone surrogate can only travel as its three WTF-8 bytes, which are not UTF-8: malformed encoding.
      const wellFormed = (text as string & { isWellFormed(): boolean }).isWellFormed();
      return { category: wellFormed ? "param" : "bad-encoding-path", value: `fuzz-${wellFormed ? encodeURIComponent(text) : wtf8(text)}` };
    }),
    rawPathSegment.map((s) => ({
      category: /%(?![0-9a-f]{2})|%(?:ff|e0|ed)/i.test(s) ? "bad-encoding-path" : /%2e%2e|\.\./i.test(s) ? "unknown-path" : "param",
      value: s,
    })),
  );
  const arbs: fc.Arbitrary<FuzzCase>[] = [];
  if (route.params.length) {
    arbs.push(
      fc.tuple(fc.constantFrom(...route.params), param).map(([name, p]) => {
        const s = sample();
        return input?.in === "body"
          ? build(p.category, { ...base, [name]: p.value }, "", JSON.stringify(s))
          : build(p.category, { ...base, [name]: p.value }, queryString(named(s)));
      }),
    );
  }
  arbs.push(rawQuery.map((raw) => build("raw-query", base, `?${raw}`)));
  if (input?.in === "query" || !input) {
    arbs.push(
      fc.tuple(fc.nat(), hostileValue, fc.boolean(), hostileText).map(([pick, value, asKey, key]) => {
        const s = sample();
        const keys = Object.keys(s);
        if (!keys.length || asKey) return build("query-key", base, queryString(named({ ...s, [key.slice(0, 100) || "k"]: value })));
        return build("query-field", base, queryString(named({ ...s, [keys[pick % keys.length]!]: value })));
      }),
    );
  }
  if (input?.in === "body") {
    arbs.push(
      fc.tuple(fc.nat(), hostileValue).map(([pick, value]) => {
        const s = sample();
        const paths = leafPaths(s);
        const path = paths[pick % paths.length]!;
        const keptUhid = path[0] !== "uhid" && typeof s.uhid === "string" ? s.uhid : undefined;
        return build(`field:${path.join(".")}`, base, "", JSON.stringify(replaceAt(s, path, value)), undefined, keptUhid);
      }),
      fc.tuple(fc.nat(), hostileText).map(([pick, key]) => {
        const s = sample();
        const keys = textPaths(s).filter((p) => p.key);
        const target = keys[pick % keys.length]!;
        return build("key", base, "", JSON.stringify(replaceAt(s, target.path, key.slice(0, 200), true)));
      }),
      fc.tuple(prototypeKeys, hostileValue).map(([key, value]) => build("prototype-key", base, "", withLiteralKey(sample(), key, { polluted: true, value }))),
      hostileValue.map((v) => build("whole-body", base, "", JSON.stringify(v))),
      badJsonText.map((t) => build("bad-json", base, "", t)),
      deepJsonText.map((t) => build("deep-json", base, "", t)),
      wrongContentType.map((ct) => build("content-type", base, "", JSON.stringify(sample()), ct)),
    );
  }
  if (isUpload) {
    arbs.push(wrongContentType.map((ct) => build("content-type", base, queryString(named(sample())), PDF, ct)));
  }
  // A mutation can leave a valid request; where the app is shared, those must not reach shared state.
  const safe = fc.oneof(...arbs);
  return input?.sharedState && ctx.sharedApp ? safe.filter((c) => c.body === undefined || !input.schema.safeParse(tryJson(c.body)).success) : safe;
}

const encodeAny = (text: string) => ((text as string & { isWellFormed(): boolean }).isWellFormed() ? encodeURIComponent(text) : wtf8(text));

/** next-auth's own routes, signed out, with malformed queries and bodies (none carries a valid CSRF token: nothing signs in or out). */
const nextAuthCases: fc.Arbitrary<FuzzCase> = fc.oneof(
  fc.tuple(fc.constantFrom("error", "signin", "signout", "session", "csrf", "providers", "callback/credentials", "error/x"), fc.constantFrom("error", "callbackUrl", "x", "__proto__"), fc.oneof(hostileText.map((t) => encodeAny(t.slice(0, 300))), rawQuery)).map(
    ([action, name, value]): FuzzCase => ({ category: "next-auth", role: null, method: "GET", path: `/api/auth/${action}?${name}=${value}`, headers: {} }),
  ),
  fc.tuple(
    fc.constantFrom("_log", "signin", "signin/credentials", "session", "signout", "callback/credentials"),
    fc.oneof(
      fc.constant(""),
      badJsonText,
      hostileValue.map((v) => JSON.stringify(v)),
      fc.tuple(fc.constantFrom("callbackUrl", "csrfToken", "email", "password", "json", "level", "code", "__proto__"), hostileText).map(([k, v]) => `csrfToken=x&${k}=${encodeAny(v.slice(0, 300))}&email=nobody%40fuzz.invalid`),
      rawQuery,
    ),
    fc.constantFrom("application/json", "application/x-www-form-urlencoded", "text/plain", "multipart/form-data; boundary=x", "application/json; charset=utf-16", ""),
  ).map(([action, body, type]): FuzzCase => ({ category: "next-auth", role: null, method: "POST", path: `/api/auth/${action}`, headers: type ? { "content-type": type } : {}, body })),
);

/** Methods Next does not serve, on API routes and pages, with and without a body. */
const methodCases = (paths: string[]): fc.Arbitrary<FuzzCase> =>
  fc.tuple(fc.constantFrom("TRACE", "PROPFIND", "PROPPATCH", "MKCOL", "COPY", "MOVE", "LOCK", "UNLOCK", "PURGE", "SEARCH", "REPORT", "LINK"), fc.constantFrom(...paths), fc.option(hostileText.map((t) => t.slice(0, 500)))).map(
    ([method, path, body]): FuzzCase => ({ category: `method:${method}`, role: null, method, path, headers: {}, body: body ?? undefined, via: "method" }),
  );

/** What Node's HTTP parser answers before the app can: a bare 4xx is the expected answer there. */
const parserCases: fc.Arbitrary<FuzzCase> = fc.constantFrom(...PARSER_CASES).map((c) => ({ category: `parser:${c.name}`, role: null, method: "RAW", path: "/api/health", headers: {}, via: "socket", socketBytes: c.bytes }));

function tryJson(body: string | Uint8Array): unknown {
  try {
    return JSON.parse(typeof body === "string" ? body : new TextDecoder().decode(body));
  } catch {
    return undefined;
  }
}

/** Routes the suite leaves alone: side effects on every other user (a test event to all subscribers) or sign-in throttling of the test machine. */
const LEFT_ALONE = new Set(["POST /api/settings/webhooks/test", "POST /api/auth/[...nextauth]"]);

async function send(sessions: Partial<Record<Role, StaffSession>>, baseUrl: string, c: FuzzCase): Promise<{ status: number; contentType: string | null; body: string } | { error: string }> {
  if (c.via) {
    try {
      return c.via === "socket" ? await socketRequest(baseUrl, c.socketBytes!(new URL(baseUrl).host), ANSWER_TIMEOUT_MS) : await methodRequest(baseUrl, c.method, c.path, c.headers, c.body, ANSWER_TIMEOUT_MS);
    } catch (err) {
      return { error: (err as Error).name === "TimeoutError" ? `no answer within ${ANSWER_TIMEOUT_MS / 1000} s` : `connection failed: ${(err as Error).message}` };
    }
  }
  // Sent as the desk's pages send it (signed in or out), so that a mutation reaches the checks past the origin's.
  const init: RequestInit = { method: c.method, headers: c.headers, body: c.body as BodyInit | undefined, signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) };
  try {
    const session = c.role ? sessions[c.role] : undefined;
    const res = session ? await session.fetch(c.path, init) : await fetch(`${baseUrl}${c.path}`, { ...init, headers: { origin: baseUrl, ...c.headers }, redirect: "manual" });
    const contentType = res.headers.get("content-type");
    if (contentType?.startsWith("text/event-stream")) {
      await res.body?.cancel();
      return { status: res.status, contentType, body: "" };
    }
    return { status: res.status, contentType, body: await res.text() };
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    const why = cause ? ` (${[cause.code, cause.message].filter(Boolean).join(": ")})` : "";
    return { error: (err as Error).name === "TimeoutError" ? `no answer within ${ANSWER_TIMEOUT_MS / 1000} s` : `connection failed: ${(err as Error).message}${why}` };
  }
}

function judge(c: FuzzCase, answer: Awaited<ReturnType<typeof send>>): string | null {
  if ("error" in answer) return answer.error;
  if (answer.status >= 500) return `server error ${answer.status}`;
  // Node's parser answers these before any app code runs, with a bare body (README: "What Node answers itself").
  if (c.via === "socket") return answer.status >= 400 ? null : `accepted with ${answer.status}`;
  if (c.via === "method" && answer.status !== 405) return `method ${c.method} answered ${answer.status}, not 405`;
  if (answer.status >= 400 && c.path.startsWith("/api/") && !answer.contentType?.startsWith("application/problem+json")) return `error answered as ${answer.contentType ?? "no content type"}`;
  return null;
}

async function settle<T>(check: () => Promise<T>, done: (v: T) => boolean, ms = 10_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (done(v) || Date.now() > until) return v;
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function runFuzz(opts: FuzzOptions): Promise<FuzzReport> {
  const log = opts.log ?? (() => {});
  const seed = opts.seed ?? Date.now() % 2 ** 31;
  const runId = randomUUID().slice(0, 8);
  const sessions: Partial<Record<Role, StaffSession>> = {};
  for (const [role, account] of Object.entries(DEMO_ACCOUNTS) as [Role, { email: string; password: string }][]) sessions[role] = await signIn(opts.baseUrl, account.email, account.password);
  const reception = sessions.receptionist!;

  const registration = ROUTE_INPUTS.find((r) => r.route === "/api/patients" && r.method === "POST")!;
  const created = await reception.fetch("/api/patients", {
    method: "POST",
    headers: { "content-type": "application/json", "idempotency-key": randomUUID() },
    body: JSON.stringify(registration.sample({ patientId: "" })),
  });
  if (created.status !== 201) throw new Error(`could not register the suite's patient: ${created.status} ${await created.text()}`);
  const patientId = ((await created.json()) as { id: string }).id;

  const table = apiRouteTable();
  const targets = table.flatMap((route) => route.methods.filter((m) => !LEFT_ALONE.has(`${m} ${route.route}`)).map((method) => ({ route, method })));
  const covered = new Set(ROUTE_INPUTS.map((r) => `${r.method} ${r.route}`));
  const uncoveredRoutes = targets.map((t) => `${t.method} ${t.route.route}`).filter((k) => !covered.has(k));
  const perTarget = targets.map(({ route, method }) =>
    casesFor(route, method, ROUTE_INPUTS.find((r) => r.method === method && r.route === route.route), { patientId, runId, sharedApp: !!opts.sharedApp }),
  );
  const pagePaths = ["/", "/login", "/patients", "/settings", "/documents?patient=x", "/api/health", "/api/patients", "/api/patients/search?q=a", "/api/auth/session", "/api/nope"];
  // next-auth, other methods and the parser cases each get about as many requests as a tenth of the routes together.
  const extraWeight = Math.max(1, Math.round(perTarget.length / 10));
  const cases = fc.sample(
    fc.oneof(...perTarget, { arbitrary: nextAuthCases, weight: extraWeight }, { arbitrary: methodCases(pagePaths), weight: extraWeight }, { arbitrary: parserCases, weight: extraWeight }),
    { numRuns: opts.runs, seed },
  );

  const report: FuzzReport = {
    seed,
    total: 0,
    byClass: {},
    byRoute: {},
    byFamily: {},
    failures: [],
    agreement: { documents: { desk: 0, platform: 0 }, registrations: { created: 0, confirmed: 0, refusedProbed: 0, refusedButOnPlatform: 0 } },
    uncoveredRoutes,
  };
  const createdIds: { id: string; uhid: string }[] = [];
  const refusedUhids: string[] = [];
  // Patients the accepted uploads were filed under (a hostile but well-formed id is a patient too).
  const uploadPatients = new Set<string>([patientId]);
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const c = cases[next++]!;
      const isRegistration = c.method === "POST" && c.path === "/api/patients";
      if (isRegistration) c.headers["idempotency-key"] = randomUUID();
      const answer = await send(sessions, opts.baseUrl, c);
      const cls = "error" in answer ? "no answer" : `${Math.floor(answer.status / 100)}xx`;
      report.total++;
      report.byClass[cls] = (report.byClass[cls] ?? 0) + 1;
      const family = /^(next-auth|method|parser)/.exec(c.category)?.[1] ?? "route";
      report.byFamily[family] = (report.byFamily[family] ?? 0) + 1;
      const routeKey = c.via === "socket" ? c.category : `${c.method} ${c.path.split("?")[0]!.replace(patientId, "[id]")}`;
      const perRoute = (report.byRoute[routeKey] ??= {});
      perRoute[cls] = (perRoute[cls] ?? 0) + 1;
      if (isRegistration && !("error" in answer)) {
        if (answer.status === 201) {
          const body = tryJson(answer.body) as { id: string };
          const sent = tryJson(c.body ?? "") as { uhid?: unknown } | undefined;
          if (typeof sent?.uhid === "string") createdIds.push({ id: body.id, uhid: sent.uhid.trim() });
        } else if (answer.status >= 400 && answer.status < 500 && c.uhid) refusedUhids.push(c.uhid);
      }
      if (c.method === "POST" && c.path.startsWith("/api/documents?") && !("error" in answer) && answer.status < 300) {
        const filedUnder = (tryJson(answer.body) as { patientId?: unknown } | undefined)?.patientId;
        if (typeof filedUnder === "string") uploadPatients.add(filedUnder);
      }
      const why = judge(c, answer);
      if (why) {
        const failure: FuzzFailure = {
          category: c.category,
          method: c.method,
          path: short(c.path),
          status: "error" in answer ? "no answer" : answer.status,
          contentType: "error" in answer ? null : answer.contentType,
          why,
          body: "error" in answer ? "" : answer.body.slice(0, 200),
        };
        report.failures.push(failure);
        log(`FAIL: ${failure.method} ${failure.path} [${failure.category}] → ${failure.status}: ${why}`);
      }
    }
  };
  await Promise.all(Array.from({ length: opts.concurrency ?? 2 }, worker));

  // The desk and the platform agree: every document of this run is on both sides, once.
  const deskDocs = async () => {
    let count = 0;
    for (const patient of uploadPatients) {
      const listed = (await (await reception.fetch(`/api/documents?patient=${encodeURIComponent(patient)}`)).json()) as { documents?: { fileName: string }[] };
      count += (listed.documents ?? []).filter((d) => d.fileName.startsWith(`fuzz-${runId}-`)).length;
    }
    return count;
  };
  const platformDocs = async () =>
    ((await (await fetch(`${opts.sandboxUrl}/__sandbox/documents`)).json()) as { documents: { fileName: string | null }[] }).documents.filter((d) => d.fileName?.startsWith(`fuzz-${runId}-`)).length;
  const platformCount = await platformDocs();
  const deskCount = await settle(deskDocs, (n) => n === platformCount);
  report.agreement.documents = { desk: deskCount, platform: platformCount };

  // Every registration answered 201 is on the platform and in the desk's index, once.
  const reg = report.agreement.registrations;
  reg.created = createdIds.length;
  for (const { id, uhid } of createdIds) {
    const onPlatform = (await reception.fetch(`/api/patients/${id}`)).status === 200;
    const inDesk = ((await (await reception.fetch(`/api/patients/uhid?uhid=${encodeURIComponent(uhid)}`)).json()) as { usedBy: { id: string } | null }).usedBy?.id === id;
    if (onPlatform && inDesk) reg.confirmed++;
  }
  // A refused registration left nothing on the platform: its UHID is still free there (a clean retry is accepted).
  for (const uhid of refusedUhids.slice(0, 5)) {
    reg.refusedProbed++;
    const probe = await reception.fetch("/api/patients", {
      method: "POST",
      headers: { "content-type": "application/json", "idempotency-key": randomUUID() },
      body: JSON.stringify({ ...registration.sample({ patientId }), uhid }),
    });
    if (probe.status === 400 && /already used/.test(await probe.text())) reg.refusedButOnPlatform++;
  }
  return report;
}

export function summarize(report: FuzzReport): string {
  const lines = [
    `hostile-input suite: ${report.total} requests (seed ${report.seed})`,
    `by status class: ${Object.entries(report.byClass)
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
    `by family: ${Object.entries(report.byFamily)
      .sort()
      .map(([k, v]) => `${k} ${v}`)
      .join(", ")}`,
    `failures: ${report.failures.length}`,
    `documents — desk ${report.agreement.documents.desk}, platform ${report.agreement.documents.platform}`,
    `registrations — created ${report.agreement.registrations.created}, on both sides ${report.agreement.registrations.confirmed}; refused and probed ${report.agreement.registrations.refusedProbed}, of them on the platform anyway ${report.agreement.registrations.refusedButOnPlatform}`,
  ];
  if (report.uncoveredRoutes.length) lines.push(`routes fuzzed with generic input only: ${report.uncoveredRoutes.join(", ")}`);
  return lines.join("\n");
}
