import { request } from "node:http";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { call, CLIENT_ID, sandboxForTests, start, tempDir, testConfig } from "./test-support";

const harness = sandboxForTests({ signIn: true });
const auth = () => ({ authorization: `Bearer ${harness.token}` });
const search = "/svc-mcp/pharmacology/v1/search?query=paracetamol";
const setFaults = (faults: Record<string, unknown>) => call(harness.sandbox.url, "PUT", "/__sandbox/faults", { body: faults });

beforeEach(async () => {
  await call(harness.sandbox.url, "POST", "/__sandbox/faults/reset");
  await call(harness.sandbox.url, "POST", "/__sandbox/stats/reset");
});

describe("control routes", () => {
  it("reports health and the current faults", async () => {
    expect((await call(harness.sandbox.url, "GET", "/__sandbox/health")).json).toEqual({ status: "ok" });
    const faults = await call(harness.sandbox.url, "GET", "/__sandbox/faults");
    expect(faults.json).toEqual({ latencyMs: 0, errorRate: 0, unauthorizedRate: 0, hangRate: 0, specOnly: false, pathPrefix: "", requestIdPrefix: "" });
  });

  it("accepts partial fault updates and rejects invalid ones", async () => {
    const r = await setFaults({ latencyMs: 5 });
    expect(r.status).toBe(200);
    expect(r.json).toMatchObject({ latencyMs: 5, errorRate: 0 });
    const bad = await setFaults({ errorRate: 2 });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toMatch(/errorRate/);
    expect((await setFaults({ typo: 1 })).status).toBe(400);
    expect((await call(harness.sandbox.url, "POST", "/__sandbox/faults/reset")).json.latencyMs).toBe(0);
  });

  it("keeps independent fault rules that are removed one by one, so one test never clears another's", async () => {
    const docs = await call(harness.sandbox.url, "POST", "/__sandbox/faults/rules", { body: { pathPrefix: "/mr/", errorRate: 1 } });
    const drugs = await call(harness.sandbox.url, "POST", "/__sandbox/faults/rules", { body: { pathPrefix: "/svc-mcp/", errorRate: 1 } });
    expect([docs.status, drugs.status]).toEqual([201, 201]);
    expect(docs.json.id).not.toBe(drugs.json.id);
    expect((await call(harness.sandbox.url, "GET", search, { headers: auth() })).status).toBe(503);
    expect((await call(harness.sandbox.url, "DELETE", `/__sandbox/faults/rules/${docs.json.id}`)).status).toBe(200);
    // The other rule still holds after the first one's owner removed its own.
    expect((await call(harness.sandbox.url, "GET", search, { headers: auth() })).status).toBe(503);
    expect((await call(harness.sandbox.url, "DELETE", `/__sandbox/faults/rules/${drugs.json.id}`)).status).toBe(200);
    expect((await call(harness.sandbox.url, "GET", search, { headers: auth() })).status).toBe(200);
    expect((await call(harness.sandbox.url, "DELETE", `/__sandbox/faults/rules/${drugs.json.id}`)).status).toBe(404);
    expect((await call(harness.sandbox.url, "POST", "/__sandbox/faults/rules", { body: { errorRate: 3 } })).status).toBe(400);
  });

  it("scopes a rule to the callers whose x-request-id starts with its requestIdPrefix", async () => {
    const rule = await call(harness.sandbox.url, "POST", "/__sandbox/faults/rules", { body: { pathPrefix: "/svc-mcp/", errorRate: 1, requestIdPrefix: "e2e-w1-t7" } });
    expect(rule.status).toBe(201);
    const get = (requestId?: string) => call(harness.sandbox.url, "GET", search, { headers: { ...auth(), ...(requestId ? { "x-request-id": requestId } : {}) } });
    expect((await get("e2e-w1-t7")).status).toBe(503);
    expect((await get("e2e-w1-t7-page")).status).toBe(503);
    // Another test's calls, and calls that carry no id at all (background work), go through.
    expect((await get("e2e-w2-t9")).status).toBe(200);
    expect((await get()).status).toBe(200);
    await call(harness.sandbox.url, "POST", "/__sandbox/faults/rules", { body: { unauthorizedRate: 1, requestIdPrefix: "e2e-w1-t8" } });
    expect((await get("e2e-w1-t8")).status).toBe(401);
    expect((await get("e2e-w1-t9")).status).toBe(200);
    expect((await call(harness.sandbox.url, "POST", "/__sandbox/faults/rules", { body: { errorRate: 1, requestIdPrefix: "x".repeat(65) } })).status).toBe(400);
  });

  it("counts requests per route name and resets the counts", async () => {
    await call(harness.sandbox.url, "GET", search, { headers: auth() });
    await call(harness.sandbox.url, "GET", search, { headers: auth() });
    await call(harness.sandbox.url, "POST", `/connect-auth/v1/oidc-client/${CLIENT_ID}/refresh`, { body: { refresh_token: "nope" } });
    const stats = await call(harness.sandbox.url, "GET", "/__sandbox/stats");
    expect(stats.json).toEqual({ "drugs.search": 2, "oidc.refresh": 1 });
    await call(harness.sandbox.url, "POST", "/__sandbox/stats/reset");
    expect((await call(harness.sandbox.url, "GET", "/__sandbox/stats")).json).toEqual({});
  });

  it("are absent when controlRoutes is false", async () => {
    const dir = await tempDir();
    const closed = await start(testConfig(harness.idp, dir.dir, { controlRoutes: false }));
    try {
      expect((await call(closed.url, "GET", "/__sandbox/health")).status).toBe(404);
    } finally {
      await closed.close();
      await dir.remove();
    }
  });
});

