import { expect, test } from "./fixtures";

test("an admin sees Settings and reads the platform connection, without secrets", async ({ page, request }) => {
  await page.goto("/settings");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
  const res = await request.get("/api/settings/platform");
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body).toMatchObject({ mode: "sandbox", clientId: "front-desk-sandbox" });
  expect(JSON.stringify(body)).not.toMatch(/secret|access_token|refresh/i);
});
