import { expect, test } from "./fixtures";
import { watchIcu } from "./icu-watch";
import { scriptsOf, ZOD_MARKER } from "./script-downloads";

/**
 * The heaviest pages' dialogs are not in their first download (issue 35): each arrives when the part
 * of the page that opens it is first hovered or focused, before a click. Markers are ids only each
 * dialog's own code carries. Nothing here opens a dialog or changes a queue (the queue, walk-in,
 * reschedule and booking journeys open them). The ABHA scan dialog stays in its pages' first
 * download: a scanner types the code the moment the button is pressed, and the box must be there.
 */
test("today's queue: the walk-in, reschedule and link dialogs come with the first hover, not the first download", async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto("/appointments/today");
  await expect(page.getByRole("heading", { level: 1, name: "Today's queue" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  for (const marker of ["walk-in-doctor", "reschedule-title", "booking-title"]) expect(scripts.carries(marker), marker).toBe(false);
  await page.getByRole("button", { name: "Print day list" }).hover();
  await expect.poll(() => scripts.carries("walk-in-doctor") && scripts.carries("reschedule-title")).toBe(true);
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

// The read-only pages check the BFF's answers without zod (lib/api-client/answer.ts): its ~32 KiB
// (gzip) and its start-up stay out of their first download, and come only with a form that validates.
for (const [path, heading] of [
  ["/appointments/today", "Today's queue"],
  ["/slots", null],
  ["/patients", null],
  ["/live", null],
  ["/documents", null],
  ["/drugs", null],
] as const) {
  test(`${path}: zod is not in the first download`, async ({ page }) => {
    const scripts = scriptsOf(page);
    await page.goto(path);
    await expect(heading ? page.getByRole("heading", { level: 1, name: heading }) : page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(scripts.count(), "the page's scripts were read").toBeGreaterThan(3);
    expect(scripts.carries(ZOD_MARKER)).toBe(false);
  });
}

test("the marker finds zod where a page does validate in the browser: the registration form's first download carries it", async ({ page }) => {
  const scripts = scriptsOf(page);
  await page.goto("/patients/new");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect.poll(() => scripts.carries(ZOD_MARKER)).toBe(true);
});

// Toasts only follow something the user did: sonner (~9 KiB gzip) comes with the first move on the
// page (lib/toast.ts, components/providers/toaster.tsx), not in the first download.
test("today's queue: the toasts' library is not in the first download and comes with the first move", async ({ page }) => {
  const SONNER_MARKER = "data-sonner-toaster";
  const scripts = scriptsOf(page);
  await page.goto("/appointments/today");
  await expect(page.getByRole("heading", { level: 1, name: "Today's queue" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(scripts.count(), "the page's scripts were read").toBeGreaterThan(3);
  expect(scripts.carries(SONNER_MARKER)).toBe(false);
  await expect(page.getByRole("region", { name: /^Notifications/ })).toHaveCount(0);
  await page.mouse.move(200, 300);
  await expect.poll(() => scripts.carries(SONNER_MARKER)).toBe(true);
  await expect(page.getByRole("region", { name: /^Notifications/ })).toHaveCount(1);
});

// The heaviest pages start without ICU in both languages (e2e/icu-watch.ts says why; role-pages.ts checks
// every feature's page of every role in English; the registration page is not one, so it is here in both).
for (const [path, locale] of [
  ["/appointments/today", "hi"],
  ["/slots", "hi"],
  ["/patients/new", "en"],
  ["/patients/new", "hi"],
  ["/billing", "hi"],
] as const) {
  test(`${path} (${locale}) builds no ICU formatter or collator until it has hydrated`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "locale", value: locale, url: baseURL! }]);
    const icuBuilt = await watchIcu(page);
    await page.goto(path);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await icuBuilt()).toEqual([]);
  });
}
