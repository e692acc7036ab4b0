import { expect, test } from "./fixtures";
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
  await expect(page.getByTestId("webhook-form-placeholder")).toBeVisible();
  expect(scripts.count(), "the page's scripts were read").toBeGreaterThan(3);
  expect(scripts.carries(ZOD_MARKER)).toBe(false);
  release();
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
  await expect(card.getByRole("alert").filter({ hasText: "The form for another endpoint did not load." })).toBeVisible();
  // The rest of the card works meanwhile.
  await expect(card.getByRole("button", { name: "Simulate a doctor joining" })).toBeEnabled();
  failing = false;
  await card.getByRole("button", { name: "Try again" }).click();
  await expect(page.getByLabel("Address (endpoint)")).toBeVisible();
  await expect(card.getByRole("alert")).toHaveCount(0);
  await page.unrouteAll({ behavior: "ignoreErrors" });
});
