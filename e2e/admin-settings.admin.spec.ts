import { E2E_STAFF, expect, resetSandboxFaults, setSandboxFaults, test } from "./fixtures";

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
  await deskPage.goto("/login");
  await deskPage.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await deskPage.getByLabel("E-mail address").fill(account.email);
  await deskPage.getByLabel("Password", { exact: true }).fill(account.password);
  await deskPage.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(deskPage).not.toHaveURL(/\/login/);
  expect((await deskPage.request.get("/api/patients/search?q=a")).status()).toBe(200);

  await page.goto("/settings");
  await page.getByRole("button", { name: `Sign ${account.name} out everywhere` }).click();
  const dialog = page.getByRole("alertdialog", { name: `Sign ${account.name} out everywhere?` });
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByText(`${account.name} is signed out everywhere (1 session ended).`)).toBeVisible();
  await expect.poll(async () => (await deskPage.request.get("/api/patients/search?q=a")).status(), { timeout: 5_000 }).toBe(401);
  await expect(page.getByRole("button", { name: `Sign ${account.name} out everywhere` })).toBeDisabled();
  // Focus stays on that person's row, not on <body> (issue 29 item 7).
  await expect(page.locator("[data-staff]").filter({ hasText: account.name })).toBeFocused();
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("LI");
  await desk.close();
});

test.describe("webhook settings on a platform that has only what the spec documents", () => {
  test.afterEach(async () => resetSandboxFaults());

  test("list answering 404: the desk's own record is shown in plain words, and the app can still be connected (English and Hindi)", async ({ page, baseURL }) => {
    await setSandboxFaults(page, { pathPrefix: "/notification/", specOnly: true });
    await page.goto("/settings");
    await expect(page.getByText("This platform does not list subscriptions; showing the desk's own record of what it registered.")).toBeVisible();
    await expect(page.getByText("Not found")).toHaveCount(0);
    const connect = page.getByRole("button", { name: "Connect this app's receiver" });
    if (await connect.isVisible()) {
      await expect(page.getByText("Connect this app", { exact: true })).toBeVisible();
      await connect.click();
      await expect(page.getByText(/^Subscription \d+ registered\.$/)).toBeVisible();
    }
    await expect(page.getByText("This app's receiver is registered.")).toBeVisible();
    const row = page.getByTestId("webhook-subscription").filter({ hasText: "This app" });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("/api/webhooks/platform");

    await page.context().addCookies([{ name: "locale", value: "hi", url: baseURL! }]);
    await page.reload();
    await expect(page.getByText("यह प्लेटफ़ॉर्म सदस्यताओं की सूची नहीं देता; डेस्क ने जो पंजीकृत किया, उसका अपना रिकॉर्ड दिखाया जा रहा है।")).toBeVisible();
    await expect(page.getByText("इस ऐप का रिसीवर दर्ज है।")).toBeVisible();
  });
});
