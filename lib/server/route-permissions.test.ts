/**
 * Walks every route handler file under app/api, calls every exported method as every role and
 * compares the answer with `ROLE_PERMISSIONS`: allowed → anything but 401/403, denied → 403 and a
 * "denied" audit entry. A route that checks roles on its own, or declares an action the table
 * does not give the roles it serves, fails here. Routes that act on one row (an appointment) are
 * also called on the doctor's own row and on another doctor's: a doctor changes only their own.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ACTIONS, ANONYMOUS_ROUTES, can, canOnRow, principalCan, type Action } from "@/lib/access";
import { ROLES, type Role } from "@/lib/schemas/staff";
import type { AuditEntry } from "./audit";
import type { RowKind } from "./row-owners";
import { METHOD_NOT_ALLOWED, HTTP_METHODS } from "./route-methods";
import { log } from "./log";
import type { StaffSession } from "./auth/session";
import type { Database } from "./db";
import type { Display } from "./displays/displays";
import { installWiringForFile } from "@/lib/testing/process-wiring";

const session = {
  role: null as Role | null,
  audits: [] as AuditEntry[],
  /** The platform doctor the signed-in doctor's staff record is linked to. */
  ownDoctor: null as string | null,
  /** The doctor of the row a route acts on; undefined: no such row (the handler answers 404). */
  rowDoctor: undefined as string | undefined,
  /** The request comes from a paired waiting-room display (its cookie names a live display). */
  display: false,
};

// Past the permission check nothing is reachable: an allowed call ends in a 4xx/5xx of its own, never 401/403.
const unreachable = (what: string): unknown =>
  new Proxy(() => undefined, {
    get: (_t, key) => (key === "then" ? undefined : unreachable(`${what}.${String(key)}`)),
    apply: () => {
      throw new Error(`${what} is not available in the route × role test`);
    },
  });
installWiringForFile(
  {
    env: () => ({ appUrl: "http://localhost:3000", platform: { baseUrl: "http://127.0.0.1:9", timeoutMs: 500, emulator: true }, webhooks: {}, logLevel: "warn" }),
    database: () => unreachable("database") as Database,
    services: { platform: { forStaff: () => unreachable("platform") } },
    routes: {
      staffSession: async () => (session.role ? { id: "00000000-0000-4000-8000-000000000001", name: "Test", email: "t@example.test", role: session.role } : null) as StaffSession | null,
      rowViewer: async (_db, staff) => ({ role: staff.role, doctorId: staff.role === "doctor" ? session.ownDoctor : null }),
      rowDoctor: async () => (session.rowDoctor === undefined ? undefined : { doctorId: session.rowDoctor }),
      displayFromRequest: async () => (session.display ? ({ id: "00000000-0000-4000-8000-0000000000d1", name: "Hall TV", clinicId: "cl-1", doctors: [] } as unknown as Display) : null),
      carriesDisplayCookie: () => session.display,
      recordAudit: async (_db, entry) => void session.audits.push(entry),
    },
  },
  "route-permissions.test.ts",
);

/** Routes that serve no staff session: the platform's receivers, sign-in, discovery, health. */
const PUBLIC_ROUTES = new Set([
  "auth/[...nextauth]",
  "health",
  "oidc/configuration",
  "oidc/jwks",
  "ping",
  "webhooks/platform",
  "v3/hip/patient/share",
  "[...unknown]",
  // A TV asks for a pairing code and collects its display session: nothing is read or paired until an admin enters the code.
  "display/pairing",
  // Anonymous on purpose (lib/access.ts): the patient's status page.
  ...ANONYMOUS_ROUTES,
]);

