import { test, expect, expectAccessible } from "./fixtures";

/** Issue 33 item 4: an admin erases a patient's data at the patient's own request; the erasure log shows it (English and Hindi). */

test.describe.configure({ timeout: 120_000 });

const letters = () =>
  Math.random()
    .toString(36)
    .slice(2, 8)
    .replace(/[^a-z]/g, "q");

test("an admin erases a patient's data with a reason; the desk no longer finds them, and the erasure log shows it in English and Hindi", async ({ page }) => {
  const last = `Erasable${letters()}`;
  await page.goto("/patients/new");
  await page.getByLabel("First name").fill("Sunaina");
  await page.getByLabel("Last name").fill(last);
  await page.getByLabel("Gender").selectOption("F");
  await page.getByLabel("Date of birth").fill("12/04/1990");
  await page.getByRole("button", { name: "Register patient" }).click();
  await expect(page).toHaveURL(/\/patients\/[^/]+$/);
  const patientUrl = new URL(page.url()).pathname;

  await page.getByRole("button", { name: "Erase patient's data" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Erase this patient's data from the desk?" });
  await expect(dialog).toBeVisible();
  // No reason, no erasure.
  await dialog.getByRole("button", { name: "Erase patient's data" }).click();
  await expect(dialog.getByText("Write why the data is erased (at least 5 characters).")).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel("Reason (kept in the erasure log)").fill("Patient asked in writing at the counter");
  await dialog.getByRole("button", { name: "Erase patient's data" }).click();

  await expect(page).toHaveURL(/\/settings\/erasures$/);
  await expect(page.getByRole("heading", { level: 1, name: "Erasure log" })).toBeVisible();
  const row = page.getByTestId("erasure-log").locator("tbody tr").filter({ hasText: "Patient asked in writing at the counter" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Patient's request, via Vikram Mehta");
  await expect(row).toContainText(/Erased \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
  await expect(row).toContainText("search entry (1)");
  await expect(row).toContainText(/erased-[0-9a-f]{12}/);
  await expect(page.getByTestId("erasure-log")).not.toContainText(last);
  await expectAccessible(page);

  // The desk no longer finds the patient, and opening the old link does not copy them back in.
  await page.goto("/patients");
  await page.getByLabel("Find a patient").fill(last);
  await expect(page.getByText(`No patient matches “${last}”`, { exact: false })).toBeVisible();
  await page.goto(patientUrl);
  await expect(page.getByRole("alert").first()).toBeVisible();

  await page.goto("/settings/erasures");
  await page.getByRole("button", { name: "हिन्दी" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "डेटा मिटाने का लॉग" })).toBeVisible();
  await expect(row).toContainText("मरीज़ का अनुरोध, Vikram Mehta द्वारा");
  await expectAccessible(page);
  await page.getByRole("button", { name: "English" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Erasure log" })).toBeVisible();
});
