import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { trace } from "@opentelemetry/api";
import { InMemorySpanExporter, SimpleSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { pgliteTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { startPlatformHarness, TEST_CLIENT_ID, type PlatformHarness } from "@/lib/testing/platform-harness";
import type { Logger } from "../platform/fake/log";
import { createPlatform, type Platform } from "@/lib/platform/client";
import { ConflictError } from "./errors";
import { withStaff } from "./with-staff";
import { pathTemplate } from "@/lib/platform/client";
import type { StaffSession } from "./auth/session";
import { databaseOf, installWiringForFile } from "@/lib/testing/process-wiring";

const state = { platform: undefined as Platform | undefined, staffId: "" };
installWiringForFile(
  {
    env: () => ({ appUrl: "http://localhost:3000", logLevel: "warn" }),
    database: databaseOf({}),
    services: () => ({ platform: state.platform }),
    routes: {
      staffSession: async () => ({ id: state.staffId, name: "Dr. Test Harness", email: "doctor@clinic.test", role: "doctor" }) as StaffSession,
      recordAudit: async () => undefined,
    },
  },
  "request-id.test.ts",
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const search = withStaff({ action: "drugs.read" }, async ({ platform }) => Response.json(await platform.drugs.findGenericDrugs({ q: "paracetamol", exact: false, limit: 5 })));
const searchThenRefuse = withStaff({ action: "drugs.read" }, async ({ platform }) => {
  await platform.drugs.findGenericDrugs({ q: "ibuprofen", exact: false, limit: 5 });
  throw new ConflictError("Already booked.");
});
const get = (headers: Record<string, string> = {}) => new Request("http://localhost:3000/api/drugs", { headers });

describe("one request id from the route through the platform call, the problem and the sandbox's log", () => {
  let t: TestDatabase;
  let h: PlatformHarness;
  const sandboxLines: Array<{ message: string; fields: Record<string, unknown> }> = [];
  const sandboxLog: Logger = (_level, message, fields = {}) => void sandboxLines.push({ message, fields });
  const spans = new InMemorySpanExporter();
  const provider = new TracerProvider({ spanProcessors: [new SimpleSpanProcessor({ exporter: spans })] });
  const sandboxRequestIds = () => sandboxLines.filter((l) => l.message === "request answered" && String(l.fields.path).includes("pharmacology")).map((l) => l.fields.requestId);

  beforeAll(async () => {
    trace.setGlobalTracerProvider(provider);
    t = await pgliteTestDatabase();
    h = await startPlatformHarness(t.database, { sandboxLogger: sandboxLog });
    state.staffId = h.staff.id;
    const platform = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 5000 }, { database: t.database, idp: h.idp });
    await platform.tokens.signIn(h.staff);
    state.platform = { ...platform, forStaff: () => platform.forStaff(h.staff) } as Platform;
  });
  afterAll(async () => {
    await h?.close();
    await t?.dispose();
    await provider.shutdown();
    trace.disable();
  });

  it("mints an id, answers with it and sends it to the platform, which logs it", async () => {
    sandboxLines.length = 0;
    const res = await search(get());
    expect(res.status).toBe(200);
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(UUID);
    await vi.waitFor(() => expect(sandboxRequestIds()).toEqual([id]));
  });

  it("keeps a safe incoming id and puts it in the problem's instance", async () => {
    sandboxLines.length = 0;
    const res = await searchThenRefuse(get({ "x-request-id": "nginx-4f2a9c1d" }));
    expect(res.status).toBe(409);
    expect(res.headers.get("x-request-id")).toBe("nginx-4f2a9c1d");
    expect(((await res.json()) as { instance?: string }).instance).toBe("urn:request:nginx-4f2a9c1d");
    await vi.waitFor(() => expect(sandboxRequestIds()).toEqual(["nginx-4f2a9c1d"]));
  });

  it("replaces an incoming id that is not a short token", async () => {
    for (const unsafe of ["short", "has space in it", "x".repeat(65), "<script>alert(1)</script>"]) {
      const res = await searchThenRefuse(get({ "x-request-id": unsafe }));
      const id = res.headers.get("x-request-id");
      expect(id).toMatch(UUID);
      expect(((await res.json()) as { instance?: string }).instance).toBe(`urn:request:${id}`);
    }
  });

  it("traces the platform call as a child of the route's span, with the request id, method, path template and status", async () => {
    spans.reset();
    const res = await search(get());
    const id = res.headers.get("x-request-id");
    const finished = spans.getFinishedSpans();
    const route = finished.find((s) => s.name === "GET drugs.read");
    const call = finished.find((s) => s.name === "platform GET /svc-mcp/pharmacology/v1/search");
    expect(route?.attributes["request.id"]).toBe(id);
    expect(route?.attributes["http.response.status_code"]).toBe(200);
    expect(call?.attributes).toMatchObject({ "request.id": id, "http.request.method": "GET", "url.template": "/svc-mcp/pharmacology/v1/search", "http.response.status_code": 200 });
    expect(call?.parentSpanContext?.spanId).toBe(route?.spanContext().spanId);
    expect(call?.spanContext().traceId).toBe(route?.spanContext().traceId);
  });
});

describe("span names group one endpoint whatever the patient", () => {
  it("keeps version segments and replaces ids", () => {
    expect(pathTemplate("/svc-mcp/pharmacology/v1/search")).toBe("/svc-mcp/pharmacology/v1/search");
    expect(pathTemplate("/patients/12345/documents")).toBe("/patients/{id}/documents");
    expect(pathTemplate("/dr/appointments/3fa85f64-5717-4562-b3fc-2c963f66afa6/cancel")).toBe("/dr/appointments/{id}/cancel");
  });
});