/** What each staff route does, as reviewed: changing a route's permission shows up here. */
const ROUTE_ACTIONS: Record<string, Action> = {
  "GET abdm/shares": "queue.read",
  "POST abdm/shares/[shareId]/visit": "queue.walkIn",
  "GET assistant/sessions": "assistant.sessions",
  "GET assistant/sessions/[sessionId]": "assistant.sessions",
  "POST assistant/sessions/[sessionId]/refresh": "assistant.sessions",
  "GET documents": "documents.read",
  "GET documents/[id]/file": "documents.read",
  "POST documents": "documents.upload",
  "POST documents/cancelled-uploads": "documents.upload",
  "GET drugs": "drugs.read",
  "GET drugs/entry": "drugs.read",
  "GET drugs/related": "drugs.read",
  "GET drugs/suggest": "drugs.read",
  "POST drugs/prescription": "drugs.read",
  "GET events": "live.read",
  "GET events/stream": "live.read",
  "POST patients": "patients.write",
  "GET patients/[id]": "patients.read",
  "GET patients/[id]/appointments": "queue.read",
  "GET queue": "queue.read",
  "GET queue/slot": "queue.read",
  "GET queue/stream": "queue.read",
  "POST queue/[appointmentId]/status": "queue.update",
  "POST queue/[appointmentId]/undo": "queue.update",
  "POST queue/[appointmentId]/reschedule": "queue.update",
  "POST queue/[appointmentId]/patient": "queue.update",
  "POST queue/walk-ins": "queue.walkIn",
  "POST queue/doctors/[doctorId]/counter": "queue.update",
  "PATCH patients/[id]": "patients.write",
  "POST patients/[id]/erasure": "patients.erase",
  "GET settings/erasures": "patients.erase",
  "GET patients/duplicates": "patients.read",
  "GET patients/search": "patients.read",
  "GET patients/uhid": "patients.read",
  "GET settings/clinics": "settings.read",
  "PUT settings/clinics": "settings.write",
  "DELETE settings/clinics": "settings.write",
  "GET settings/staff-sessions": "settings.read",
  "DELETE settings/staff-sessions/[staffId]": "settings.write",
  "PUT settings/staff-sessions/[staffId]/doctor": "settings.write",
  "GET settings/platform": "settings.read",
  "GET settings/rooms": "settings.read",
  "PUT settings/rooms": "settings.write",
  "GET settings/priority-marks": "settings.read",
  "PUT settings/priority-marks": "settings.write",
  "GET settings/webhooks": "settings.read",
  "POST settings/webhooks": "settings.write",
  "DELETE settings/webhooks/[id]": "settings.write",
  "POST settings/webhooks/[id]/rotate": "settings.write",
  "GET settings/webhooks/receipts": "settings.read",
  "POST settings/webhooks/test": "settings.write",
  "GET slots": "slots.read",
  "POST slots/bookings": "slots.book",
  "GET slots/directory": "slots.read",
  "GET settings/displays": "settings.read",
  "POST settings/displays": "settings.write",
  "DELETE settings/displays/[id]": "settings.write",
  "GET display/feed": "display.feed",
  "GET display/stream": "display.feed",
  "GET billing/settings": "billing.read",
  "PUT billing/settings": "billing.configure",
  "GET billing/visits/[appointmentId]": "billing.read",
  "POST billing/visits/[appointmentId]/payments": "billing.collect",
  "GET billing/receipts/[id]": "billing.read",
  "POST billing/receipts/[id]/prints": "billing.collect",
  "POST billing/receipts/[id]/credit-notes": "billing.refund",
  "GET billing/day-close": "billing.collect",
  "POST billing/day-close": "billing.collect",
  "POST billing/day-close/[id]/reopen": "billing.reopenDay",
  "GET billing/dashboard": "billing.dashboard",
  "GET billing/dashboard/export": "billing.dashboard",
  "GET billing/day-closes": "billing.reopenDay",
  "GET billing/reconcile": "billing.reconcile",
  "POST billing/reconcile/[id]/link": "billing.reconcile",
  "POST billing/reconcile/[id]/platform-only": "billing.reconcile",
};

/** The routes that act on one row, as reviewed: a role limited to its own rows is refused another's. */
const ROUTE_ROWS: Record<string, RowKind> = {
  "POST queue/[appointmentId]/status": "appointment",
  "POST queue/[appointmentId]/undo": "appointment",
  "POST queue/[appointmentId]/reschedule": "appointment",
  "POST queue/[appointmentId]/patient": "appointment",
  "POST queue/doctors/[doctorId]/counter": "doctor-queue",
};

const API_DIR = path.resolve(import.meta.dirname, "../../app/api");

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return entry.name === "route.ts" ? [full] : [];
  });
}

type Handler = ((req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response> | Response) & { action?: Action; row?: RowKind };
interface Route {
  name: string;
  methods: Partial<Record<(typeof HTTP_METHODS)[number], Handler>>;
}

function requestFor(name: string, method: string): { req: Request; params: Record<string, string> } {
  const params: Record<string, string> = {};
  const urlPath = name.replace(/\[([^\]]+)\]/g, (_m, key: string) => {
    params[key] = "00000000-0000-4000-8000-00000000000a";
    return params[key]!;
  });
  const mutation = !["GET", "HEAD"].includes(method);
  const req = new Request(`http://localhost:3000/api/${urlPath}`, {
    method,
    headers: mutation ? { origin: "http://localhost:3000", host: "localhost:3000", "content-type": "application/json", "idempotency-key": "9b6f1c0e-3f1a-4c55-9d1e-2b7f6f0f1a11" } : { host: "localhost:3000" },
    body: mutation ? "{}" : undefined,
  });
  return { req, params };
}

