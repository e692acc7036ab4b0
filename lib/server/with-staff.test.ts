import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { Role } from "@/lib/schemas/staff";
import type { AuditEntry } from "./audit";
import { ConflictError, PlatformTimeoutError } from "./errors";
import { isSameOrigin, readBodyText, withStaff } from "./with-staff";
import { log } from "./log";
import type { StaffSession } from "./auth/session";
import { databaseOf, installWiringForFile } from "@/lib/testing/process-wiring";

const state = { role: null as Role | null, audits: [] as AuditEntry[] };
installWiringForFile(
  {
    env: () => ({ appUrl: "http://localhost:3000", logLevel: "warn" }),
    database: databaseOf({}),
    services: { platform: { forStaff: () => ({}) } },
    routes: {
      staffSession: async () => (state.role ? { id: "00000000-0000-4000-8000-000000000001", name: "Asha", email: "asha@example.test", role: state.role } : null) as StaffSession | null,
      recordAudit: async (_db, entry) => void state.audits.push(entry),
    },
  },
  "with-staff.test.ts",
);

const APP_URL = "http://localhost:3000";
const post = (headers: Record<string, string>, url = "http://localhost:3000/api/patients") => new Request(url, { method: "POST", headers });

describe("same-origin check on mutations", () => {
  it("accepts the configured app URL and the host the browser addressed", () => {
    expect(isSameOrigin(post({ origin: "http://localhost:3000", host: "localhost:3000" }), APP_URL)).toBe(true);
    expect(isSameOrigin(post({ origin: "http://127.0.0.1:3000", host: "127.0.0.1:3000" }), APP_URL)).toBe(true);
    expect(isSameOrigin(post({ "sec-fetch-site": "same-origin" }), APP_URL)).toBe(true);
  });

  it("compares the scheme and port too: an https page on the http app's host is another origin", () => {
    expect(isSameOrigin(post({ origin: "https://localhost:3000", host: "localhost:3000" }), APP_URL)).toBe(false);
    expect(isSameOrigin(post({ origin: "https://127.0.0.1:3000", host: "127.0.0.1:3000" }), APP_URL)).toBe(false);
    expect(isSameOrigin(post({ origin: "http://localhost:3001", host: "localhost:3000" }), APP_URL)).toBe(false);
    expect(isSameOrigin(post({ origin: "https://desk.example", host: "desk.example" }, "https://desk.example/api/patients"), APP_URL)).toBe(false);
    expect(isSameOrigin(post({ origin: "https://desk.example", host: "desk.example" }), "https://desk.example")).toBe(true);
  });

  it("refuses another site, a malformed Origin, and a request that says nothing about where it came from", () => {
    expect(isSameOrigin(post({ origin: "https://evil.example", host: "localhost:3000" }), APP_URL)).toBe(false);
    expect(isSameOrigin(post({ origin: "http://127.0.0.1:3000", host: "localhost:3000" }), APP_URL)).toBe(false);
    expect(isSameOrigin(post({ origin: "null", host: "localhost:3000" }), APP_URL)).toBe(false);
    expect(isSameOrigin(post({ "sec-fetch-site": "cross-site" }), APP_URL)).toBe(false);
    expect(isSameOrigin(post({}), APP_URL)).toBe(false);
  });
});

const ORIGIN = { origin: "http://localhost:3000", host: "localhost:3000" };
const Body = z.object({ name: z.string().min(2, "Enter a name"), age: z.number().int() });
const echo = withStaff({ action: "patients.write", body: Body }, async ({ body, staff }) => Response.json({ body, by: staff.role }));
type Init = Omit<RequestInit, "headers"> & { headers?: Record<string, string>; duplex?: "half" };
const call = (init: Init = {}, handler: (req: Request) => Promise<Response> = echo) =>
  handler(new Request("http://localhost:3000/api/patients", { method: "POST", ...(init as RequestInit), headers: { ...ORIGIN, "content-type": "application/json", ...init.headers } }));
const problem = async (res: Response) => {
  expect(res.headers.get("content-type")).toContain("application/problem+json");
  return (await res.json()) as { title: string; detail?: string; errors?: Record<string, string> };
};

/** A request body that arrives chunk by chunk with no Content-Length, counting what was pulled from it. */
function chunkedBody(chunks: number, chunkSize: number) {
  const pulled = { bytes: 0, cancelled: false };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.bytes >= chunks * chunkSize) return controller.close();
      pulled.bytes += chunkSize;
      controller.enqueue(new Uint8Array(chunkSize).fill(0x20));
    },
    cancel() {
      pulled.cancelled = true;
    },
  });
  return { stream, pulled };
}

