import { expect, test } from "./fixtures";
import { screenshots } from "./visual-review";

test("anonymous: sign-in page, visual review", async ({ page }) => {
  test.slow();
  await page.goto("/login");
  await expect(page.getByLabel("E-mail address")).toBeVisible();
  await screenshots(page, "anonymous-login");
});
