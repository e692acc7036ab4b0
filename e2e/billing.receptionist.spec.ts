import { mkdirSync } from "node:fs";
import { request as playwrightRequest, type Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { registerPatient } from "./slots-support";
import { screenshots, VISUAL_DIR } from "./visual-review";

/**
 * The counter's money at the front desk, English and Hindi: a walk-in (the desk's own visit, priced
 * from the clinic's price list) is due ₹500 on its queue row; the receptionist collects it by UPI
 * QR, prints the receipt (looked at as a PDF), a reprint says DUPLICATE, and part of it is refunded
 * as a credit note. Dr. Arjun Rao's walk-ins at Andheri West are this spec's own.
 */
const CLINIC = "cl-andheri-west";
const DOCTOR = "dr-arjun-rao";
const unique = () => Date.now().toString(36).replace(/[^a-z]/g, "") + Math.random().toString(36).replace(/[^a-z]/g, "").slice(0, 4);

test.describe.configure({ mode: "serial" });

/** The clinic's price list and UPI id, as an admin keeps them. */
test.beforeAll(async ({ baseURL }) => {
  const admin = await playwrightRequest.newContext({ baseURL, storageState: "e2e/.auth/admin.json" });
  const res = await admin.put("/api/billing/settings", {
    headers: { origin: baseURL! },
    data: { clinicId: CLINIC, legalName: "Sunrise Family Clinic", address: "Lokhandwala Road, Andheri West, Mumbai 400053", gstin: "27AAPFU0939F1ZV", upiVpa: "sunriseclinic@okbank", upiPayee: "Sunrise Family Clinic", registrationFee: "0", newCaseFee: "500", followUpFee: "300", followUpDays: 7, procedures: [] },
  });
  expect(res.status()).toBe(200);
  await admin.dispose();
});

async function pdfOf(page: Page, name: string) {
  mkdirSync(VISUAL_DIR, { recursive: true });
  await page.emulateMedia({ media: "print" });
  await page.pdf({ path: `${VISUAL_DIR}/${name}.pdf`, preferCSSPageSize: true, printBackground: true });
  await page.emulateMedia({ media: "screen" });
}

for (const lang of ["en", "hi"] as const) {
  const w =
    lang === "en"
      ? { due: "Due ₹500.00", collect: (p: string) => `Collect for ${p}`, method: "Method", upi: "UPI", qr: /UPI QR code for ₹500\.00 to sunriseclinic@okbank/, confirm: "I have seen ₹500.00 arrive on the clinic's UPI", confirmNeeded: "Confirm that the UPI money arrived.", record: "Record payment", recorded: /Receipt RC\/\d{4}-\d{2}\/\d{6} recorded for ₹500\.00\./, print: /Print receipt RC\//, printBtn: "Print", duplicate: "DUPLICATE", refund: "Refund (₹)", reason: "Reason", issue: "Issue credit note", issued: /Credit note CN\/\d{4}-\d{2}\/\d{6} issued for ₹200\.00\./, paid: "Paid", negative: "The amount cannot be negative.", amount: "Amount (₹)", upiId: "Clinic's UPI id", newCase: "New-case consultation" }
      : { due: "बकाया ₹500.00", collect: (p: string) => `${p} से भुगतान लें`, method: "तरीका", upi: "UPI", qr: /₹500\.00 का UPI QR कोड/, confirm: "मैंने क्लिनिक के UPI में ₹500.00 आते देखा है", confirmNeeded: "पुष्टि करें कि UPI का पैसा आ गया।", record: "भुगतान दर्ज करें", recorded: /₹500\.00 की रसीद RC\/\d{4}-\d{2}\/\d{6} दर्ज हुई।/, print: /रसीद RC\/.* प्रिंट करें/, printBtn: "प्रिंट", duplicate: "डुप्लिकेट", refund: "वापसी (₹)", reason: "कारण", issue: "क्रेडिट नोट बनाएँ", issued: /₹200\.00 का क्रेडिट नोट CN\/\d{4}-\d{2}\/\d{6} बना।/, paid: "भुगतान हो गया", negative: "राशि ऋणात्मक नहीं हो सकती।", amount: "राशि (₹)", upiId: "क्लिनिक की UPI आईडी", newCase: "नया केस परामर्श" };

  test(`a walk-in pays ₹500 by UPI QR, the receipt prints (and reprints as duplicate), and part is refunded (${lang})`, async ({ page, baseURL }) => {
    test.slow();
    if (lang === "hi") await page.context().addCookies([{ name: "locale", value: "hi", url: baseURL! }]);
    await page.addInitScript(() => {
      window.print = () => void ((window as unknown as { printed: number }).printed = ((window as unknown as { printed?: number }).printed ?? 0) + 1);
    });
    const last = `Billing${unique()}`;
    const patientId = await registerPatient(page.request, baseURL!, "Meena", last);
    const walkIn = await page.request.post("/api/queue/walk-ins", { headers: { origin: baseURL!, "idempotency-key": crypto.randomUUID() }, data: { clinicId: CLINIC, doctorId: DOCTOR, patientId } });
    expect(walkIn.status()).toBe(201);
    const appointmentId = ((await walkIn.json()) as { appointmentId: string }).appointmentId;

    // The queue row says what is due and offers to collect it.
    await page.goto(`/appointments/today?clinic=${CLINIC}&doctor=${DOCTOR}`);
    const row = page.locator(`[data-appointment="${appointmentId}"]`);
    await expect(row.locator("[data-billing]")).toHaveText(w.due);
    const name = `Mrs. Meena ${last}`;
    await row.getByRole("link", { name: w.collect(name) }).click();
    await expect(page).toHaveURL(new RegExp(`/billing/visits/${appointmentId}$`));
    await expect(page.getByTestId("due")).toContainText("₹500.00");
    // The desk's own line names are in the page's language (the platform's and the clinic's as given).
    await expect(page.getByText(w.newCase, { exact: true })).toBeVisible();

    // A negative amount is a field error in the page's language; then UPI by QR, confirmed by staff.
    const amount = page.getByLabel(w.amount);
    await amount.fill("-5");
    await page.getByRole("button", { name: w.record }).click();
    await expect(page.getByText(w.negative)).toBeVisible();
    await amount.fill("500");
    await page.getByLabel(w.method).selectOption("upi");
    const qr = page.getByRole("img", { name: w.qr });
    await expect(qr).toBeVisible();
    const intent = (await qr.getAttribute("data-upi-url"))!;
    expect(intent).toMatch(/^upi:\/\/pay\?pa=sunriseclinic@okbank&pn=Sunrise%20Family%20Clinic&am=500\.00&cu=INR&tn=[^&]+&tr=walk-in-/);
    await page.getByRole("button", { name: w.record }).click();
    await expect(page.getByText(w.confirmNeeded)).toBeVisible();
    await page.getByLabel(w.confirm).check();
    await expectAccessible(page);
    await screenshots(page, `billing-collect-upi-${lang}`);
    await page.getByRole("button", { name: w.record }).click();
    await expect(page.getByText(w.recorded)).toBeVisible();

    // The receipt: amount in figures and words (English and Hindi), printed once, then a duplicate.
    await page.getByRole("link", { name: w.print }).click();
    const receipt = page.locator("article[data-receipt]");
    await expect(receipt.getByTestId("receipt-total")).toHaveText("₹500.00");
    await expect(receipt).toContainText("Rupees Five Hundred Only");
    await expect(receipt).toContainText("पांच सौ रुपये मात्र");
    await expect(receipt).toContainText("27AAPFU0939F1ZV");
    await expect(receipt).toContainText("SAC 9993");
    await expect(receipt.getByTestId("duplicate-mark")).toHaveCount(0);
    await page.getByRole("button", { name: w.printBtn, exact: true }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { printed?: number }).printed ?? 0)).toBe(1);
    await pdfOf(page, `billing-receipt-80mm-${lang}`);
    await page.reload();
    await expect(receipt.getByTestId("duplicate-mark")).toHaveText(w.duplicate);
    await page.getByRole("combobox").first().selectOption("a5");
    await pdfOf(page, `billing-receipt-a5-duplicate-${lang}`);
    await expectAccessible(page);

    // Refund ₹200 of it: a credit note of its own; the receipt stays as it was.
    await page.getByLabel(w.refund).fill("200");
    await page.getByLabel(w.reason).fill("Dressing not needed");
    await page.getByRole("button", { name: w.issue }).click();
    await expect(page.getByText(w.issued)).toBeVisible();
    await expect(receipt.getByTestId("receipt-total")).toHaveText("₹500.00");
    await expect(receipt).toContainText("-₹200.00");
    await screenshots(page, `billing-receipt-${lang}`);

    // Back on the queue, the row reads paid.
    await page.goto(`/appointments/today?clinic=${CLINIC}&doctor=${DOCTOR}`);
    await expect(row.locator("[data-billing]")).toHaveText(w.paid);

    // The price list: the front desk reads it, only an admin changes it.
    await page.goto(`/billing?clinic=${CLINIC}`);
    await expect(page.getByLabel(w.upiId)).toHaveValue("sunriseclinic@okbank");
    await expect(page.getByLabel(w.upiId)).toHaveAttribute("readonly", "");
    await expectAccessible(page);
    await screenshots(page, `billing-price-list-${lang}`);
  });
}

