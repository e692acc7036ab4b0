import { expect, test } from "./fixtures";

test("a receptionist sees no Settings in the menu, gets a 403 page and a 403 from its route", async ({ page, request }) => {
  await page.goto("/patients");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Drug lookup" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Settings" })).toHaveCount(0);
  await page.goto("/settings");
  await expect(page.getByRole("heading", { name: "Your role can't open this page" })).toBeVisible();
  const res = await request.get("/api/settings/platform");
  expect(res.status()).toBe(403);
  expect(res.headers()["content-type"]).toContain("application/problem+json");
});

test("a mutation from another origin is refused", async ({ request }) => {
  const res = await request.post("/api/drugs", { headers: { origin: "https://evil.example" }, data: {} });
  expect([403, 405]).toContain(res.status());
});
