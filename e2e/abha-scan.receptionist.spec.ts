import { test, expect } from "./fixtures";
import { appPayload, cardPayload } from "./abha-support";

/** Issue 33 items 1 and 2: a 2D scanner types an ABHA code into the focused box and presses Enter. */

test.describe.configure({ mode: "serial", timeout: 120_000 });

const indiaYear = () => Number(new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric" }).format(new Date()));

test("scanner: an ABHA card fills registration, the card then finds the patient; an app code registers a new one; hostile codes fill nothing", async ({ page }) => {
  const card = cardPayload();
  await page.goto("/patients/new");
  await page.getByRole("button", { name: "Scan ABHA card" }).click();
  const box = page.getByLabel("Scanned code");
  await expect(box).toBeFocused();
  await page.keyboard.type(card.text);
  // How fast the form fills is measured by the bench (`npm run bench abha`), not asserted here.
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("First name")).toHaveValue("Kiran");
  await expect(page.getByLabel("Middle name")).toHaveValue("Mandyam");
  await expect(page.getByLabel("Last name")).toHaveValue(card.last);
  await expect(page.getByLabel("Gender")).toHaveValue("M");
  await expect(page.getByLabel("Date of birth")).toHaveValue("07/09/1978");
  await expect(page.getByLabel("ABHA address")).toHaveValue(card.address);
  await expect(page.getByLabel("ABHA number")).toHaveValue(card.number);
  await expect(page.getByLabel("City / town")).toHaveValue("Bengaluru");
  await expect(page.getByLabel("State")).toHaveValue("Karnataka");
  await expect(page.getByTestId("abha-prefilled")).toHaveText("Filled in from the ABHA code: check each field with the patient before registering.");

  await page.getByRole("button", { name: "Register patient" }).click();
  await expect(page).toHaveURL(/\/patients\/[^/]+$/);
  await expect(page.getByText(card.number)).toBeVisible();
  const patientUrl = page.url();

  // On the patient search: a hostile code is refused with a reason and fills nothing.
  await page.goto("/patients");
  await page.getByRole("button", { name: "Scan ABHA card" }).click();
  await page.keyboard.type(`{"hidn":"${card.number}","name":"<img src=x onerror=alert(1)>"}`);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("abha-scan-problem")).toHaveText("This code holds characters or markup no ABHA code has. Nothing was filled in.");
  await expect(page.getByTestId("abha-scan-result")).toHaveCount(0);
  await page.getByLabel("Scanned code").fill(`{"hidn":"${card.number}","name":"Asha","address":"${"x".repeat(5000)}"}`);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("abha-scan-problem")).toHaveText("This code is far longer than an ABHA code (more than 4 KB). Nothing was filled in.");
  await page.keyboard.type("not an abha code");
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("abha-scan-problem")).toHaveText("This is not an ABHA QR code (or it was scanned only in part). Scan it again.");

  // The same card again: the patient is found by the ABHA number first, and opened without changing anything.
  await page.keyboard.type(card.text);
  await page.keyboard.press("Enter");
  const result = page.getByTestId("abha-scan-result");
  await expect(result.getByText("same ABHA")).toBeVisible();
  await result.getByRole("link", { name: `Open Mr. Kiran Mandyam ${card.last}` }).click();
  await expect(page).toHaveURL(patientUrl);

  // The ABHA app's code: nobody has it, so "Register as a new patient" fills the form from the year of birth.
  const app = appPayload();
  await page.goto("/patients");
  await page.getByRole("button", { name: "Scan ABHA card" }).click();
  await page.keyboard.type(app.text);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("abha-scan-result").getByText("No patient here has this ABHA number or address.")).toBeVisible();
  await page.getByRole("button", { name: "Register as a new patient" }).click();
  await expect(page).toHaveURL(/\/patients\/new/);
  await expect(page.getByLabel("First name")).toHaveValue("Meera");
  await expect(page.getByLabel("Last name")).toHaveValue(app.last.charAt(0).toUpperCase() + app.last.slice(1).toLowerCase());
  await expect(page.getByLabel("Years")).toHaveValue(String(indiaYear() - 1990));
  await expect(page.getByLabel("ABHA address")).toHaveValue(app.address);
  await expect(page.getByLabel("ABHA number")).toHaveValue("");
  await expect(page.getByLabel("Mobile", { exact: true })).toHaveValue("");

  // Field-level errors for a mistyped ABHA number and an address outside ABDM.
  await page.getByLabel("ABHA number").fill("12-3456");
  await page.getByLabel("ABHA address").fill("meera@gmail");
  await page.getByLabel("ABHA number").focus();
  await expect(page.getByText("An ABHA address ends in @abdm (or @sbx in the ABDM sandbox).")).toBeVisible();
  await page.getByLabel("ABHA address").focus();
  await expect(page.getByText("An ABHA number has 14 digits, for example 91-2345-6789-0123 (hyphens and spaces are optional).")).toBeVisible();
});

test("in Hindi: the scanner's ABHA app code finds no one, and registration opens filled in with the Hindi notice (hi)", async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: "locale", value: "hi", url: baseURL! }]);
  const app = appPayload();
  await page.goto("/patients");
  await page.getByRole("button", { name: "ABHA कार्ड स्कैन करें" }).click();
  await expect(page.getByLabel("स्कैन किया गया कोड")).toBeFocused();
  await page.keyboard.type(app.text);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("abha-scan-result").getByText("यहाँ किसी मरीज़ का यह ABHA नंबर या पता नहीं है।")).toBeVisible();
  await page.getByRole("button", { name: "नए मरीज़ के रूप में पंजीकरण करें" }).click();
  await expect(page).toHaveURL(/\/patients\/new/);
  await expect(page.getByTestId("abha-prefilled")).toHaveText("ABHA कोड से भरा गया: पंजीकरण से पहले हर फ़ील्ड मरीज़ के साथ जाँच लें।");
  await expect(page.locator('input[name="abha"]')).toHaveValue(app.address);
});