test("payment requests: a double click records one receipt, bad amounts are field errors, a forged origin is refused", async ({ page, baseURL }) => {
  const patientId = await registerPatient(page.request, baseURL!, "Twice", `Pay${unique()}`);
  const walkIn = await page.request.post("/api/queue/walk-ins", { headers: { origin: baseURL!, "idempotency-key": crypto.randomUUID() }, data: { clinicId: CLINIC, doctorId: DOCTOR, patientId } });
  const appointmentId = ((await walkIn.json()) as { appointmentId: string }).appointmentId;
  const path = `/api/billing/visits/${appointmentId}/payments`;
  const key = crypto.randomUUID();
  const body = { payments: [{ method: "cash", amount: "300", tendered: "500" }] };
  const [a, b] = await Promise.all([1, 2].map(() => page.request.post(path, { headers: { origin: baseURL!, "idempotency-key": key }, data: body })));
  expect([a!.status(), b!.status()].sort()).toEqual([200, 201]);
  const [ja, jb] = [await a!.json(), await b!.json()];
  expect(ja.receiptLabel).toBe(jb.receiptLabel);
  expect(ja).toMatchObject({ amountPaise: 30000, changePaise: 20000, duePaise: 20000 });
  const bad = await page.request.post(path, { headers: { origin: baseURL!, "idempotency-key": crypto.randomUUID() }, data: { payments: [{ method: "cash", amount: "-1" }, { method: "upi", amount: "1e3" }, { method: "bitcoin", amount: "1" }] } });
  expect(bad.status()).toBe(400);
  expect(bad.headers()["content-type"]).toContain("application/problem+json");
  expect(Object.keys((await bad.json()).errors)).toContain("payments.2.method");
  const amounts = await page.request.post(path, { headers: { origin: baseURL!, "idempotency-key": crypto.randomUUID() }, data: { payments: [{ method: "cash", amount: "-1" }, { method: "upi", amount: "1e3" }] } });
  expect((await amounts.json()).errors).toEqual({ "payments.0.amount": "The amount cannot be negative.", "payments.1.amount": "Enter the amount in figures, e.g. 500 or 250.50." });
  const over = await page.request.post(path, { headers: { origin: baseURL!, "idempotency-key": crypto.randomUUID() }, data: { payments: [{ method: "card", amount: "200.01" }] } });
  expect((await over.json()).errors).toEqual({ "payments.0.amount": "The payment is more than the ₹200.00 due." });
  const noKey = await page.request.post(path, { headers: { origin: baseURL! }, data: body });
  expect(noKey.status()).toBe(400);
  const forged = await page.request.post(path, { headers: { origin: "https://evil.example", "idempotency-key": crypto.randomUUID() }, data: body });
  expect(forged.status()).toBe(403);
  const nul = await page.request.post(path, { headers: { origin: baseURL!, "idempotency-key": crypto.randomUUID() }, data: { payments: [{ method: "cash", amount: "1\u0000" }] } });
  expect(nul.status()).toBe(400);
  const huge = await page.request.post(path, { headers: { origin: baseURL!, "idempotency-key": crypto.randomUUID() }, data: { payments: [{ method: "cash", amount: "1", reference: "x".repeat(20_000) }] } });
  expect(huge.status()).toBe(413);
  const missing = await page.request.get("/api/billing/receipts/not-a-receipt");
  expect(missing.status()).toBe(404);
});

