import { expect, expectAccessible, SANDBOX_URL, screenshots, test } from "./fixtures";

const LIVE = "5b0e8c1e-6f3a-4c2b-9d1e-2a7f4c8b9e01";
const EXPIRED = "9c4d2e7f-1a3b-4e5c-8f6a-7b8c9d0e1f23";

test.describe("assistant sessions", () => {
  test("looks up a live session with a countdown and refreshes it", async ({ page }) => {
    test.slow();
    await page.goto("/slots");
    await page.getByRole("link", { name: "Assistant sessions" }).click();
    await expect(page).toHaveURL(/\/slots\/assistant$/);
    await page.getByLabel("Session id").fill(LIVE);
    await page.keyboard.press("Enter");
    await expect(page.getByText("Active")).toBeVisible();
    const timer = page.getByRole("timer");
    await expect(timer).toHaveText(/^\d+:\d{2}$/);
    const before = await timer.textContent();
    await expect(timer).not.toHaveText(before!, { timeout: 3000 });
    // Checked before the toast: the shared toaster's colours are not this page's.
    await expectAccessible(page);
    await page.getByRole("button", { name: "Refresh session" }).click();
    await expect(page.getByText(/Session extended until/)).toBeVisible();
    await expect(timer).toHaveText(/^1[45]:\d{2}$/);
    await screenshots(page, "slots-assistant");
  });

  test("refreshes a session after it expires with the token the desk kept", async ({ page }) => {
    const created = (await (await fetch(`${SANDBOX_URL}/__sandbox/assistant-sessions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ttlSeconds: 120 }) })).json()) as { session_id: string };
    await page.goto("/slots/assistant");
    await page.getByLabel("Session id").fill(created.session_id);
    await page.getByRole("button", { name: "Look up" }).click();
    await page.getByRole("button", { name: "Refresh session" }).click();
    await expect(page.getByText(/Session extended until/)).toBeVisible();
    await fetch(`${SANDBOX_URL}/__sandbox/assistant-sessions/${created.session_id}/expire`, { method: "POST" });
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page.getByText("Expired", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Refresh session" }).click();
    await expect(page.getByText("Active")).toBeVisible();
  });

  test("explains unknown, malformed and unrefreshable sessions", async ({ page }) => {
    test.slow();
    await page.goto("/slots/assistant");
    const id = page.getByLabel("Session id");
    await id.fill("not-a-session");
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page.getByText("A session id looks like 5b0e8c1e-6f3a-4c2b-9d1e-2a7f4c8b9e01.")).toBeVisible();
    await expect(id).toHaveValue("not-a-session");
    await id.fill("00000000-0000-4000-8000-000000000000");
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page.getByText("No session with this id")).toBeVisible();
    await id.fill(EXPIRED);
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page.getByText("Expired", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Refresh session" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "This session cannot be refreshed" })).toContainText("holds no token");
    await expectAccessible(page);
  });
});
