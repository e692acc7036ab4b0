import { test, expect } from "./fixtures";

test("a doctor can search patients but not register or edit them", async ({ page, request, baseURL }) => {
  await page.goto("/patients");
  await expect(page.getByLabel("Find a patient")).toBeVisible();
  await expect(page.getByRole("link", { name: "Register patient" })).toHaveCount(0);
  await page.goto("/patients/new");
  await expect(page.getByRole("heading", { name: "Your role can't open this page" })).toBeVisible();
  const res = await request.post("/api/patients", {
    headers: { origin: baseURL!, "idempotency-key": "doctor-tries-0000000001" },
    data: { firstName: "A", gender: "M", dob: "1990-01-01" },
  });
  expect(res.status()).toBe(403);
  expect(res.headers()["content-type"]).toContain("application/problem+json");
});

test("the registration route names the bad field in problem+json", async ({ request, baseURL }) => {
  const res = await request.get("/api/patients/search?limit=500");
  expect(res.status()).toBe(400);
  const body = await res.json();
  expect(body.errors).toHaveProperty("limit");
  const unknown = await request.get("/api/patients/ffffffffffffffffffffffffffffffff");
  expect(unknown.status()).toBe(404);
  void baseURL;
});
