import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";

const PRESCRIPTION = ["Tab Dolo 650 1-0-1 x 3 days", "Cap Omez 20 BD before food", "Telma 40 HS", "Deriphyllin 1-0-1", "Liv 52 BD"].join("\n");

async function readPrescription(page: Page, label: string, button: string) {
  await page.getByLabel(label).fill(PRESCRIPTION);
  await page.getByLabel(label).press("Control+Enter");
  await expect(page.getByTestId("prescription-row")).toHaveCount(5);
  await expect(page.getByRole("button", { name: button })).toBeEnabled();
}

async function inHindi(page: Page) {
  await page.getByRole("button", { name: "हिन्दी" }).first().click();
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
}

const row = (page: Page, n: number) => page.getByTestId("prescription-row").nth(n);

test.describe("a whole prescription read at once, as the demo doctor", () => {
  test("pastes five lines and reads each line's generic, dosing and printable line; unsure lines stand out", async ({ page }) => {
    await page.goto("/drugs");
    await page.getByRole("tab", { name: "Look up a medicine" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tab", { name: "Read a prescription" })).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(/[?&]mode=prescription/);
    await readPrescription(page, "Prescription lines", "Read prescription");
    await expect(page.getByRole("status").filter({ hasText: "5 lines" })).toContainText("5 lines, 2 to check");

    await expect(row(page, 0).getByTestId("prescription-generic")).toHaveText("Paracetamol");
    await expect(row(page, 0).getByTestId("prescription-dosing")).toHaveText("twice a day (1-0-1) for 3 days");
    await expect(row(page, 0).getByTestId("prescription-generic-line")).toHaveText("Tab Paracetamol 650 mg, 1-0-1 × 3 days");
    await expect(row(page, 0)).toHaveAttribute("data-sure", "true");
    // "BD" and "HS" are dosing, never Omez D or Telma H.
    await expect(row(page, 1).getByTestId("prescription-generic")).toHaveText("Omeprazole");
    await expect(row(page, 1).getByTestId("prescription-dosing")).toHaveText("twice a day before food");
    await expect(row(page, 2).getByTestId("prescription-generic")).toHaveText("Telmisartan");
    await expect(row(page, 2).getByTestId("prescription-dosing")).toHaveText("once a day at bedtime");
    // Both of Deriphyllin's ingredients; the formulary has no entry for the pair, so the row asks to be checked.
    await expect(row(page, 3).getByTestId("prescription-generic")).toHaveText("Etofylline + Theophylline");
    await expect(row(page, 3)).toHaveAttribute("data-sure", "false");
    await expect(row(page, 3)).toContainText("The formulary has no entry for this combination");
    await expect(row(page, 4)).toHaveAttribute("data-sure", "false");
    await expect(row(page, 4)).toContainText("A herbal or ayurvedic product");
    await expectAccessible(page);

    // From a row to the medicine's entry.
    await row(page, 0).getByRole("button", { name: "Look up Paracetamol" }).click();
    await expect(page.getByRole("tab", { name: "Look up a medicine" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("article", { name: "Paracetamol" })).toBeVisible();
  });

  test("reads the same prescription in Hindi", async ({ page }) => {
    await page.goto("/drugs?mode=prescription");
    await inHindi(page);
    await readPrescription(page, "पर्चे की पंक्तियाँ", "पर्चा पढ़ें");
    await expect(row(page, 0).getByTestId("prescription-generic")).toHaveText("Paracetamol");
    await expect(row(page, 0).getByTestId("prescription-dosing")).toHaveText("दिन में दो बार (1-0-1), 3 दिन");
    await expect(row(page, 1).getByTestId("prescription-generic")).toHaveText("Omeprazole");
    await expect(row(page, 1).getByTestId("prescription-dosing")).toHaveText("दिन में दो बार, खाने से पहले");
    await expect(row(page, 2).getByTestId("prescription-generic")).toHaveText("Telmisartan");
    await expect(row(page, 3).getByTestId("prescription-generic")).toHaveText("Etofylline + Theophylline");
    await expect(row(page, 3)).toContainText("यह पंक्ति जाँचें");
    await expect(row(page, 4)).toContainText("हर्बल या आयुर्वेदिक");
  });
});

test.describe("a brand's product in the written form (issue 30)", () => {
  const LINES = ["Inj Deriphyllin 2 ml IV stat", "Syp Calpol 250 5 ml TDS", "Syp Calpol 650 5 ml TDS"].join("\n");

  test("an injection or syrup prints that product's strengths; a form the brand is not known in is unsure and says so, in English and Hindi", async ({ page }) => {
    await page.goto("/drugs?mode=prescription");
    await page.getByLabel("Prescription lines").fill(LINES);
    await page.getByLabel("Prescription lines").press("Control+Enter");
    await expect(page.getByTestId("prescription-row")).toHaveCount(3);
    await expect(row(page, 0).getByTestId("prescription-generic-line")).toHaveText("Inj Etofylline 84.7 mg/ml + Theophylline 25.3 mg/ml, 2 ml STAT IV");
    await expect(row(page, 1).getByTestId("prescription-generic-line")).toHaveText("Syp Paracetamol 250 mg/5 ml, 5 ml TDS");
    await expect(row(page, 1)).toHaveAttribute("data-sure", "true");
    // Calpol is known as tablets, a suspension and drops, but not a 650 syrup: no tablet strength is lent to it.
    await expect(row(page, 2)).toHaveAttribute("data-sure", "false");
    await expect(row(page, 2)).toContainText("Calpol is Paracetamol, but no syrup of it is known here (known as tablet, suspension, drops)");
    await expect(row(page, 2).getByTestId("prescription-generic-line")).not.toContainText("650 mg");
    await expectAccessible(page);

    await inHindi(page);
    await page.getByLabel("पर्चे की पंक्तियाँ").fill(LINES);
    await page.getByLabel("पर्चे की पंक्तियाँ").press("Control+Enter");
    await expect(row(page, 2)).toContainText("यहाँ ज्ञात नहीं है");
  });
});

test.describe("drug page details (issue 29, items 9 and 10)", () => {
  test("Augmentin's dry syrup strength is one chip, and 'paracetamol syrup' marks the syrup strengths", async ({ page }) => {
    await page.goto("/drugs?q=augmentin%20625");
    await page.getByRole("listbox", { name: "Matching generic drugs" }).getByRole("option").first().click();
    const strengths = page.getByRole("article", { name: "Amoxicillin + Clavulanic acid" }).getByTestId("drug-strengths");
    await expect(strengths.getByText("228.5 mg/5 mL", { exact: true })).toBeVisible();
    await expect(strengths.getByText("5 mL", { exact: true })).toHaveCount(0);

    await page.goto("/drugs?q=paracetamol%20syrup");
    await page.getByRole("listbox", { name: "Matching generic drugs" }).getByRole("option").first().click();
    const marked = page.getByRole("article", { name: "Paracetamol" }).getByTestId("drug-strengths").locator("[aria-current=true]");
    await expect(marked).toHaveText(["125 mg/5 mL", "250 mg/5 mL"]);
  });

  test("the category filter speaks Hindi", async ({ page }) => {
    await page.goto("/drugs");
    await inHindi(page);
    const filter = page.getByLabel("श्रेणी");
    await expect(filter.locator("option", { hasText: "हृदय और रक्तवाहिका की दवाएँ" })).toHaveCount(1);
    await expect(filter.locator("option", { hasText: "Cardiovascular medicines" })).toHaveCount(0);
    await filter.selectOption({ label: "हृदय और रक्तवाहिका की दवाएँ" });
    await expect(page).toHaveURL(/category=Cardiovascular/);
  });
});
