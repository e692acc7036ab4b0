import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { LOCALE_COOKIE } from "../lib/i18n/locales";

/**
 * A page still open from before a deploy (issue 35): the browser no longer parses answers with zod,
 * so an answer from another build of the desk is refused by its `x-desk-build` stamp and the page asks
 * for a reload instead of showing it. Here the queue's answers are restamped as a newer build's.
 */
const CLINIC = "cl-andheri-west";

/** Restamps the queue day's answers as a newer build's; returns how many appointments they carried. */
async function answersFromANewerBuild(page: Page) {
  const carried: number[] = [];
  await page.route(/\/api\/queue\?/, async (route) => {
    const response = await route.fetch();
    const body = await response.text();
    carried.push(((JSON.parse(body) as { appointments?: unknown[] }).appointments ?? []).length);
    await route.fulfill({ response, body, headers: { ...response.headers(), "x-desk-build": "a-newer-build" } });
  });
  return carried;
}

test("an answer from a newer build is not shown: the page says the desk was updated and reloads on request", async ({ page }) => {
  const carried = await answersFromANewerBuild(page);
  await page.goto(`/appointments/today?clinic=${CLINIC}`);
  const notice = page.getByTestId("desk-updated");
  await expect(notice).toBeVisible({ timeout: 20_000 });
  await expect(notice).toContainText("The desk was updated: reload this page");
  await expect(page.getByRole("alert").filter({ hasText: "The desk was updated" }).first()).toBeVisible();
  // The refused answer carried the day's appointments; none of them is on screen.
  expect(carried.length).toBeGreaterThan(0);
  await expect(page.locator("[data-appointment]")).toHaveCount(0);
  // Nor does the counts row claim the day is empty: it has no count to give. Read as drawn (innerText):
  // the total's room is kept by an unseen sample while the day is not read.
  const counts = page.getByRole("group", { name: "Appointments by status" });
  await expect(counts).not.toContainText("No appointments", { useInnerText: true });
  await expect(counts).not.toContainText(/\d/, { useInnerText: true });
  // The sandbox banner stays in sight: the notice sits at the foot of the window, over nothing it must not hide.
  const banner = page.getByText("Sandbox — demo data, not for clinical use");
  await expect(banner).toBeInViewport();
  const [noticeBox, bannerBox] = await Promise.all([notice.boundingBox(), banner.boundingBox()]);
  expect(noticeBox!.y).toBeGreaterThanOrEqual(bannerBox!.y + bannerBox!.height);
  await expectAccessible(page);

  // Reloaded (now of the same build as the server), the day shows as it is.
  await page.unrouteAll({ behavior: "wait" });
  await notice.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Today's queue" })).toBeVisible();
  const rows = page.locator("[data-appointment]");
  await expect(carried[0]! > 0 ? rows.first() : page.getByText("No appointments on this day.")).toBeVisible({ timeout: 20_000 });
  await expect(notice).toBeHidden();
});

test("the notice speaks Hindi on a Hindi desk", async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: LOCALE_COOKIE, value: "hi", url: baseURL! }]);
  await answersFromANewerBuild(page);
  await page.goto(`/appointments/today?clinic=${CLINIC}`);
  const notice = page.getByTestId("desk-updated");
  await expect(notice).toContainText("डेस्क अपडेट हो गया है", { timeout: 20_000 });
  await expect(notice.getByRole("button", { name: "फिर से लोड करें" })).toBeVisible();
  // The stream's opening may have sent another read of the day that is still in the route when the test ends.
  await page.unrouteAll({ behavior: "ignoreErrors" });
});