describe("withStaff", () => {
  it("answers 401 without a session, before reading anything", async () => {
    state.role = null;
    const res = await call({ body: JSON.stringify({ name: "Ravi", age: 3 }) });
    expect(res.status).toBe(401);
    expect((await problem(res)).title).toBe("Sign-in required");
  });

  it("answers 403 to a role the table does not give the action, and audits the denial", async () => {
    state.role = "doctor";
    state.audits.length = 0;
    const res = await call({ body: JSON.stringify({ name: "Ravi", age: 3 }) });
    expect(res.status).toBe(403);
    await problem(res);
    expect(state.audits).toEqual([expect.objectContaining({ action: "patients.write", resource: "patient", outcome: "denied", detail: expect.objectContaining({ role: "doctor", method: "POST" }) })]);
  });

  it("refuses a mutation from another origin", async () => {
    state.role = "receptionist";
    const res = await call({ body: JSON.stringify({ name: "Ravi", age: 3 }), headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect((await problem(res)).detail).toMatch(/did not come from the front-desk app/);
  });

  it("passes a valid body to the handler", async () => {
    state.role = "receptionist";
    const res = await call({ body: JSON.stringify({ name: "Ravi", age: 3 }) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ body: { name: "Ravi", age: 3 }, by: "receptionist" });
  });

  it("answers 400 to a body that is not JSON, and 400 with field errors to one that fails the schema", async () => {
    state.role = "receptionist";
    const bad = await call({ body: "{name:" });
    expect(bad.status).toBe(400);
    expect((await problem(bad)).errors).toEqual({ body: "The request body is not valid JSON." });
    const invalid = await call({ body: JSON.stringify({ name: "R", age: 1.5 }) });
    expect(invalid.status).toBe(400);
    expect((await problem(invalid)).errors).toEqual({ name: "Enter a name", age: expect.any(String) });
  });

  it("refuses query parameters the route does not read, naming each, while the known ones still parse", async () => {
    state.role = "doctor";
    const search = withStaff({ action: "drugs.read", query: z.strictObject({ q: z.string().default("") }) }, async ({ query }) => Response.json(query));
    const get = (handler: (req: Request) => Promise<Response>, qs: string) => handler(new Request(`http://localhost:3000/api/drugs${qs}`));
    expect(await (await get(search, "?q=para")).json()).toEqual({ q: "para" });
    const misspelt = await get(search, "?query=para&sort=name");
    expect(misspelt.status).toBe(400);
    expect(await problem(misspelt)).toMatchObject({
      detail: "Unknown query parameters: query, sort",
      errors: { query: "Unknown query parameter: query", sort: "Unknown query parameter: sort" },
    });
    const plain = withStaff({ action: "drugs.read" }, async () => Response.json({}));
    expect((await get(plain, "")).status).toBe(200);
    const stray = await get(plain, "?page=2");
    expect(stray.status).toBe(400);
    expect((await problem(stray)).errors).toEqual({ page: "Unknown query parameter: page" });
  });

  it("refuses a query value or name that is not UTF-8 percent-encoding, naming it, instead of storing U+FFFD", async () => {
    state.role = "doctor";
    const seen: unknown[] = [];
    const search = withStaff({ action: "drugs.read", query: z.strictObject({ q: z.string().default(""), name: z.string().optional() }) }, async ({ query }) => {
      seen.push(query);
      return Response.json(query);
    });
    for (const [qs, named] of [["?q=%ff", "q"], ["?q=ok&name=a%E0%A4%A", "name"], ["?q=%ED%A0%80", "q"], ["?q=%C0%AF", "q"], ["?q=100%", "q"], ["?%ff=1", "%ff"]] as const) {
      const res = await search(new Request(`http://localhost:3000/api/drugs${qs}`));
      expect(res.status, qs).toBe(400);
      const body = await problem(res);
      expect(Object.keys(body.errors ?? {}), qs).toEqual([named]);
      expect(body.detail).toContain(named);
    }
    expect(seen).toEqual([]);
    expect(await (await search(new Request("http://localhost:3000/api/drugs?q=%E0%A4%B0%E0%A4%BE%E0%A4%AE+x&name=a%2Bb"))).json()).toEqual({ q: "राम x", name: "a+b" });
  });

  it("refuses __proto__, constructor and prototype like any unknown query parameter", async () => {
    state.role = "doctor";
    const search = withStaff({ action: "drugs.read", query: z.object({ q: z.string().default("") }) }, async ({ query }) => Response.json(query));
    const plain = withStaff({ action: "drugs.read" }, async () => Response.json({}));
    for (const name of ["__proto__", "constructor", "prototype"]) {
      for (const handler of [search, plain]) {
        const res = await handler(new Request(`http://localhost:3000/api/drugs?q=x&${name}=1`));
        expect(res.status, name).toBe(400);
        expect((await problem(res)).errors, name).toMatchObject({ [name]: `Unknown query parameter: ${name}` });
      }
    }
  });

  it("answers 415 to a JSON route's body sent as another content type, before reading it", async () => {
    state.role = "receptionist";
    const body = JSON.stringify({ name: "Ravi", age: 30 });
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/xml", "application/json; charset=utf-16"]) {
      const res = await call({ body, headers: { "content-type": type } });
      expect(res.status, type).toBe(415);
      expect((await problem(res)).title).toBe("Unsupported content type");
    }
    const untyped = await echo(new Request("http://localhost:3000/api/patients", { method: "POST", headers: ORIGIN, body }));
    expect(untyped.status).toBe(415);
    for (const type of ["application/json", "application/json; charset=UTF-8", "application/merge-patch+json"]) expect((await call({ body, headers: { "content-type": type } })).status, type).toBe(200);
  });

  it("refuses a query parameter given twice, naming it, instead of reading one of the values", async () => {
    state.role = "doctor";
    const seen: unknown[] = [];
    const search = withStaff({ action: "drugs.read", query: z.strictObject({ q: z.string().default(""), limit: z.coerce.number().default(20) }) }, async ({ query }) => {
      seen.push(query);
      return Response.json(query);
    });
    const twice = await search(new Request("http://localhost:3000/api/drugs?q=para&limit=5&q=ibu"));
    expect(twice.status).toBe(400);
    expect(await problem(twice)).toMatchObject({ detail: "Query parameter given more than once: q", errors: { q: "The query parameter q is given more than once." } });
    const both = await search(new Request("http://localhost:3000/api/drugs?q=a&limit=1&limit=2&q=b&q=c"));
    expect(Object.keys((await problem(both)).errors ?? {}).sort()).toEqual(["limit", "q"]);
    expect(seen).toEqual([]);
    expect((await search(new Request("http://localhost:3000/api/drugs?q=para&limit=5"))).status).toBe(200);
  });

  it("answers 413 to a declared length over the limit without reading the body", async () => {
    state.role = "receptionist";
    const { stream, pulled } = chunkedBody(100, 1024);
    const res = await call({ body: stream, headers: { "content-length": String(100 * 1024) }, duplex: "half" });
    expect(res.status).toBe(413);
    await problem(res);
    expect(pulled.bytes).toBeLessThanOrEqual(1024);
  });

  it("stops a chunked body at the limit (64 KB by default) and cancels the rest", async () => {
    state.role = "receptionist";
    const { stream, pulled } = chunkedBody(1000, 4096);
    const res = await call({ body: stream, duplex: "half" });
    expect(res.status).toBe(413);
    expect((await problem(res)).title).toBe("Request too large");
    expect(pulled.cancelled).toBe(true);
    // The reader stops within a chunk or two of the limit instead of pulling all 4 MB.
    expect(pulled.bytes).toBeLessThan(64 * 1024 + 3 * 4096);
  });

  it("maps typed errors to their problem, and anything else to a logged 500", async () => {
    state.role = "admin";
    const conflict = withStaff({ action: "settings.write" }, async () => {
      throw new ConflictError("Already there.");
    });
    const res = await call({}, conflict);
    expect(res.status).toBe(409);
    expect((await problem(res)).detail).toBe("Already there.");
    const slow = withStaff({ action: "drugs.read" }, async () => {
      throw new PlatformTimeoutError(5000);
    });
    expect((await slow(new Request("http://localhost:3000/api/drugs"))).status).toBe(504);
    const quiet = vi.spyOn(log(), "error").mockImplementation(() => undefined);
    const broken = withStaff({ action: "drugs.read" }, async () => {
      throw new Error("boom");
    });
    const crash = await broken(new Request("http://localhost:3000/api/drugs"));
    expect(crash.status).toBe(500);
    expect((await problem(crash)).detail).not.toContain("boom");
    expect(quiet).toHaveBeenCalled();
    quiet.mockRestore();
  });
});

describe("readBodyText", () => {
  it("reads a body split across chunks, multi-byte characters included", async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ city: "मुंबई" }));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 3) controller.enqueue(bytes.slice(i, i + 3));
        controller.close();
      },
    });
    const req = new Request("http://localhost:3000/x", { method: "POST", body: stream, duplex: "half" } as RequestInit);
    expect(JSON.parse(await readBodyText(req, 1024))).toEqual({ city: "मुंबई" });
  });
});
