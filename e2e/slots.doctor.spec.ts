import { expect, expectAccessible, test } from "./fixtures";

test("a doctor opening Appointments starts on their own schedule", async ({ page }) => {
  // The demo doctor is Dr. Meera Iyer; the directory's first doctor by name is Dr. Arjun Rao.
  await page.goto("/slots");
  const doctor = page.getByLabel("Doctor", { exact: true });
  await expect(doctor).toHaveValue("dr-meera-iyer");
  await expect(doctor.locator("option:checked")).toHaveText("Dr. Meera Iyer (you)");
  await expect(page.getByLabel("Clinic", { exact: true }).locator("option")).toHaveText(["Sea View Clinic, Bandra", "Sunrise Family Clinic, Andheri West"]);
  await expect(page).toHaveURL(/doctor=dr-meera-iyer/);
  await expectAccessible(page);
});
