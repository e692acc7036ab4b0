import { FEATURES, featuresFor } from "../lib/access";
import { expect, expectAccessible, screenshots, test } from "./fixtures";

// Every page this role can open: the sandbox banner is there, axe finds nothing, and we keep screenshots.
for (const feature of featuresFor("receptionist")) {
  test(`receptionist: ${feature} page is accessible and marked as sandbox`, async ({ page }) => {
    await page.goto(FEATURES[feature].path);
    await expect(page.getByRole("main")).toBeVisible();
    await expect(page.getByText("Sandbox — demo data, not for clinical use").first()).toBeVisible();
    await expectAccessible(page);
    await screenshots(page, `receptionist-${feature}`);
  });
}
