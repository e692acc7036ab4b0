import { expect, test } from "./fixtures";
import { layoutShift, watchLayoutShift } from "./layout-shift";
import { scriptsOf, ZOD_MARKER } from "./script-downloads";

// Settings validates in the browser only in its form for another webhook endpoint: zod and
// react-hook-form come with that form, after the page has answered, not in its first download.
test("/settings: zod is not in the first download; the endpoint form comes after and validates", async ({ page }) => {
  const scripts = scriptsOf(page);
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route("**/_next/static/chunks/**", async (route) => {
    // Hold back any chunk that carries zod until the page has been read without it.
    const res = await route.fetch();
    const body = await res.text();
    if (body.includes(ZOD_MARKER)) await held;
    await route.fulfill({ response: res, body });
  });
  await page.goto("/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  // The card's settings have arrived (its placeholder is gone); the form's place is kept for it.
  await expect(page.getByTestId("webhooks-placeholder")).toHaveCount(0);
  const place = page.getByTestId("webhook-form-placeholder");
  await expect(place).toBeVisible();
  expect(scripts.count(), "the page's scripts were read").toBeGreaterThan(3);
  expect(scripts.carries(ZOD_MARKER)).toBe(false);
  release();
  // The form comes when its place, at the card's foot, is scrolled to.
  await place.scrollIntoViewIfNeeded();
  const endpoint = page.getByLabel("Address (endpoint)");
  await expect(endpoint).toBeVisible();
  await expect.poll(() => scripts.carries(ZOD_MARKER)).toBe(true);
  await expect(page.getByTestId("webhook-form-placeholder")).toHaveCount(0);
  // It validates in the browser: a wrong address is a field error, with what was typed kept.
  await endpoint.fill("not a url");
  await page.getByRole("button", { name: "Register subscription" }).click();
  await expect(endpoint).toHaveAccessibleDescription(/fully qualified URL/);
  await expect(endpoint).toHaveValue("not a url");
  // The toasts' library comes with the first move on the page (lib/toast.ts): its download may still
  // be passing through the handler above as the test ends.
  await page.unrouteAll({ behavior: "ignoreErrors" });
});

// On a phone the form's place is below the fold: building zod's schemas and drawing the form were one of
// the page's long tasks at start-up (issue 35). They wait until the place is scrolled to, and its
// placeholder is the form's size, so nothing on the screen moves when the form takes its place.
for (const lang of ["en", "hi"] as const) {
  test(`/settings on a phone (${lang}): the endpoint form's code waits until its place is scrolled to, and nothing moves when it comes`, async ({ page, baseURL }) => {
    if (lang === "hi") await page.context().addCookies([{ name: "locale", value: "hi", url: baseURL! }]);
    await page.setViewportSize({ width: 390, height: 844 });
    await watchLayoutShift(page);
    const scripts = scriptsOf(page);
    await page.goto("/settings");
    await expect(page.getByTestId("webhooks-placeholder")).toHaveCount(0);
    const place = page.getByTestId("webhook-form-placeholder");
    await expect(place).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(scripts.count(), "the page's scripts were read").toBeGreaterThan(3);
    expect(scripts.carries(ZOD_MARKER), "the form's code before its place was on the screen").toBe(false);
    await expect(place).toBeVisible();

    // Its place scrolled onto the screen, with the delivery log below it in view: were the form taller or
    // shorter than its placeholder, the log would move on the screen.
    await place.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 150));
    await expect(page.getByRole("heading", { name: lang === "hi" ? "डिलीवरी लॉग" : "Delivery log" })).toBeInViewport();
    await expect(page.getByRole("button", { name: lang === "hi" ? "सदस्यता दर्ज करें" : "Register subscription" })).toBeAttached();
    await expect.poll(() => scripts.carries(ZOD_MARKER)).toBe(true);
    await expect(page.getByTestId("webhook-form-placeholder")).toHaveCount(0);
    const shift = await layoutShift(page);
    expect(shift.total, `layout shift over the visit: ${shift.sources.join(", ")}`).toBeLessThanOrEqual(0.05);
  });
}

test("/settings on a phone: a keyboard user's first key brings the endpoint form without scrolling, and a reader who never scrolls gets it soon after", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const scripts = scriptsOf(page);
  await page.goto("/settings");
  await expect(page.getByTestId("webhook-form-placeholder")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(scripts.carries(ZOD_MARKER)).toBe(false);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Register subscription" })).toBeAttached();
  expect(await page.evaluate(() => window.scrollY), "not scrolled to it").toBe(0);

  // No key, no scroll (a screen reader's reading cursor): the form comes once the page has been still a while.
  const still = await page.context().newPage();
  await still.setViewportSize({ width: 390, height: 844 });
  await still.clock.install();
  await still.goto("/settings");
  await expect(still.getByTestId("webhook-form-placeholder")).toBeVisible();
  await still.clock.runFor(9_000);
  await expect(still.getByTestId("webhook-form-placeholder")).toBeVisible();
  await still.clock.runFor(1_500);
  await expect(still.getByRole("button", { name: "Register subscription" })).toBeAttached();
  await still.close();
});

test("/settings: when the endpoint form's code fails to download, the card says so and Try again brings it", async ({ page }) => {
  let failing = true;
  await page.route("**/_next/static/chunks/**", async (route) => {
    const res = await route.fetch();
    const body = await res.text();
    if (failing && body.includes(ZOD_MARKER)) return route.abort("connectionreset");
    await route.fulfill({ response: res, body });
  });
  await page.goto("/settings");
  const card = page.getByRole("region", { name: "Webhook subscriptions" });
  await card.getByTestId("webhook-form-placeholder").scrollIntoViewIfNeeded();
  await expect(card.getByRole("alert").filter({ hasText: "The form for another endpoint did not load." })).toBeVisible();
  // The rest of the card works meanwhile.
  await expect(card.getByRole("button", { name: "Simulate a doctor joining" })).toBeEnabled();
  failing = false;
  await card.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByLabel("Address (endpoint)")).toBeVisible();
  await expect(card.getByRole("alert")).toHaveCount(0);
  await page.unrouteAll({ behavior: "ignoreErrors" });
});
