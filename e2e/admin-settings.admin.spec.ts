import { E2E_STAFF, expect, signInAs, test } from "./fixtures";

test("an admin sees Settings and reads the platform connection, without secrets", async ({ page, request }) => {
  await page.goto("/settings");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" })).toHaveAttribute("aria-current", "page");
  const res = await request.get("/api/settings/platform");
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body).toMatchObject({ mode: "sandbox", clientId: "front-desk-sandbox" });
  expect(JSON.stringify(body)).not.toMatch(/secret|access_token|refresh/i);
});

test("an admin signs a staff member out everywhere from Settings, and that desk's session ends", async ({ page, browser, baseURL }) => {
  const account = E2E_STAFF.deskPc;
  const desk = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const deskPage = await desk.newPage();
  await signInAs(deskPage, account);
  expect((await deskPage.request.get("/api/patients/search?q=a")).status()).toBe(200);

  await page.goto("/settings");
  await page.getByRole("button", { name: `Sign out everywhere: ${account.name}` }).click();
  const dialog = page.getByRole("alertdialog", { name: `Sign ${account.name} out everywhere?` });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByText(`${account.name} is signed out everywhere (1 session ended).`)).toBeVisible();
  await expect.poll(async () => (await deskPage.request.get("/api/patients/search?q=a")).status(), { timeout: 5_000 }).toBe(401);
  await expect(page.getByRole("button", { name: `Sign out everywhere: ${account.name}` })).toBeDisabled();
  // Focus stays on that person's row, not on <body> (issue 29 item 7).
  await expect(page.locator("[data-staff]").filter({ hasText: account.name })).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("LI");
  await desk.close();
});
