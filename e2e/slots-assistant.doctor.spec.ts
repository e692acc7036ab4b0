import { expect, expectAccessible, SANDBOX_URL, test } from "./fixtures";

const EXPIRED = "9c4d2e7f-1a3b-4e5c-8f6a-7b8c9d0e1f23";

/** A live session started now, as the assistant starts one: the demo's live session ends 15 minutes after the sandbox starts, which a slow run outlasts. */
async function startSession(ttlSeconds: number): Promise<{ session_id: string }> {
  const res = await fetch(`${SANDBOX_URL}/__sandbox/assistant-sessions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ttlSeconds }) });
  expect(res.status).toBe(201);
  return (await res.json()) as { session_id: string };
}

test.describe("assistant sessions", () => {
  test("looks up a live session with a countdown and refreshes it", async ({ page }) => {
    test.slow();
    const live = await startSession(900);
    await page.goto("/slots");
    await page.getByRole("link", { name: "Assistant sessions" }).click();
    await expect(page).toHaveURL(/\/slots\/assistant$/);
    await page.getByLabel("Session id").fill(live.session_id);
    await page.keyboard.press("Enter");
    await expect(page.getByText("Active", { exact: true }).first()).toBeVisible();
    const timer = page.getByRole("timer");
    await expect(timer).toHaveText(/^\d+:\d{2}$/);
    const before = await timer.textContent();
    await expect(timer).not.toHaveText(before!, { timeout: 3000 });
    // Checked before the toast: the shared toaster's colours are not this page's.
    await expectAccessible(page);
    await page.getByRole("button", { name: "Refresh session" }).click();
    await expect(page.getByText(/Session extended until/)).toBeVisible();
    await expect(timer).toHaveText(/^1[45]:\d{2}$/);
  });

  test("refreshes a session after it expires with the token the desk kept", async ({ page }) => {
    const created = await startSession(120);
    await page.goto("/slots/assistant");
    await page.getByLabel("Session id").fill(created.session_id);
    await page.getByRole("button", { name: "Look up" }).click();
    await page.getByRole("button", { name: "Refresh session" }).click();
    await expect(page.getByText(/Session extended until/)).toBeVisible();
    await fetch(`${SANDBOX_URL}/__sandbox/assistant-sessions/${created.session_id}/expire`, { method: "POST" });
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page.getByText("Expired", { exact: true }).first()).toBeVisible();
    await page.getByRole("button", { name: "Refresh session" }).click();
    await expect(page.getByText("Active", { exact: true }).first()).toBeVisible();
  });

  test("a malformed id clears the card of the session looked up before, so no stale answer stays (English and Hindi)", async ({ page, baseURL }) => {
    const live = await startSession(900);
    await page.goto("/slots/assistant");
    const id = page.getByLabel("Session id");
    await id.fill(live.session_id);
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page.getByText("Active", { exact: true }).first()).toBeVisible();
    await id.fill("not-a-session");
    await page.getByRole("button", { name: "Look up" }).click();
    await expect(page.getByText("A session id looks like 5b0e8c1e-6f3a-4c2b-9d1e-2a7f4c8b9e01.")).toBeVisible();
    // The card (its countdown and refresh) is gone; the list of recent sessions may still say "Active".
    await expect(page.getByRole("timer")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Refresh session" })).toHaveCount(0);
    await expect(page.getByText("Enter a session id to see its expiry.")).toBeVisible();

    await page.context().addCookies([{ name: "locale", value: "hi", url: baseURL! }]);
    await page.reload();
    await page.getByLabel("सत्र आईडी").fill(live.session_id);
    await page.getByRole("button", { name: "खोजें" }).click();
    await expect(page.getByText("सक्रिय", { exact: true }).first()).toBeVisible();
    await page.getByLabel("सत्र आईडी").fill("not-a-session");
    await page.getByRole("button", { name: "खोजें" }).click();
    await expect(page.getByText("सत्र आईडी इस तरह दिखती है: 5b0e8c1e-6f3a-4c2b-9d1e-2a7f4c8b9e01।")).toBeVisible();
    await expect(page.getByRole("timer")).toHaveCount(0);
    await expect(page.getByText("समाप्ति देखने के लिए सत्र आईडी दर्ज करें।")).toBeVisible();
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
    await expect(page.getByText("Expired", { exact: true }).first()).toBeVisible();
    // The desk never had this session's token: no button that can only fail, an explanation instead.
    await expect(page.getByRole("button", { name: "Refresh session" })).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "This session cannot be refreshed" })).toContainText("no token to extend it");
    await expectAccessible(page);
  });

  test("offers the sessions already looked up, and takes a pasted id with spaces and words around it", async ({ page }) => {
    const created = await startSession(600);
    await page.goto("/slots/assistant");
    const id = page.getByLabel("Session id");
    await id.focus();
    await page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData("text/plain", text);
      document.activeElement!.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    }, `  Session: ${created.session_id.toUpperCase()} (active)\n`);
    await expect(id).toHaveValue(created.session_id);
    await page.keyboard.press("Enter");
    await expect(page.getByText("Active", { exact: true }).first()).toBeVisible();
    // Next visit: pick it from the recent sessions instead of pasting again.
    await page.goto("/slots/assistant");
    const recent = page.getByRole("region", { name: "Your recent sessions" });
    const pick = recent.getByRole("button", { name: `Show session ${created.session_id}` });
    await expect(pick).toBeVisible();
    await expectAccessible(page);
    await pick.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("timer")).toHaveText(/^\d+:\d{2}$/);
    await expect(page.getByLabel("Session id")).toHaveValue(created.session_id);
  });
});
