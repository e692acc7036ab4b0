import { expect, test } from "./fixtures";

test("a receptionist sees no Settings in the menu, gets a 403 page and a 403 from its route", async ({ page, request }) => {
  await page.goto("/patients");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Drug lookup" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Settings" })).toHaveCount(0);
  const page403 = await page.goto("/settings");
  expect(page403?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Your role can't open this page" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Drug lookup" })).toBeVisible();
  const res = await request.get("/api/settings/platform");
  expect(res.status()).toBe(403);
  expect(res.headers()["content-type"]).toContain("application/problem+json");
});

test("a mutation from another origin is refused by the origin check, on a route that has the method", async ({ request, baseURL }) => {
  const foreign = await request.post("/api/patients", { headers: { origin: "https://evil.example" }, data: {} });
  expect(foreign.status()).toBe(403);
  expect(foreign.headers()["content-type"]).toContain("application/problem+json");
  expect((await foreign.json()).detail).toMatch(/did not come from the front-desk app/);
  // The same request from our own origin passes that check and fails only on its empty body.
  const own = await request.post("/api/patients", { headers: { origin: baseURL! }, data: {} });
  expect(own.status()).toBe(400);
});

test("an https page on the http app's own host and port is another origin: its mutation is refused", async ({ request, baseURL }) => {
  const url = new URL(baseURL!);
  const https = await request.post("/api/patients", { headers: { origin: `https://${url.host}` }, data: {} });
  expect(https.status()).toBe(403);
  expect((await https.json()).detail).toMatch(/did not come from the front-desk app/);
});

test("a JSON route answers 415 to a body of another content type", async ({ request, baseURL }) => {
  for (const type of ["text/plain", "application/x-www-form-urlencoded", "application/xml"]) {
    const res = await request.post("/api/patients", { headers: { origin: baseURL!, "content-type": type }, data: "{\"firstName\":\"x\"}" });
    expect(res.status(), type).toBe(415);
    expect(res.headers()["content-type"]).toContain("application/problem+json");
  }
});

test("a query value that is not UTF-8 is refused naming its parameter, and __proto__ like any unknown one", async ({ request }) => {
  const bad = await request.get("/api/patients/search?q=%ff%fe");
  expect(bad.status()).toBe(400);
  expect((await bad.json()).errors).toHaveProperty("q");
  for (const name of ["__proto__", "constructor"]) {
    const res = await request.get(`/api/patients/search?q=ravi&${name}=x`);
    expect(res.status(), name).toBe(400);
    expect((await res.json()).errors).toHaveProperty(name);
  }
});

test("a chunked JSON body over the limit is refused with 413 while it streams", async ({ request, baseURL }) => {
  const cookies = (await request.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
  const chunk = new Uint8Array(64 * 1024).fill(0x20);
  let sent = 0;
  // 32 MB offered without a Content-Length; the server must answer long before reading it all.
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= 512) return controller.close();
      sent++;
      controller.enqueue(chunk);
    },
  });
  const res = await fetch(`${baseURL}/api/patients`, {
    method: "POST",
    headers: { cookie: cookies, origin: baseURL!, "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
    body,
    duplex: "half",
  } as RequestInit);
  expect(res.status).toBe(413);
  expect(res.headers.get("content-type")).toContain("application/problem+json");
  expect(sent).toBeLessThan(512);
});