const routes: Route[] = [];
const quiet = vi.spyOn(log(), "error").mockImplementation(() => undefined);

beforeAll(async () => {
  for (const file of routeFiles(API_DIR).sort()) {
    const name = path.relative(API_DIR, path.dirname(file)).split(path.sep).join("/");
    const mod = (await import(file)) as Record<string, Handler>;
    routes.push({ name, methods: Object.fromEntries(HTTP_METHODS.filter((m) => typeof mod[m] === "function").map((m) => [m, mod[m]])) });
  }
}, 120_000);
afterAll(() => quiet.mockRestore());

describe("route × role permissions", () => {
  it("finds the route files and every declared staff route is one reviewers approved", () => {
    expect(routes.length).toBeGreaterThan(25);
    const declared: Record<string, Action> = {};
    for (const route of routes) {
      for (const [method, handler] of Object.entries(route.methods)) {
        if (handler.action) declared[`${method} ${route.name}`] = handler.action;
      }
    }
    expect(declared).toEqual(ROUTE_ACTIONS);
    for (const action of Object.values(declared)) expect(ACTIONS).toContain(action);
  });

  it("every method of a staff route is either declared through withStaff or answers 405", async () => {
    for (const route of routes) {
      if (PUBLIC_ROUTES.has(route.name)) continue;
      for (const method of HTTP_METHODS) {
        const handler = route.methods[method];
        if (method === "HEAD" && !handler && route.methods.GET) continue;
        expect(handler, `${method} /api/${route.name} is exported`).toBeTypeOf("function");
        const isStub = METHOD_NOT_ALLOWED in handler!;
        expect(isStub || !!handler!.action, `${method} /api/${route.name} declares an action or is a 405 stub`).toBe(true);
      }
    }
  });

  for (const role of ROLES) {
    it(`as ${role}: every method answers as the table says`, async () => {
      session.role = role;
      const mismatches: string[] = [];
      for (const route of routes) {
        for (const [method, handler] of Object.entries(route.methods)) {
          if (!handler.action && !(METHOD_NOT_ALLOWED in handler)) continue;
          const { req, params } = requestFor(route.name, method);
          session.audits.length = 0;
          const res = await handler(req, { params: Promise.resolve(params) });
          const label = `${role} ${method} /api/${route.name}`;
          if (METHOD_NOT_ALLOWED in handler) {
            if (res.status !== 405 || !res.headers.get("content-type")?.includes("application/problem+json")) mismatches.push(`${label}: ${res.status}, expected a 405 problem`);
            continue;
          }
          const allowed = can(role, handler.action!);
          if (allowed && (res.status === 403 || res.status === 401)) mismatches.push(`${label}: ${res.status}, but ${role} may ${handler.action}`);
          if (!allowed) {
            if (res.status !== 403) mismatches.push(`${label}: ${res.status}, but ${role} may not ${handler.action}`);
            else if (!session.audits.some((a) => a.outcome === "denied" && a.action === handler.action)) mismatches.push(`${label}: 403 without a denied audit entry`);
          }
        }
      }
      expect(mismatches).toEqual([]);
    });
  }

  it("every route that acts on one row declares it, as reviewed", () => {
    const declared: Record<string, RowKind> = {};
    for (const route of routes) for (const [method, handler] of Object.entries(route.methods)) if (handler.row) declared[`${method} ${route.name}`] = handler.row;
    expect(declared).toEqual(ROUTE_ROWS);
  });

  const OWN = "dr-meera-iyer";
  const owners: [string, string | null, string][] = [
    ["their own row", OWN, OWN],
    ["another doctor's row", OWN, "dr-arjun-rao"],
    ["a row, unlinked to any platform doctor", null, OWN],
  ];
  for (const role of ROLES) {
    for (const [label, ownDoctor, rowDoctor] of owners) {
      it(`as ${role} on ${label}: every row route answers as the role table and the own-rows rule say`, async () => {
        Object.assign(session, { role, ownDoctor, rowDoctor });
        const mismatches: string[] = [];
        try {
          for (const route of routes) {
            for (const [method, handler] of Object.entries(route.methods)) {
              // The reviewed list, not what handlers declare: a route that forgets its row is caught here too.
              if (!ROUTE_ROWS[`${method} ${route.name}`]) continue;
              const { req, params } = requestFor(route.name, method);
              session.audits.length = 0;
              const res = await handler(req, { params: Promise.resolve(params) });
              const call = `${role} ${method} /api/${route.name} on ${label}`;
              const allowed = canOnRow({ role, doctorId: role === "doctor" ? ownDoctor : null }, handler.action!, rowDoctor);
              if (allowed) {
                if (res.status === 401 || res.status === 403) mismatches.push(`${call}: ${res.status}, but it is allowed`);
                continue;
              }
              const problem = (await res.json()) as { detail?: string };
              if (res.status !== 403 || !res.headers.get("content-type")?.includes("application/problem+json")) mismatches.push(`${call}: ${res.status}, expected a 403 problem`);
              else if (!/own appointments/.test(problem.detail ?? "")) mismatches.push(`${call}: 403 without saying why (${problem.detail})`);
              else if (can(role, handler.action!) && !session.audits.some((a) => a.outcome === "denied" && a.action === handler.action && a.resourceId === Object.values(params)[0])) {
                mismatches.push(`${call}: 403 without a denied audit entry naming the row`);
              }
            }
          }
        } finally {
          Object.assign(session, { ownDoctor: null, rowDoctor: undefined });
        }
        expect(mismatches).toEqual([]);
      });
    }
  }

  it("the own-rows rule: doctors only on their own rows, the desk and admins on every doctor's", () => {
    for (const action of ["queue.update", "live.hostLinks"] as const) {
      expect(canOnRow({ role: "doctor", doctorId: OWN }, action, OWN)).toBe(true);
      expect(canOnRow({ role: "doctor", doctorId: OWN }, action, "dr-arjun-rao")).toBe(false);
      expect(canOnRow({ role: "doctor", doctorId: null }, action, OWN)).toBe(false);
    }
    expect(canOnRow({ role: "receptionist", doctorId: null }, "queue.update", "dr-arjun-rao")).toBe(true);
    expect(canOnRow({ role: "admin", doctorId: null }, "queue.update", "dr-arjun-rao")).toBe(true);
    expect(canOnRow({ role: "receptionist", doctorId: null }, "live.hostLinks", OWN)).toBe(false);
  });

  it("every staff route refuses a query parameter it does not read, naming it", async () => {
    const unnamed: string[] = [];
    for (const route of routes) {
      for (const [method, handler] of Object.entries(route.methods)) {
        if (!handler.action) continue;
        session.role = ROLES.find((role) => can(role, handler.action!)) ?? null;
        session.display = !session.role && principalCan("display", handler.action);
        const { req, params } = requestFor(route.name, method);
        const url = new URL(req.url);
        url.searchParams.set("query", "x");
        const res = await handler(new Request(url, req), { params: Promise.resolve(params) });
        session.display = false;
        const problem = (await res.json()) as { detail?: string; errors?: Record<string, string> };
        if (res.status !== 400 || problem.errors?.query !== "Unknown query parameter: query") unnamed.push(`${method} /api/${route.name}: ${res.status} ${problem.detail}`);
      }
    }
    expect(unnamed).toEqual([]);
  });

  it("without a session every staff route answers 401", async () => {
    session.role = null;
    for (const route of routes) {
      for (const [method, handler] of Object.entries(route.methods)) {
        if (!handler.action) continue;
        const { req, params } = requestFor(route.name, method);
        expect((await handler(req, { params: Promise.resolve(params) })).status, `${method} /api/${route.name}`).toBe(401);
      }
    }
  });

  it("as a paired waiting-room display: its feed answers, every other route answers 403", async () => {
    Object.assign(session, { role: null, display: true });
    const mismatches: string[] = [];
    try {
      for (const route of routes) {
        for (const [method, handler] of Object.entries(route.methods)) {
          if (!handler.action) continue;
          const { req, params } = requestFor(route.name, method);
          const res = await handler(req, { params: Promise.resolve(params) });
          const label = `display ${method} /api/${route.name}`;
          if (principalCan("display", handler.action)) {
            if (res.status === 401 || res.status === 403) mismatches.push(`${label}: ${res.status}, but a display reads its feed`);
          } else if (res.status !== 403) mismatches.push(`${label}: ${res.status}, expected 403`);
        }
      }
    } finally {
      session.display = false;
    }
    expect(mismatches).toEqual([]);
    // The table: a display reads the feed and nothing else; no staff role reads it.
    expect(ACTIONS.filter((a) => principalCan("display", a))).toEqual(["display.feed"]);
    for (const role of ROLES) expect(can(role, "display.feed")).toBe(false);
  });
});
