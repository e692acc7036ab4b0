import { mkdirSync, readFileSync } from "node:fs";
import { request as playwrightRequest, type Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { layoutShift, watchLayoutShift } from "./layout-shift";
import { registerPatient } from "./slots-support";
import { screenshots, VISUAL_DIR } from "./visual-review";

/** ₹1,23,456.00 as the desk prints it (Indian grouping, two decimals, a minus before the ₹). */
function formatInr(paise: number) {
  const abs = Math.abs(paise);
  const rupees = String(Math.floor(abs / 100)).replace(/(\d)(?=(\d\d)+\d$)/g, "$1,");
  return `${paise < 0 ? "-" : ""}₹${rupees}.${String(abs % 100).padStart(2, "0")}`;
}

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

/** The walk-ins this run collected ₹500 from by UPI and refunded ₹200 to, by page language: the dashboard and its CSV must show them. */
const collected: { lang: "en" | "hi"; patient: string }[] = [];

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
    collected.push({ lang, patient: name });
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

// Before the day is closed (next test): an open day is the card's usual state and its tallest.
for (const lang of ["en", "hi"] as const) {
  test(`Billing does not jump when the day's figures and the price list arrive, on a phone and a desktop (${lang})`, async ({ page, baseURL }) => {
    if (lang === "hi") await page.context().addCookies([{ name: "locale", value: "hi", url: baseURL! }]);
    // The clinic directory is filled as the desk's first page fills it: Billing then shows the clinic's day and price list.
    expect((await page.request.get(`/appointments/today?clinic=${CLINIC}`)).status()).toBe(200);
    // The figures arrive well after the first paint, as on a slow link.
    await page.route("**/api/billing/**", async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await watchLayoutShift(page);
    const heading = lang === "en" ? "Cash expected in the drawer" : "दराज़ में अपेक्षित नकद";
    const priceList = lang === "en" ? "Clinic's UPI id" : "क्लिनिक की UPI आईडी";
    for (const width of [412, 1350]) {
      await page.setViewportSize({ width, height: width < 800 ? 915 : 900 });
      await page.goto(`/billing?clinic=${CLINIC}`);
      const card = page.getByTestId("day-close");
      await expect(card.getByText(heading)).toBeVisible();
      await expect(card).not.toHaveAttribute("aria-busy");
      await expect(card.getByText(/^₹[\d,]+\.\d{2}$/).first()).toBeVisible();
      await expect(page.getByLabel(priceList)).toHaveValue("sunriseclinic@okbank");
      await page.evaluate(() => document.fonts.ready);
      const shift = await layoutShift(page);
      expect(shift.total, `layout shift at ${width} px: ${shift.sources.join("; ")}`).toBeLessThanOrEqual(0.05);
    }
  });
}

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

/** Reads the export the way a spreadsheet would (these rows hold no quotes or commas of their own). */
function csvRows(text: string) {
  expect(text.startsWith("\uFEFF")).toBe(true);
  expect(text.endsWith("\r\n")).toBe(true);
  const [header, ...rows] = text.slice(1).trimEnd().split("\r\n").map((r) => r.split(","));
  expect(header).toEqual(["Type", "Document no.", "Against receipt", "Date", "Patient", "UHID", "Doctor", "Service", "Method", "Amount (INR)", "Reference", "Clinic GSTIN", "SAC"]);
  return rows.map((r) => ({ type: r[0]!, number: r[1]!, against: r[2]!, date: r[3]!, patient: r[4]!, doctor: r[6]!, service: r[7]!, method: r[8]!, amount: r[9]!, gstin: r[11]!, sac: r[12]! }));
}
const paiseOfCsv = (amount: string) => Math.round(Number(amount) * 100);
const todayDdMmYyyy = () => new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Kolkata", day: "2-digit", month: "2-digit", year: "numeric" }).format(new Date());

for (const lang of ["en", "hi"] as const) {
  const w =
    lang === "en"
      ? { title: "Owner's dashboard", collections: "Money collected per day, net of credit notes", byMethod: "Collections by method", upi: "UPI", download: "Download CSV for the accountant", today: "Today" }
      : { title: "मालिक का डैशबोर्ड", collections: "प्रतिदिन वसूला गया पैसा, क्रेडिट नोट घटाकर", byMethod: "तरीके के अनुसार वसूली", upi: "UPI", download: "अकाउंटेंट के लिए CSV डाउनलोड करें", today: "आज" };

  test(`the owner sees the day's collection on the dashboard and downloads it as CSV for the accountant (${lang})`, async ({ browser, baseURL }) => {
    test.slow();
    const admin = await browser.newContext({ storageState: "e2e/.auth/admin.json", baseURL, acceptDownloads: true });
    if (lang === "hi") await admin.addCookies([{ name: "locale", value: "hi", url: baseURL! }]);
    const page = await admin.newPage();
    await page.goto(`/billing?clinic=${CLINIC}`);
    await page.getByRole("link", { name: w.title }).click();
    await expect(page).toHaveURL(/\/billing\/dashboard\?clinic=cl-andheri-west$/);
    await expect(page.getByRole("heading", { level: 1, name: w.title })).toBeVisible();
    await expect(page.getByRole("combobox").filter({ has: page.getByRole("option", { name: w.today }) })).toHaveValue("today");

    // The accountant's file for today: this run's ₹500 UPI receipts, each with its ₹200 credit note as a negative line.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: w.download }).click()]);
    expect(download.suggestedFilename()).toMatch(/^collections-cl-andheri-west-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = csvRows(readFileSync((await download.path())!, "utf8"));
    const today = todayDdMmYyyy();
    expect(rows.every((r) => r.date === today && r.gstin === "27AAPFU0939F1ZV" && r.sac === "9993")).toBe(true);
    expect(collected.map((c) => c.lang).sort()).toEqual(["en", "hi"]);
    for (const { patient } of collected) {
      const mine = rows.filter((r) => r.patient === patient);
      const receipt = mine.find((r) => r.type === "Receipt")!;
      expect(receipt).toMatchObject({ method: "UPI", amount: "500.00", doctor: "Dr. Arjun Rao", service: "New-case consultation", against: "" });
      expect(receipt.number).toMatch(/^RC\/\d{4}-\d{2}\/\d{6}$/);
      expect(mine.find((r) => r.type === "Credit note")).toMatchObject({ method: "UPI", amount: "-200.00", against: receipt.number });
      expect(mine.find((r) => r.type === "Credit note")!.number).toMatch(/^CN\/\d{4}-\d{2}\/\d{6}$/);
    }

    // The chart's table has the same day's net collection, and the UPI line of the method table matches the file's UPI lines.
    const net = rows.reduce((s, r) => s + paiseOfCsv(r.amount), 0);
    const upi = rows.filter((r) => r.method === "UPI").reduce((s, r) => s + paiseOfCsv(r.amount), 0);
    const day = page.getByRole("table", { name: w.collections }).getByRole("row").filter({ has: page.getByRole("rowheader", { name: today, exact: true }) });
    await expect(day.getByRole("cell")).toHaveText([new RegExp(`^${formatInr(net)}$`)]);
    const upiRow = page.getByRole("table", { name: w.byMethod }).getByRole("row").filter({ has: page.getByRole("rowheader", { name: w.upi, exact: true }) });
    await expect(upiRow.getByRole("cell")).toHaveText([formatInr(upi)]);
    await expectAccessible(page);
    await screenshots(page, `billing-dashboard-today-${lang}`);

    // This financial year reaches back to 1 April; a custom period refuses an impossible day at its field.
    await page.getByLabel(lang === "en" ? "Period" : "अवधि").selectOption("fy");
    await expect(page).toHaveURL(/range=fy/);
    await expect(page.getByTestId("dashboard")).toHaveAttribute("data-from", /^\d{4}-04-01$/);
    await page.getByLabel(lang === "en" ? "Period" : "अवधि").selectOption("custom");
    await page.getByLabel(lang === "en" ? "From (DD/MM/YYYY)" : "से (DD/MM/YYYY)").fill("31/02/2026");
    await page.getByLabel(lang === "en" ? "To (DD/MM/YYYY)" : "तक (DD/MM/YYYY)").fill("01/03/2026");
    await page.getByRole("button", { name: lang === "en" ? "Show" : "दिखाएँ" }).click();
    await expect(page.getByText(lang === "en" ? "Type the day as DD/MM/YYYY." : "तारीख DD/MM/YYYY में लिखें।")).toBeVisible();
    await expect(page.getByLabel(lang === "en" ? "From (DD/MM/YYYY)" : "से (DD/MM/YYYY)")).toBeFocused();
    await admin.close();
  });
}

test("the dashboard and its CSV are the admin's alone; a bad period is a field error, never a 500", async ({ page, baseURL }) => {
  expect((await page.request.get(`/api/billing/dashboard?clinicId=${CLINIC}&range=today`)).status()).toBe(403);
  expect((await page.request.get(`/api/billing/dashboard/export?clinicId=${CLINIC}&range=today`)).status()).toBe(403);
  const admin = await playwrightRequest.newContext({ baseURL, storageState: "e2e/.auth/admin.json" });
  const bad = await admin.get(`/api/billing/dashboard?clinicId=${CLINIC}&range=custom&from=31%2F02%2F2026&to=01%2F03%2F2026`);
  expect(bad.status()).toBe(400);
  expect(bad.headers()["content-type"]).toContain("application/problem+json");
  expect((await bad.json()).errors).toEqual({ from: "Type the day as DD/MM/YYYY." });
  expect((await admin.get(`/api/billing/dashboard?clinicId=${CLINIC}&range=year`)).status()).toBe(400);
  expect((await admin.get(`/api/billing/dashboard?clinicId=${CLINIC}&range=custom&from=01%2F01%2F2020&to=01%2F01%2F2026`)).status()).toBe(400);
  expect((await admin.get(`/api/billing/dashboard?clinicId=${CLINIC}&range=today&from=%ff`)).status()).toBe(400);
  expect((await admin.get(`/api/billing/dashboard?clinicId=${CLINIC}%00&range=today`)).status()).toBe(400);
  expect((await admin.post(`/api/billing/dashboard/export?clinicId=${CLINIC}&range=today`, { headers: { origin: baseURL! } })).status()).toBe(405);
  await admin.dispose();
});
