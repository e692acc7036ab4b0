import type { Page, Response } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { expect, expectAccessible, resetSandboxFaults, SANDBOX_URL, setSandboxFaults, test } from "./fixtures";
import { fakeFileBytes, newPatient, ownPdf, sandboxCopiesOf, sandboxDocument, uploadFiles, uploadRow as row, type FakeFile } from "./upload-support";

/**
 * Issue 28, item 3, as the front desk lives it: the platform is slower than the desk's limit (10 s),
 * so the desk never hears what the platform did. A registration is "being confirmed" (never a
 * failure that invites a second one) and opens its one patient; the same file sent again for the
 * same patient asks first whether to upload it anyway or skip it.
 */

/** Longer than the desk waits for a platform answer (PLATFORM_TIMEOUT_MS, 10 s by default): the platform still acts. */
const PLATFORM_LATE_MS = 12_000;

test.describe.configure({ timeout: 150_000 });
test.afterEach(async () => resetSandboxFaults());

const letters = () =>
  randomUUID()
    .replace(/[^a-f]/g, "")
    .slice(0, 6)
    .padEnd(6, "q");
const randomMobile = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}`;

/** Platform profiles under this last name (the sandbox's own list, whatever the desk believes). */
async function platformProfilesNamed(last: string): Promise<number> {
  const { patients } = (await (await fetch(`${SANDBOX_URL}/__sandbox/patients`)).json()) as { patients: { ln: string | null }[] };
  return patients.filter((p) => (p.ln ?? "").toLowerCase() === last.toLowerCase()).length;
}

async function toHindi(page: Page) {
  await page.getByRole("button", { name: "हिन्दी" }).first().click();
  await expect(page.locator("html")).toHaveAttribute("lang", "hi");
}

const LABELS = {
  en: { first: "First name", last: "Last name", gender: "Gender", dob: "Date of birth", mobile: "Mobile", submit: "Register patient", submitting: "Registering…", confirming: "Being confirmed with the platform", again: "Do not register them again", registered: "is registered.", find: "Find a patient" },
  hi: { first: "पहला नाम", last: "उपनाम", gender: "लिंग", dob: "जन्म तिथि", mobile: "मोबाइल", submit: "मरीज़ पंजीकृत करें", submitting: "पंजीकरण हो रहा है…", confirming: "प्लेटफ़ॉर्म से पुष्टि की जा रही है", again: "मरीज़ को दोबारा पंजीकृत न करें", registered: "पंजीकृत हो गए।", find: "मरीज़ खोजें" },
} as const;

for (const lang of ["en", "hi"] as const) {
  test(`[${lang}] a registration the platform answers too late is 'being confirmed', then opens its one patient`, async ({ page }) => {
    const l = LABELS[lang];
    const last = `Confirm${letters()}`;
    await page.goto("/patients/new");
    if (lang === "hi") await toHindi(page);
    await page.getByLabel(l.first).fill("Asha");
    await page.getByLabel(l.last).fill(last);
    await page.getByLabel(l.gender).selectOption("F");
    await page.getByLabel(l.dob).fill("12/04/1990");
    await page.getByLabel(l.mobile, { exact: true }).fill(randomMobile());

    const answers: number[] = [];
    const onResponse = (r: Response) => {
      if (new URL(r.url()).pathname === "/api/patients" && r.request().method() === "POST") answers.push(r.status());
    };
    page.on("response", onResponse);
    // The form asks again every 5 s: its second ask is held here until what staff see meanwhile is checked.
    let release = () => {};
    const released = new Promise<void>((r) => (release = r));
    let sent = 0;
    await page.route("**/api/patients", async (route) => {
      if (route.request().method() === "POST" && ++sent > 1) await released;
      await route.continue();
    });
    // This page's create only (the rule matches its request id): the platform makes the patient 12 s later.
    await setSandboxFaults(page, { latencyMs: PLATFORM_LATE_MS, pathPrefix: "/profiles/v1/patient/" });
    const first = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/patients" && r.request().method() === "POST", { timeout: 60_000 });
    await page.getByRole("button", { name: l.submit }).click();
    expect((await first).status()).toBe(202);

    // What staff see: a calm "being confirmed" that tells them not to register again, and no way to.
    const notice = page.getByTestId("registration-confirming");
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(l.confirming);
    await expect(notice).toContainText(l.again);
    // No second registration can be started: the one button is busy, not "Register patient".
    await expect(page.getByRole("button", { name: l.submitting })).toBeDisabled();
    await expect(page.getByRole("button", { name: l.submit })).toHaveCount(0);
    await expect(page.getByTestId("problem-reference")).toHaveCount(0);
    await expectAccessible(page);
    // Meanwhile the platform did make the patient, after the desk had stopped waiting.
    await expect.poll(() => platformProfilesNamed(last), { timeout: 30_000 }).toBe(1);
    await expect(notice).toBeVisible();

    // The form asks again with the same key; the desk finds the platform's patient, and it opens.
    release();
    await expect(page.getByRole("heading", { name: `Ms. Asha ${last}` })).toBeVisible({ timeout: 60_000 });
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: l.registered })).toContainText(`Ms. Asha ${last}`);
    page.off("response", onResponse);
    expect(answers[0]).toBe(202);
    expect(answers.at(-1)).toBe(201);
    expect(answers.filter((s) => s !== 202 && s !== 201)).toEqual([]);

    // One platform profile, and the desk finds that one patient.
    expect(await platformProfilesNamed(last)).toBe(1);
    await page.goto("/patients");
    if (lang === "hi") await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await page.getByLabel(l.find).fill(last);
    await expect(page.getByRole("option")).toHaveCount(1);
  });
}

/** Sends the file while the platform answers too late: the desk says so, and the platform keeps the file. */
async function uploadWithLostAnswer(page: Page, file: FakeFile, labels: { upload: string; lost: string }) {
  await setSandboxFaults(page, { latencyMs: PLATFORM_LATE_MS, pathPrefix: "/mr/" });
  await uploadFiles(page, [file], labels.upload);
  await expect(row(page, file.name)).toHaveAttribute("data-status", "failed", { timeout: 60_000 });
  await expect(row(page, file.name)).toContainText(labels.lost);
  await resetSandboxFaults();
  // The platform acted on it after the desk stopped waiting: the situation staff cannot see.
  await expect.poll(() => sandboxCopiesOf(fakeFileBytes(file)), { timeout: 30_000 }).toBe(1);
}

test("the same file after a lost answer 'may already be filed': staff upload it anyway and it is filed", async ({ page }) => {
  const patient = await newPatient(page);
  await page.goto(`/documents?patient=${patient}`);
  await expect(page.getByText("No documents for this patient yet.")).toBeVisible();
  const file = ownPdf("discharge-summary.pdf");
  await uploadWithLostAnswer(page, file, { upload: "Upload 1 file", lost: "The platform did not answer in time, so this file may or may not have been filed." });
  await expect(page.getByText("No documents for this patient yet.")).toBeVisible();

  // Sent again: the desk asks first, and nothing reaches the platform until staff choose.
  await page.getByRole("button", { name: "Retry discharge-summary.pdf" }).click();
  const unsure = row(page, file.name);
  await expect(unsure).toHaveAttribute("data-status", "maybeFiled");
  await expect(unsure.getByTestId("maybe-filed")).toContainText("it may already be filed. Upload it anyway, or skip it?");
  await expect(unsure).toContainText("May already be filed");
  await expectAccessible(page);
  expect(await sandboxCopiesOf(fakeFileBytes(file))).toBe(1);

  // Keyboard: the choice is a button reached and pressed like any other.
  await unsure.getByRole("button", { name: "Upload anyway" }).focus();
  await page.keyboard.press("Enter");
  await expect(unsure).toHaveAttribute("data-status", "done", { timeout: 30_000 });
  const id = (await unsure.getByTestId("document-id").textContent())!.match(/doc_[0-9a-f]+/)![0];
  await sandboxDocument(id);
  expect(await sandboxCopiesOf(fakeFileBytes(file))).toBe(2);
  const list = page.getByTestId("document-list");
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText(id);
});

test("[hi] the same file dropped again after a lost answer: staff skip it and nothing more is sent", async ({ page }) => {
  const patient = await newPatient(page);
  await page.goto(`/documents?patient=${patient}`);
  await toHindi(page);
  const file = ownPdf("lab-report.pdf");
  const lost = "प्लेटफ़ॉर्म ने समय पर उत्तर नहीं दिया, इसलिए यह फ़ाइल दर्ज हुई हो भी सकती है और नहीं भी।";
  await uploadWithLostAnswer(page, file, { upload: "1 फ़ाइल अपलोड करें", lost });

  // The same bytes chosen again as a new file: the browser's hash finds the earlier attempt.
  await uploadFiles(page, [file], "1 फ़ाइल अपलोड करें");
  const unsure = page.getByTestId("upload-row").filter({ has: page.getByTestId("maybe-filed") });
  await expect(unsure).toHaveCount(1);
  await expect(unsure).toContainText("शायद पहले से दर्ज है");
  await expect(unsure.getByTestId("maybe-filed")).toContainText("फिर भी अपलोड करें, या छोड़ दें?");
  await unsure.getByRole("button", { name: "छोड़ दें" }).click();
  await expect(page.getByTestId("upload-row").filter({ hasText: "छोड़ दिया" })).toHaveCount(1);
  await expect(page.getByTestId("maybe-filed")).toHaveCount(0);
  await expectAccessible(page);
  // Nothing more went to the platform, and the desk lists nothing it was never told of.
  expect(await sandboxCopiesOf(fakeFileBytes(file))).toBe(1);
  await page.reload();
  await expect(page.getByTestId("document-list").getByRole("listitem")).toHaveCount(0);
});
