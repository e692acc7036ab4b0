import { expect, expectAccessible, test } from "./fixtures";

test("a receptionist switches the desk to Hindi and back, by keyboard, and the choice survives a reload", async ({ page }) => {
  await page.goto("/patients/new");
  await expect(page.getByRole("heading", { level: 1, name: "Register a patient" })).toBeVisible();

  await page.getByRole("button", { name: "हिन्दी" }).first().focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "मरीज़ पंजीकृत करें" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
  await expect(page.getByText("सैंडबॉक्स — डेमो डेटा, क्लिनिकल उपयोग के लिए नहीं").first()).toBeVisible();
  // The bundled Devanagari face is what draws the text, whatever fonts this machine has.
  const faces = await page.evaluate(async () => (await document.fonts.load("16px 'Desk Devanagari'", "मरीज़")).map((f) => f.status));
  expect(faces).toContain("loaded");
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "मरीज़ पंजीकृत करें" })).toBeVisible();
  await page.getByRole("button", { name: "English" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Register a patient" })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});
