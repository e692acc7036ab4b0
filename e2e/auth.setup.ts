import { test as setup } from "@playwright/test";
import { DEMO, signInAs } from "./fixtures";

for (const [role, account] of Object.entries(DEMO)) {
  setup(`sign in as the demo ${role}`, async ({ page }) => {
    await signInAs(page, account);
    await page.context().storageState({ path: `e2e/.auth/${role}.json` });
  });
}
