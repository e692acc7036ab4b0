import type { Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { expect, expectAccessible, resetSandboxFaults, setSandboxFaults, test } from "./fixtures";
import { dropFiles, fakeFileBytes, MB, newPatient, ownPdf, PDF, sandboxCopiesOf, sandboxDocument, uploadFiles, uploadRow as row } from "./upload-support";

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

type DocumentMessages = { documents: { cancel: string; retry: string; skip: string; listEmpty: string; storedAfterCancel: string; status: { cancelled: string; stored: string } } };
const catalogue = (code: string) => (JSON.parse(readFileSync(`lib/i18n/messages/documents/${code}.json`, "utf8")) as DocumentMessages).documents;
/** The cancel journeys run in both of the desk's languages, reading the words from its own catalogues. */
const CANCEL_LANGUAGES = [
  { code: "en", uploadOne: "Upload 1 file", t: catalogue("en") },
  { code: "hi", uploadOne: "1 फ़ाइल अपलोड करें", t: catalogue("hi") },
];
const fill = (message: string, values: Record<string, string>) => message.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? "");
const JPEG = [0xff, 0xd8, 0xff, 0xe0];

test.describe("document upload as the demo receptionist", () => {
  test.afterEach(async () => resetSandboxFaults());

  test("without a patient the page asks for one with the patient picker", async ({ page }) => {
    await page.goto("/documents");
    await expect(page.getByText("Choose a patient to upload documents for.")).toBeVisible();
    await expect(page.getByLabel("Patient", { exact: true })).toBeVisible();
    await expect(page.getByTestId("dropzone")).toHaveCount(0);
    await expectAccessible(page);
  });

  test("drops three documents on a patient, sees progress and ids; an oversized one never leaves the browser", async ({ page }) => {
    // A journey: registers its patient, sends 4 MB through the desk and checks the page with axe twice.
    test.slow();
    const patient = await newPatient(page);
    await page.goto(`/documents?patient=${patient}`);
    await expect(page.getByRole("heading", { name: "Upload documents" })).toBeVisible();
    await expect(page.getByText("No documents for this patient yet.")).toBeVisible();

    const uploads: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().includes("/api/documents")) uploads.push(new URL(r.url()).searchParams.get("name") ?? "");
    });

    await page.getByLabel("Document type").selectOption("lr");
    await page.getByLabel("Mask personal details").check();
    await dropFiles(page, [
      { name: "cbc-report.pdf", size: 3 * MB + 17, head: PDF, type: "application/pdf" },
      { name: "xray.png", size: 800 * 1024, head: PNG, type: "image/png" },
      { name: "prescription.jpg", size: 120 * 1024, head: JPEG, type: "image/jpeg" },
      { name: "mri-scan.pdf", size: 11 * MB, head: PDF, type: "application/pdf" },
      { name: "renamed-photo.pdf", size: 50 * 1024, head: PNG, type: "application/pdf" },
    ]);

    await expect(row(page, "mri-scan.pdf")).toHaveAttribute("data-status", "refused");
    await expect(row(page, "mri-scan.pdf")).toContainText("The file is 11 MB; at most 10 MB can be uploaded.");
    await expect(row(page, "renamed-photo.pdf")).toContainText("The name says PDF, but the contents are PNG.");
    // Each file keeps the batch's type unless changed on its own row: the photo is a prescription.
    await expect(row(page, "prescription.jpg")).toHaveAttribute("data-status", "ready");
    await expect(page.getByLabel("Type of cbc-report.pdf")).toHaveValue("lr");
    await page.getByLabel("Type of prescription.jpg").selectOption("ps");
    expect(uploads).toEqual([]);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Upload 3 files" }).click();

    for (const name of ["cbc-report.pdf", "xray.png", "prescription.jpg"]) {
      await expect(row(page, name)).toHaveAttribute("data-status", "done", { timeout: 20_000 });
      await expect(row(page, name).getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
      await expect(row(page, name).getByTestId("upload-progress")).toContainText("(100%)");
      await expect(row(page, name).getByTestId("document-id")).toContainText(/doc_[0-9a-f]+/);
    }
    expect(uploads.sort()).toEqual(["cbc-report.pdf", "prescription.jpg", "xray.png"]);

    const id = (await row(page, "cbc-report.pdf").getByTestId("document-id").textContent())!.match(/doc_[0-9a-f]+/)![0];
    expect(await sandboxDocument(id)).toMatchObject({ size: 3 * MB + 17, mime: "application/pdf", dt: "lr", tasks: ["smart", "pii"] });
    const rxId = (await row(page, "prescription.jpg").getByTestId("document-id").textContent())!.match(/doc_[0-9a-f]+/)![0];
    expect(await sandboxDocument(rxId)).toMatchObject({ mime: "image/jpeg", dt: "ps" });

    const list = page.getByTestId("document-list");
    await expect(list.getByRole("listitem")).toHaveCount(3);
    await expect(list).toContainText(id);
    await expect(list).toContainText("by Priya Sharma");

    await expectAccessible(page);
  });

  test("in Hindi the upload button counts with plural rules: one file, then two files", async ({ page, baseURL }) => {
    const patient = await newPatient(page);
    await page.context().addCookies([{ name: "locale", value: "hi", url: baseURL! }]);
    await page.goto(`/documents?patient=${patient}`);
    await dropFiles(page, [{ name: "report.pdf", size: 20 * 1024, head: PDF, type: "application/pdf" }]);
    await expect(page.getByRole("button", { name: "1 फ़ाइल अपलोड करें" })).toBeVisible();
    await dropFiles(page, [{ name: "second.pdf", size: 20 * 1024, head: PDF, type: "application/pdf" }]);
    await expect(page.getByRole("button", { name: "2 फ़ाइलें अपलोड करें" })).toBeVisible();
  });

  test("a platform failure is shown per file and the file can be retried without choosing it again", async ({ page }) => {
    await page.goto(`/documents?patient=${await newPatient(page)}`);
    await setSandboxFaults(page, { pathPrefix: "/mr/", errorRate: 1 });
    await uploadFiles(page, [{ name: "discharge.pdf", size: 200 * 1024, head: PDF, type: "application/pdf" }], "Upload 1 file");
    await expect(row(page, "discharge.pdf")).toHaveAttribute("data-status", "failed");
    await expect(row(page, "discharge.pdf")).toContainText("The clinical platform is not answering right now.");
    await expect(page.getByText("No documents for this patient yet.")).toBeVisible();
    await expectAccessible(page);

    await resetSandboxFaults();
    await page.getByRole("button", { name: "Retry discharge.pdf" }).click();
    await expect(row(page, "discharge.pdf")).toHaveAttribute("data-status", "done");
    await expect(page.getByTestId("document-list").getByRole("listitem")).toHaveCount(1);
  });

  for (const lang of CANCEL_LANGUAGES) {
    test(`[${lang.code}] progress shows while a file goes up slowly; cancelling it part-way says nothing was stored, and nothing is`, async ({ page, baseURL }) => {
      const patient = await newPatient(page);
      await page.context().addCookies([{ name: "locale", value: lang.code, url: baseURL! }]);
      await page.goto(`/documents?patient=${patient}`);
      // 8 MB over a 256 KB/s link, cancelled at the first progress: some 30 s of the file are still in the browser, so its last bytes cannot have reached the desk.
      const slowFile = ownPdf("slow-report.pdf", 8 * MB);
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
      await uploadFiles(page, [slowFile], lang.uploadOne);
      const slow = row(page, "slow-report.pdf");
      await expect(slow).toHaveAttribute("data-status", "uploading");
      await expect.poll(async () => Number(await slow.getByRole("progressbar").getAttribute("aria-valuenow")), { timeout: 10_000 }).toBeGreaterThan(0);
      if (lang.code === "en") await expect(slow.getByTestId("upload-progress")).toContainText(/of 8 MB \(\d+%\)/);
      await page.getByRole("button", { name: fill(lang.t.cancel, { name: "slow-report.pdf" }) }).focus();
      await page.keyboard.press("Enter");
      await expect(slow).toHaveAttribute("data-status", "cancelled");
      await expect(slow.getByTestId("upload-status")).toHaveText(lang.t.status.cancelled);
      await expect(page.getByRole("button", { name: fill(lang.t.retry, { name: "slow-report.pdf" }) })).toBeVisible();
      await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      // The desk's record said "nothing": the platform never got the whole file, and the desk will never send it on.
      expect(await sandboxCopiesOf(fakeFileBytes(slowFile))).toBe(0);
      await page.reload();
      await expect(page.getByText(lang.t.listEmpty)).toBeVisible();
    });

    test(`[${lang.code}] a cancel after the last byte reached the desk says 'already stored', lists the file, and sending it again asks first`, async ({ page, baseURL }) => {
      const patient = await newPatient(page);
      await page.context().addCookies([{ name: "locale", value: lang.code, url: baseURL! }]);
      await page.goto(`/documents?patient=${patient}`);
      // This page's uploads only: the platform takes 4 s to answer once it has the file, and the cancel comes in those 4 s.
      await setSandboxFaults(page, { pathPrefix: "/mr/", latencyMs: 4_000 });
      const file = ownPdf("late-cancel.pdf", 48 * 1024);
      await uploadFiles(page, [file], lang.uploadOne);
      const late = row(page, file.name);
      await expect(late.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
      await expect(late).toHaveAttribute("data-status", "uploading");
      await late.getByRole("button", { name: fill(lang.t.cancel, { name: file.name }) }).click();
      await expect(late).toHaveAttribute("data-status", "stored", { timeout: 15_000 });
      await expect(late.getByTestId("upload-status")).toHaveText(lang.t.status.stored);
      await expect(late.getByTestId("stored-after-cancel")).toHaveText(lang.t.storedAfterCancel);
      const id = (await late.getByTestId("document-id").textContent())!.match(/doc_[0-9a-f]+/)![0];
      await expect(page.getByTestId("document-list").getByRole("listitem")).toHaveCount(1);
      await expect(page.getByTestId("document-list")).toContainText(id);
      await expect(page.getByRole("button", { name: fill(lang.t.retry, { name: file.name }) })).toHaveCount(0);
      expect(await sandboxCopiesOf(fakeFileBytes(file))).toBe(1);
      await expectAccessible(page);

      // The same file once more: "may already be filed" first; skipping it keeps one copy.
      await resetSandboxFaults();
      await uploadFiles(page, [file], lang.uploadOne);
      const again = row(page, file.name).first();
      await expect(again).toHaveAttribute("data-status", "maybeFiled");
      await again.getByRole("button", { name: lang.t.skip, exact: true }).click();
      await expect(again).toHaveAttribute("data-status", "skipped");
      expect(await sandboxCopiesOf(fakeFileBytes(file))).toBe(1);
      await page.reload();
      await expect(page.getByTestId("document-list").getByRole("listitem")).toHaveCount(1);
    });
  }

  test("an empty file is refused in plain words, not as '1 kB'", async ({ page }) => {
    await page.goto(`/documents?patient=${await newPatient(page)}`);
    await dropFiles(page, [{ name: "blank-scan.pdf", size: 0, head: [], type: "application/pdf" }]);
    const blank = row(page, "blank-scan.pdf");
    await expect(blank).toHaveAttribute("data-status", "refused");
    await expect(blank).toContainText("This file is empty (0 bytes)");
    await expect(blank).not.toContainText("1 kB");
    await expect(page.getByRole("button", { name: /^Upload/ })).toHaveCount(0);
  });

  test("an uploaded image can be previewed and a PDF downloaded, byte for byte, from the desk's copy", async ({ page }) => {
    await page.goto(`/documents?patient=${await newPatient(page)}`);
    const png = [...Buffer.from(TINY_PNG, "base64")];
    const pdfBytes = [...Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n")];
    await uploadFiles(
      page,
      [
        { name: "wound-photo.png", size: png.length, head: png, type: "image/png" },
        { name: "lab-report.pdf", size: pdfBytes.length, head: pdfBytes, type: "application/pdf" },
      ],
      "Upload 2 files",
    );
    const list = page.getByTestId("document-list");
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await list.getByRole("button", { name: /^Preview\s*: wound-photo\.png$/ }).click();
    const preview = page.getByRole("dialog", { name: /wound-photo\.png/ });
    const image = preview.getByRole("img", { name: "The uploaded document wound-photo.png" });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await expectAccessible(page);
    await preview.getByRole("button", { name: "Close the preview" }).click();
    await expect(preview).toBeHidden();

    const downloading = page.waitForEvent("download");
    await list.getByRole("link", { name: /^Download\s*: lab-report\.pdf$/ }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("lab-report.pdf");
    expect([...readFileSync((await download.path())!)]).toEqual(pdfBytes);

    const pdfLink = list.getByRole("link", { name: /^Preview\s*: lab-report\.pdf/ });
    const res = await page.request.get((await pdfLink.getAttribute("href"))!);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("application/pdf");
    expect(res.headers()["content-disposition"]).toMatch(/^inline; filename="lab-report\.pdf"/);
    // Another role's session, or a made-up id, gets nothing.
    expect((await page.request.get("/api/documents/00000000-0000-4000-8000-000000000000/file")).status()).toBe(404);
    expect((await page.request.get("/api/documents/not-a-uuid/file")).status()).toBe(404);
  });
});

/** A valid 16×16 PNG, so the browser really decodes the preview. */
const TINY_PNG = "iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAPklEQVR4nO3LIRaAIBQAQY5DJm82m8lkM5lsNpvJZvIey3vw/vRJZiwIHnhixYYXdhx444MvTvxwkSJE2Df8axR3EEz1PloAAAAASUVORK5CYII=";

test.describe("what an upload claims is checked against what it is", () => {
  const origin = () => new URL(test.info().project.use.baseURL!).origin;
  /** A PDF whose bytes are also an HTML page. */
  const POLYGLOT = Buffer.from("%PDF-1.7\n<html><script>alert(document.cookie)</script></html>\n%%EOF\n");
  const upload = (page: Page, patient: string, name: string) =>
    page.request.post(`/api/documents?patient=${encodeURIComponent(patient)}&dt=o&name=${encodeURIComponent(name)}`, { headers: { origin: origin(), "content-type": "application/pdf" }, data: POLYGLOT });

  test("a PDF/HTML polyglot named .html is stored and sent on as .pdf", async ({ page }) => {
    const patient = await newPatient(page);
    const res = await upload(page, patient, "report.html");
    expect(res.status()).toBe(201);
    const doc = (await res.json()) as { id: string; documentId: string; fileName: string; mime: string };
    expect(doc).toMatchObject({ fileName: "report.html.pdf", mime: "application/pdf" });
    const listed = (await (await page.request.get(`/api/documents?patient=${patient}`)).json()) as { documents: { fileName: string }[] };
    expect(listed.documents.map((d) => d.fileName)).toEqual(["report.html.pdf"]);
    expect((await sandboxDocument(doc.documentId)).fileName).toBe("report.html.pdf");
  });

  test("a name with a right-to-left override is refused, naming the field", async ({ page }) => {
    const res = await upload(page, await newPatient(page), "invoice\u202efdp.exe");
    expect(res.status()).toBe(400);
    expect((await res.json()).errors).toHaveProperty("name");
  });

  test("an upload for a patient the desk does not know answers 404, and nothing reaches the platform", async ({ page }) => {
    // Copies of this file only: what the other worker uploads meanwhile is not counted.
    const before = await sandboxCopiesOf(Buffer.from(POLYGLOT));
    const res = await upload(page, `pat-nobody-${Date.now().toString(36)}`, "report.pdf");
    expect(res.status()).toBe(404);
    expect(res.headers()["content-type"]).toContain("application/problem+json");
    expect(await sandboxCopiesOf(Buffer.from(POLYGLOT))).toBe(before);
  });
});
