import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * The heaviest pages' dialogs are not in their first download (issue 35): each arrives when the part
 * of the page that opens it is first hovered or focused, before a click. Markers are ids only each
 * dialog's own code carries. Nothing here changes a queue: the dialogs are opened and closed only.
 */
function scriptsOf(page: Page) {
  const texts: string[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() === "script") void res.text().then((t) => texts.push(t), () => {});
  });
  return { carries: (marker: string) => texts.some((t) => t.includes(marker)) };
}

test("today's queue: the walk-in, reschedule and link dialogs come with the first hover, not the first download", async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto("/appointments/today");
  await expect(page.getByRole("heading", { level: 1, name: "Today's queue" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  for (const marker of ["walk-in-doctor", "reschedule-title", "booking-title"]) expect(scripts.carries(marker), marker).toBe(false);
  await page.getByRole("button", { name: "Print day list" }).hover();
  await expect.poll(() => scripts.carries("walk-in-doctor") && scripts.carries("reschedule-title")).toBe(true);
});

test("registration: the ABHA scan dialog comes when its button is hovered or focused, and opens at once", async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto("/patients/new");
  const scan = page.getByRole("button", { name: "Scan ABHA card" });
  await expect(scan).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(scripts.carries("abha-scan-input")).toBe(false);
  await scan.focus();
  await expect.poll(() => scripts.carries("abha-scan-input")).toBe(true);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Scan ABHA card" })).toBeVisible();
  await expect(page.locator("#abha-scan-input")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(scan).toBeFocused();
});

test("slots: the booking dialog is not in the first download and comes with the first hover on the calendar", async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto("/slots");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(scripts.carries("booking-title")).toBe(false);
  await page.getByRole("heading", { level: 1 }).hover();
  await page.locator("main").getByRole("combobox").first().hover();
  await expect.poll(() => scripts.carries("booking-title")).toBe(true);
});
