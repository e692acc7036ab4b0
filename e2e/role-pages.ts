import { canUse, FEATURES, featuresFor } from "../lib/access";
import type { Role } from "../lib/schemas/staff";
import { expect, expectAccessible, screenshots, test } from "./fixtures";

// Screenshots of a page are kept once, from the first of these roles that may open it; the pages differ little between roles.
const SCREENSHOT_ROLE_ORDER: Role[] = ["receptionist", "doctor", "admin"];

/** Every page this role can open: the sandbox banner is there and axe finds nothing. */
export function checkPagesOf(role: Role) {
  for (const feature of featuresFor(role)) {
    test(`${role}: ${feature} page is accessible and marked as sandbox`, async ({ page }) => {
      await page.goto(FEATURES[feature].path);
      await expect(page.getByRole("main")).toBeVisible();
      await expect(page.getByText("Sandbox — demo data, not for clinical use").first()).toBeVisible();
      await expectAccessible(page);
      if (SCREENSHOT_ROLE_ORDER.find((r) => canUse(r, feature)) === role) await screenshots(page, `${role}-${feature}`);
    });
  }
}