test("the cashier closes the day with a difference and a note; the closed day takes no more money", async ({ page, baseURL }) => {
  await page.goto(`/billing?clinic=${CLINIC}`);
  const card = page.getByTestId("day-close");
  await expect(card.getByText("Cash expected in the drawer")).toBeVisible();
  await card.getByLabel("₹100 × count").fill("1");
  await card.getByLabel("₹10 × count").fill("x");
  await card.getByRole("button", { name: "Close the day" }).click();
  await expect(card.getByText("Count the notes or coins: a whole number, 0 or more.")).toBeVisible();
  await card.getByLabel("₹10 × count").fill("");
  await card.getByRole("button", { name: "Close the day" }).click();
  await expect(card.getByText("The counted cash differs from what is expected: say why in a note.")).toBeVisible();
  await card.getByLabel("Note (needed when there is a difference)").fill("Change given from the drawer");
  await expectAccessible(page);
  await card.getByRole("button", { name: "Close the day" }).click();
  await expect(card.getByText(/Day closed by Priya Sharma at \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}\. It is read-only now\./)).toBeVisible();
  await screenshots(page, "billing-day-closed-en");

  const patientId = await registerPatient(page.request, baseURL!, "After", `Close${unique()}`);
  const walkIn = await page.request.post("/api/queue/walk-ins", { headers: { origin: baseURL!, "idempotency-key": crypto.randomUUID() }, data: { clinicId: CLINIC, doctorId: DOCTOR, patientId } });
  const appointmentId = ((await walkIn.json()) as { appointmentId: string }).appointmentId;
  const late = await page.request.post(`/api/billing/visits/${appointmentId}/payments`, { headers: { origin: baseURL!, "idempotency-key": crypto.randomUUID() }, data: { payments: [{ method: "cash", amount: "100" }] } });
  expect(late.status()).toBe(409);
  expect((await late.json()).code).toBe("day_closed");
  const twice = await page.request.post("/api/billing/day-close", { headers: { origin: baseURL! }, data: { clinicId: CLINIC, denominations: { "100": 1 }, note: "again" } });
  expect(twice.status()).toBe(409);
});
