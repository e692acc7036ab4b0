import { test as setup, expect } from "@playwright/test";
import { DEMO } from "./fixtures";

for (const [role, account] of Object.entries(DEMO)) {
  setup(`sign in as the demo ${role}`, async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("E-mail address").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expect(page).not.toHaveURL(/\/login/);
    await page.context().storageState({ path: `e2e/.auth/${role}.json` });
  });
}
