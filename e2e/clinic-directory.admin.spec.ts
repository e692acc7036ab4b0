import { expect, expectAccessible, test } from "./fixtures";

test("admins keep the calendar's doctors and clinics; sandbox mode pre-fills the demo practice", async ({ page }) => {
  test.slow();
  await page.goto("/settings/clinics");
  const doctors = page.getByRole("region", { name: "Doctors" });
  const clinics = page.getByRole("region", { name: "Clinics" });
  await expect(doctors.getByRole("cell", { name: "Dr. Meera Iyer", exact: true })).toBeVisible();
  await expect(clinics.getByRole("cell", { name: "cl-andheri-west", exact: true })).toBeVisible();

  const form = page.getByRole("form", { name: "Add clinic" });
  await form.getByLabel("Name").fill("Lakeview Clinic, Powai");
  await form.getByLabel("Platform id").fill("cl powai");
  await form.getByLabel("Time zone").fill("Mars/Olympus");
  await form.getByRole("button", { name: "Add clinic" }).click();
  await expect(form.getByText("Only letters, digits and . _ : - are allowed.")).toBeVisible();
  await expect(form.getByText("Not a known time zone (e.g. Asia/Kolkata).")).toBeVisible();
  await expect(form.getByLabel("Name")).toHaveValue("Lakeview Clinic, Powai");
  // Checked before any toast: the shared toaster's colours are not this page's.
  await expectAccessible(page);

  await form.getByLabel("Platform id").fill("cl-powai");
  await form.getByLabel("Time zone").fill("Asia/Kolkata");
  await form.getByRole("button", { name: "Add clinic" }).click();
  await expect(clinics.getByRole("cell", { name: "Lakeview Clinic, Powai", exact: true })).toBeVisible();

  await clinics.getByRole("button", { name: "Remove Lakeview Clinic, Powai" }).click();
  await expect(clinics.getByRole("cell", { name: "Lakeview Clinic, Powai", exact: true })).toBeHidden();
});