describe("faults", () => {
  it("adds latency", async () => {
    await setFaults({ latencyMs: 300 });
    const started = performance.now();
    const r = await call(harness.sandbox.url, "GET", search, { headers: auth() });
    expect(r.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("answers 503 in the family's shape with errorRate 1", async () => {
    await setFaults({ errorRate: 1 });
    const drugs = await call(harness.sandbox.url, "GET", search, { headers: auth() });
    expect(drugs.status).toBe(503);
    expect(drugs.json).toEqual({ error: { code: "service_unavailable", message: expect.any(String) } });
    const auth503 = await call(harness.sandbox.url, "POST", `/connect-auth/v1/oidc-client/${CLIENT_ID}/verify`, { body: { id_token: "x" } });
    expect(auth503.status).toBe(503);
    expect(auth503.json).toEqual({ code: "service_unavailable", error: expect.any(String) });
    // Control routes are never affected.
    expect((await call(harness.sandbox.url, "GET", "/__sandbox/health")).status).toBe(200);
  });

  it("answers 401 to authenticated endpoints with unauthorizedRate 1, whatever the token", async () => {
    await setFaults({ unauthorizedRate: 1 });
    const r = await call(harness.sandbox.url, "GET", search, { headers: auth() });
    expect(r.status).toBe(401);
    expect(r.json.error.code).toBe("invalid_token");
  });

  it("limits faults to pathPrefix", async () => {
    await setFaults({ errorRate: 1, pathPrefix: "/connect-auth/" });
    expect((await call(harness.sandbox.url, "GET", search, { headers: auth() })).status).toBe(200);
    expect((await call(harness.sandbox.url, "POST", `/connect-auth/v1/oidc-client/${CLIENT_ID}/verify`, { body: { id_token: "x" } })).status).toBe(503);
  });

  it("never answers with hangRate 1, so the client times out", async () => {
    await setFaults({ hangRate: 1 });
    const started = performance.now();
    await expect(call(harness.sandbox.url, "GET", search, { headers: auth(), signal: AbortSignal.timeout(300) })).rejects.toThrow(/abort|timeout/i);
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
  });

  it("close() ends hanging requests", async () => {
    const dir = await tempDir();
    const s = await start(testConfig(harness.idp, dir.dir, { faults: { latencyMs: 0, errorRate: 0, unauthorizedRate: 0, hangRate: 1, specOnly: false, pathPrefix: "", requestIdPrefix: "" } }));
    const pending = fetch(`${s.url}${search}`).then(
      () => "answered",
      () => "failed",
    );
    // The sandbox counts a request before it decides to hang it: once counted, the request is being held.
    await vi.waitFor(async () => expect((await call(s.url, "GET", "/__sandbox/stats")).json).toMatchObject({ "drugs.search": 1 }), { timeout: 5000, interval: 20 });
    // close() returning at all is the point: a held request used to keep it open for ever.
    await s.close();
    expect(await pending).toBe("failed");
    await dir.remove();
  });
});

describe("HTTP edges", () => {
  it("answers JSON 404 for unknown routes and 405 with Allow for wrong methods", async () => {
    const nf = await call(harness.sandbox.url, "GET", "/nothing/here");
    expect(nf.status).toBe(404);
    expect(nf.headers.get("content-type")).toMatch(/application\/json/);
    expect(nf.json.error.code).toBe("not_found");
    const dr = await call(harness.sandbox.url, "GET", "/dr/v1/unknown");
    expect(dr.json).toMatchObject({ error: { code: "NOT_FOUND" }, status_code: 404, success: false });
    const wrong = await call(harness.sandbox.url, "GET", `/connect-auth/v1/oidc-client/${CLIENT_ID}/verify`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get("allow")).toBe("POST");
    expect(wrong.json.code).toBe("method_not_allowed");
  });

  it("answers 413 for bodies over 12 MB", async () => {
    const big = "x".repeat(12 * 1024 * 1024 + 10);
    const r = await call(harness.sandbox.url, "POST", `/connect-auth/v1/oidc-client/${CLIENT_ID}/verify`, {
      rawBody: big,
      headers: { "content-type": "application/json" },
    });
    expect(r.status).toBe(413);
    expect(r.json.code).toBe("payload_too_large");
  });

  it("survives garbage: bad percent-encoding, odd methods, non-object bodies", async () => {
    const badPercent = await call(harness.sandbox.url, "POST", "/connect-auth/v1/oidc-client/%E0%A4%A/verify", { body: {} });
    expect(badPercent.status).toBe(400);
    expect(badPercent.json).toEqual({ code: "malformed_path", error: expect.stringMatching(/percent-encoding/) });
    expect((await call(harness.sandbox.url, "GET", "/svc-mcp/pharmacology/v1/%zz")).json).toEqual({ error: { code: "malformed_path", message: expect.any(String) } });
    expect((await call(harness.sandbox.url, "DELETE", search)).status).toBe(405);
    expect((await call(harness.sandbox.url, "POST", `/connect-auth/v1/oidc-client/${CLIENT_ID}/verify`, { body: [1, 2] })).status).toBe(400);
    expect((await call(harness.sandbox.url, "POST", `/connect-auth/v1/oidc-client/${CLIENT_ID}/verify`, { body: null })).status).toBe(400);
    expect((await call(harness.sandbox.url, "GET", "/__sandbox/health")).status).toBe(200);
  });

  it("answers 405 with every method of the path in Allow, and counts nothing for it", async () => {
    const faults = await call(harness.sandbox.url, "DELETE", "/__sandbox/faults");
    expect(faults.status).toBe(405);
    expect(faults.headers.get("allow")).toBe("GET, PUT");
    expect(faults.json).toEqual({ error: { code: "method_not_allowed", message: "DELETE is not allowed on /__sandbox/faults" } });
    const drugs = await call(harness.sandbox.url, "POST", search, { body: {}, headers: auth() });
    expect(drugs.status).toBe(405);
    expect(drugs.headers.get("allow")).toBe("GET");
    expect(drugs.json).toEqual({ error: { code: "method_not_allowed", message: expect.any(String) } });
    expect((await call(harness.sandbox.url, "GET", "/__sandbox/stats")).json).toEqual({});
  });

  it("ignores a trailing slash and percent-decodes path params", async () => {
    expect((await call(harness.sandbox.url, "GET", "/__sandbox/health/")).status).toBe(200);
    const rule = await call(harness.sandbox.url, "POST", "/__sandbox/faults/rules", { body: { pathPrefix: "/nowhere" } });
    const id = String(rule.json.id);
    const encoded = [...id].map((ch) => `%${ch.charCodeAt(0).toString(16)}`).join("");
    const removed = await call(harness.sandbox.url, "DELETE", `/__sandbox/faults/rules/${encoded}`);
    expect(removed.json).toEqual({ removed: id });
  });

  it("refuses unknown query parameters by name on platform routes, in the family's shape", async () => {
    const r = await call(harness.sandbox.url, "POST", `/connect-auth/v1/oidc-client/${CLIENT_ID}/verify?debug=1&x=2&debug=3`, { body: {} });
    expect(r.status).toBe(400);
    expect(r.json).toEqual({ code: "unknown_parameter", error: "Unknown query parameter: debug, x" });
    expect((await call(harness.sandbox.url, "GET", "/__sandbox/stats")).json).toEqual({});
  });

  it("cuts off a chunked body once it passes the limit instead of reading it whole", async () => {
    const { hostname, port } = new URL(harness.sandbox.url);
    const chunk = Buffer.alloc(64 * 1024, 0x78);
    const MB = 1024 * 1024;
    /** Sends up to `total` bytes chunked, as fast as the connection takes them; what came back. */
    const sendChunked = (total: number) =>
      new Promise<{ status?: number; body: string; sent: number }>((resolve) => {
        let sent = 0;
        let status: number | undefined;
        let body = "";
        const req = request(
          { hostname, port, method: "POST", path: `/connect-auth/v1/oidc-client/${CLIENT_ID}/verify`, headers: { "content-type": "application/json", "transfer-encoding": "chunked" } },
          (res) => {
            status = res.statusCode;
            res.setEncoding("utf8");
            res.on("data", (d: string) => (body += d));
          },
        );
        req.on("error", () => {}); // the server ends the connection while we are still sending
        req.on("close", () => resolve({ status, body, sent }));
        const pump = () => {
          while (sent < total && !req.destroyed) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once("drain", pump);
          }
          req.end();
        };
        pump();
      });
    // Far beyond the 12 MB limit and what the server drains after answering (64 MB or 500 ms): the
    // connection is cut long before the end. (Whether such a client still reads the 413 depends on
    // timing: the connection is cut while it is writing.)
    const cap = 256 * MB;
    expect((await sendChunked(cap)).sent).toBeLessThan(cap);
    // A little over the limit: the rest is drained, and the answer is the 413 problem.
    const over = await sendChunked(16 * MB);
    expect(over.status).toBe(413);
    expect(JSON.parse(over.body)).toMatchObject({ code: "payload_too_large" });
    expect((await call(harness.sandbox.url, "GET", "/__sandbox/health")).status).toBe(200);
  });
});
