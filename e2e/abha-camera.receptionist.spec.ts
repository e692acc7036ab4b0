import path from "node:path";
import { tmpdir } from "node:os";
import { test, expect } from "./fixtures";
import { deskBrowser } from "./browser-use";
import { cardPayload, qrVideo } from "./abha-support";

/** Issue 33 item 1: the desk PC's camera reads the ABHA card (Chromium's fake camera plays a recorded QR frame). */

const card = cardPayload();
const video = qrVideo(card.text, path.join(tmpdir(), `abha-camera-${process.pid}`));
const desk = deskBrowser("").launchOptions;

test.use({
  launchOptions: { ...desk, args: [...desk.args, "--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream", `--use-file-for-fake-video-capture=${video}`] },
  permissions: ["camera"],
});

test("camera: a recorded frame of an ABHA card's QR fills the registration form", async ({ page }) => {
  await page.goto("/patients/new");
  await page.getByRole("button", { name: "Scan ABHA card" }).click();
  await page.getByRole("button", { name: "Use camera" }).click();
  await expect(page.getByLabel("First name")).toHaveValue("Kiran", { timeout: 15_000 });
  await expect(page.getByLabel("ABHA number")).toHaveValue(card.number);
  await expect(page.getByLabel("ABHA address")).toHaveValue(card.address);
  await expect(page.getByLabel("Date of birth")).toHaveValue("07/09/1978");
});

test("camera, in Hindi: the same recorded frame fills the form and the notice is in Hindi (hi)", async ({ page, baseURL }) => {
  await page.context().addCookies([{ name: "locale", value: "hi", url: baseURL! }]);
  await page.goto("/patients/new");
  await page.getByRole("button", { name: "ABHA कार्ड स्कैन करें" }).click();
  await page.getByRole("button", { name: "कैमरा इस्तेमाल करें" }).click();
  await expect(page.locator('input[name="firstName"]')).toHaveValue("Kiran", { timeout: 15_000 });
  await expect(page.locator('input[name="abhaNumber"]')).toHaveValue(card.number);
  await expect(page.getByTestId("abha-prefilled")).toHaveText("ABHA कोड से भरा गया: पंजीकरण से पहले हर फ़ील्ड मरीज़ के साथ जाँच लें।");
});
