import http from "node:http";
import net from "node:net";
import { expect, test } from "./fixtures";

/** Every /api/ answer, even to a malformed address or method, is problem+json with the security headers. */
const cases: { method: string; path: string; status: number; data?: unknown; type?: string }[] = [
  // next-auth's own routes with malformed input: each of these answered 500 with a logged stack trace.
  { method: "POST", path: "/api/auth/_log", status: 415, data: "{", type: "application/json" },
  { method: "POST", path: "/api/auth/callback/credentials", status: 415, data: "{", type: "application/json" },
  { method: "POST", path: "/api/auth/session", status: 400, data: "{", type: "application/json" },
  { method: "POST", path: "/api/auth/signin/credentials", status: 415, data: "x", type: "text/plain" },
  { method: "POST", path: "/api/auth/signout", status: 400, data: "callbackUrl=%00&csrfToken=x", type: "application/x-www-form-urlencoded" },
  { method: "POST", path: "/api/auth/callback/credentials", status: 400, data: "callbackUrl=%00&csrfToken=x", type: "application/x-www-form-urlencoded" },
  { method: "GET", path: "/api/auth/error?error=%00", status: 400 },
  { method: "GET", path: "/api/auth/error?error=%ff", status: 400 },
  { method: "GET", path: "/api/auth/error?error=%E0%A4%B0", status: 400 },
  { method: "GET", path: "/api/auth/error/%00", status: 404 },
  { method: "GET", path: "/api/auth/signin?callbackUrl=javascript%3Aalert(1)", status: 400 },
  { method: "GET", path: "/api/auth/signin?callbackUrl=%2F%2Fevil.example", status: 400 },
  { method: "GET", path: "/api/patients/%ff", status: 400 },
  { method: "PATCH", path: "/api/patients/%ff", status: 400, data: { name: "x" } },
  { method: "GET", path: "/api/auth/%ff", status: 400 },
  { method: "GET", path: "/api/auth/callback/credentials", status: 405 },
  { method: "GET", path: "/api/auth/nope", status: 404 },
  { method: "GET", path: "/api/nope", status: 404 },
  { method: "POST", path: "/api/settings/nope/deeper", status: 404, data: {} },
  { method: "DELETE", path: "/api/drugs", status: 405 },
  { method: "POST", path: "/api/drugs", status: 405, data: { q: "x" } },
  { method: "GET", path: "/api/patients", status: 405 },
  { method: "GET", path: "/api/webhooks/platform", status: 405 },
];

for (const { method, path, status, data, type } of cases) {
  test(`${method} ${path}${type ? ` (${type})` : ""} answers ${status} problem+json with the security headers`, async ({ request, baseURL }) => {
    // Sent from the desk's own origin, so that a mutation reaches the check each case is about.
    const res = await request.fetch(path, { method, data, headers: { origin: baseURL!, ...(type ? { "content-type": type } : {}) } });
    expect(res.status()).toBe(status);
    const headers = res.headers();
    expect(headers["content-type"]).toContain("application/problem+json");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["content-security-policy"]).toContain("default-src 'none'");
    const problem = await res.json();
    expect(problem).toMatchObject({ status, title: expect.any(String) });
    if (status === 405) expect(headers["allow"]).toBeTruthy();
    // The id staff read out to IT: one header, the same one in the problem (bodies skip the proxy, so the handler mints it).
    expect(headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(problem.instance).toBe(`urn:request:${headers["x-request-id"]}`);
  });
}

/** A request with any method, as a raw client sends it (browsers and fetch refuse TRACE). */
function raw(baseURL: string, method: string, path: string, body?: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, baseURL), { method, headers: body ? { "content-type": "text/plain", "content-length": Buffer.byteLength(body) } : {} }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

for (const [method, path, body] of [["TRACE", "/api/health"], ["TRACE", "/"], ["TRACE", "/patients"], ["TRACE", "/api/patients", "x"], ["PROPFIND", "/api/health"], ["MKCOL", "/login"]] as const) {
  test(`${method} ${path}${body ? " with a body" : ""} answers 405 problem+json with the security headers, never 500`, async ({ baseURL }) => {
    const res = await raw(baseURL!, method, path, body);
    expect(res.status).toBe(405);
    expect(res.headers["content-type"]).toContain("application/problem+json");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["content-security-policy"]).toContain("default-src 'none'");
    expect(res.headers["allow"]).toContain("GET");
    expect(JSON.parse(res.body)).toMatchObject({ status: 405, title: "Method not allowed" });
  });
}

test("a stalled or trickling body holds its connection at most 30 s after the answer (Node alone: ~300 s)", async ({ baseURL }) => {
  test.setTimeout(60_000);
  const { hostname, port } = new URL(baseURL!);
  const held = (trickle: boolean) =>
    new Promise<{ status: string; seconds: number }>((resolve) => {
      const started = Date.now();
      let status = "";
      const socket = net.connect(Number(port), hostname === "localhost" ? "127.0.0.1" : hostname, () =>
        socket.write(`POST /api/patients HTTP/1.1\r\nHost: ${new URL(baseURL!).host}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`),
      );
      const drip = trickle ? setInterval(() => socket.write(" "), 1000) : undefined;
      socket.on("data", (d) => (status ||= d.toString("latin1").split("\r\n")[0]!));
      socket.on("error", () => {});
      socket.on("close", () => {
        clearInterval(drip);
        resolve({ status, seconds: (Date.now() - started) / 1000 });
      });
      setTimeout(() => socket.destroy(), 45_000);
    });
  const [stalled, trickling] = await Promise.all([held(false), held(true)]);
  for (const answer of [stalled, trickling]) {
    expect(answer.status).toMatch(/^HTTP\/1\.1 401/);
    expect(answer.seconds).toBeLessThan(32);
  }
});

test("a safe x-request-id from a front proxy is kept through to the problem; an unsafe one is replaced", async ({ request }) => {
  for (const data of [undefined, { name: "x" }]) {
    const kept = await request.fetch("/api/patients/search", { method: data ? "POST" : "GET", data, headers: { "x-request-id": "nginx-7d3f0a9b2c" } });
    expect(kept.headers()["x-request-id"]).toBe("nginx-7d3f0a9b2c");
    expect((await kept.json()).instance).toBe("urn:request:nginx-7d3f0a9b2c");
  }
  const replaced = await request.get("/api/patients/search", { headers: { "x-request-id": "bad id; drop table" } });
  expect(replaced.headers()["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
});

test("OPTIONS names the methods a route has", async ({ request }) => {
  const res = await request.fetch("/api/patients/search", { method: "OPTIONS" });
  expect(res.status()).toBe(204);
  expect(res.headers()["allow"]).toBe("GET, HEAD, OPTIONS");
});

test("a page address with a malformed encoding gets the app's own not-found page under the strict CSP", async ({ page }) => {
  const res = await page.goto("/patients/%ff");
  expect(res?.status()).toBe(404);
  expect(res?.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
  await expect(page.getByRole("main")).toBeVisible();
});

test("health answers 200 with its reasons list while the database is up", async ({ request }) => {
  const res = await request.get("/api/health");
  expect(res.status()).toBe(200);
  expect(await res.json()).toMatchObject({ status: expect.stringMatching(/^(ok|degraded)$/), platform: { mode: "sandbox" }, db: { ok: true }, reasons: expect.any(Array) });
});
