import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { screenshots, VISUAL_DIR } from "./visual-review";

/**
 * Printed slips and the patient's status page, as a receptionist uses them: a patient registered
 * without a UHID gets the clinic's next number, a walk-in gets a token, "Print slip" on the row opens
 * the slip, each paper size prints as a one-page PDF of that size with the token, patient and UHID
 * on it (converted to PNG under test-results/ to look at), and the link in the QR opens the public
 * status page — signed out — with the token, how many are ahead and about how long, and no name.
 * Dr. Kavita Sharma at Bandra (this spec's own doctor queue): walk-ins need no slot, so the journey holds at any hour.
 */
const CLINIC = "cl-bandra";
const DOCTOR = "dr-kavita-sharma";
const PDF_DIR = `${VISUAL_DIR}/../opd-slips`;
const unique = () => Date.now().toString(36).replace(/[^a-z]/g, "") + Math.random().toString(36).replace(/[^a-z]/g, "").slice(0, 4);
/** Paper sizes in PDF points (1 mm = 72 / 25.4 pt). */
const pt = (mm: number) => (mm * 72) / 25.4;
const PAPER = { thermal: [80, 150], a5: [148, 210], card: [85.6, 54] } as const;

function pdfFacts(file: string) {
  const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
  const size = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info)!;
  return { pages: Number(/Pages:\s+(\d+)/.exec(info)![1]), width: Number(size[1]), height: Number(size[2]), text: execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }) };
}

async function printToPdf(page: Page, name: string) {
  mkdirSync(PDF_DIR, { recursive: true });
  await page.emulateMedia({ media: "print", colorScheme: "light" });
  const file = `${PDF_DIR}/${name}.pdf`;
  writeFileSync(file, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  await page.emulateMedia({ media: "screen" });
  // A picture of the printed page for a person to look at.
  execFileSync("pdftoppm", ["-png", "-r", "150", "-singlefile", file, `${PDF_DIR}/${name}`]);
  return pdfFacts(file);
}

for (const lang of ["en", "hi"] as const) {
  const w =
    lang === "en"
      ? { printSlip: "Print slip", a5: "A5 page", card: "OPD card", print: "Print", ahead: "Ahead of you", wait: /About \d+ minutes?|Very soon/, closed: "This visit is no longer in the queue", live: "Live", inRoom: "In Room 4", uhid: "UHID", thermal: "80 mm slip", banner: "not for clinical use" }
      : { printSlip: "पर्ची प्रिंट करें", a5: "A5 पन्ना", card: "ओपीडी कार्ड", print: "प्रिंट", ahead: "आपसे आगे", wait: /लगभग \d+ मिनट|बस कुछ ही देर/, closed: "यह विज़िट अब कतार में नहीं है", live: "लाइव", inRoom: "Room 4 में", uhid: "यूएचआईडी", thermal: "80 मिमी पर्ची", banner: "क्लिनिकल उपयोग के लिए नहीं" };

  test(`a walk-in's slip prints on 80 mm, A5 and an OPD card, and its QR opens the patient's status page (${lang})`, async ({ page, baseURL, browser, playwright }) => {
    test.setTimeout(120_000);
    if (lang === "hi") await page.context().addCookies([{ name: "locale", value: "hi", url: baseURL! }]);
    // The admin keeps the clinic's rooms (Settings → Rooms): Dr. Kavita Sharma sits in Room 4 at Bandra.
    const admin = await playwright.request.newContext({ baseURL, storageState: "e2e/.auth/admin.json" });
    const room = { clinicId: CLINIC, doctorId: DOCTOR, room: "Room 4" };
    expect((await admin.put("/api/settings/rooms", { headers: { origin: "https://evil.example" }, data: room })).status()).toBe(403);
    const refused = await admin.put("/api/settings/rooms", { headers: { origin: baseURL! }, data: { ...room, room: "Room\u0000 4" } });
    expect(refused.status()).toBe(400);
    expect(refused.headers()["content-type"]).toContain("application/problem+json");
    expect((await admin.put("/api/settings/rooms", { headers: { origin: baseURL! }, data: room })).status()).toBe(200);
    // The receptionist may read the rooms through the queue, not change them.
    expect((await page.request.put("/api/settings/rooms", { headers: { origin: baseURL! }, data: room })).status()).toBe(403);
    await admin.dispose();
    const lastName = `Slip${unique()}`;
    const registered = await page.request.post("/api/patients", {
      headers: { origin: baseURL!, "idempotency-key": crypto.randomUUID() },
      data: { designation: "Mrs.", firstName: "Token", lastName, gender: "F", dob: "1975-06-01", mobile: "+919812340000" },
    });
    expect(registered.status()).toBe(201);
    const patient = (await registered.json()) as { id: string; uhid: string };
    // No UHID typed: the desk gave the clinic's next number in the configured format.
    expect(patient.uhid).toMatch(/^OPD-\d{4}-\d{6}$/);
    const walkIn = await page.request.post("/api/queue/walk-ins", { headers: { origin: baseURL!, "idempotency-key": crypto.randomUUID() }, data: { clinicId: CLINIC, doctorId: DOCTOR, patientId: patient.id } });
    expect(walkIn.status()).toBe(201);
    const entry = (await walkIn.json()) as { appointmentId: string; tokenLabel: string; version: number };

    await page.goto(`/appointments/today?clinic=${CLINIC}&doctor=${DOCTOR}`);
    await expect(page.getByTestId(`counter-${DOCTOR}`).getByTestId("counter-room")).toHaveText(w.inRoom);
    const row = page.locator(`[data-appointment="${entry.appointmentId}"]`);
    const printLink = row.getByRole("link", { name: w.printSlip });
    await printLink.focus();
    const [slip] = await Promise.all([page.waitForEvent("popup"), page.keyboard.press("Enter")]);
    await expect(slip.getByTestId("slip-token")).toHaveText(entry.tokenLabel);
    await expect(slip.getByTestId("slip")).toContainText(`Mrs. Token ${lastName}`);
    await expect(slip.getByTestId("slip")).toContainText(patient.uhid);
    await expect(slip.getByTestId("slip")).toContainText("Dr. Kavita Sharma");
    await expect(slip.getByTestId("slip")).toContainText("Room 4");
    await expect(slip.getByTestId("slip")).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect(slip.getByRole("button", { name: w.print })).toBeVisible();
    await expectAccessible(slip);
    await screenshots(slip, `opd-slip-thermal-${lang}`);

    const thermal = await printToPdf(slip, `slip-thermal-${lang}`);
    expect(thermal).toMatchObject({ pages: 1 });
    expect(thermal.width).toBeCloseTo(pt(PAPER.thermal[0]), 0);
    expect(thermal.height).toBeCloseTo(pt(PAPER.thermal[1]), 0);
    // The name may wrap on 80 mm paper: read the slip's words in order, whatever the line breaks.
    const words = (text: string) => text.replace(/\s+/g, " ");
    for (const text of [entry.tokenLabel, patient.uhid, `Mrs. Token ${lastName}`, "Dr. Kavita Sharma", "Room 4"]) expect(words(thermal.text)).toContain(text);
    // The sandbox banner and the desk's buttons stay off the paper.
    expect(thermal.text).not.toContain(w.banner);
    expect(thermal.text).not.toContain(w.a5);

    await slip.getByRole("link", { name: w.a5 }).click();
    await expect(slip.locator("[data-paper=a5]")).toBeVisible();
    const a5 = await printToPdf(slip, `slip-a5-${lang}`);
    expect(a5.pages).toBe(1);
    expect(a5.width).toBeCloseTo(pt(PAPER.a5[0]), 0);
    expect(a5.height).toBeCloseTo(pt(PAPER.a5[1]), 0);
    for (const text of [entry.tokenLabel, patient.uhid, `Mrs. Token ${lastName}`, "Room 4"]) expect(words(a5.text)).toContain(text);

    await slip.getByRole("link", { name: w.card }).click();
    await expect(slip.getByTestId("opd-card")).toBeVisible();
    await expect(slip.getByRole("img", { name: `${w.uhid} ${patient.uhid}` })).toBeVisible();
    const card = await printToPdf(slip, `opd-card-${lang}`);
    expect(card.pages).toBe(1);
    expect(card.width).toBeCloseTo(pt(PAPER.card[0]), 0);
    expect(card.height).toBeCloseTo(pt(PAPER.card[1]), 0);
    expect(card.text).toContain(patient.uhid);

    // The QR's link, opened signed out (a patient's phone).
    await slip.getByRole("link", { name: w.thermal }).click();
    await expect(slip.locator("[data-paper=thermal]")).toBeVisible();
    const statusUrl = (await slip.locator("[data-status-url]").getAttribute("data-status-url"))!;
    expect(statusUrl).toMatch(/\/status\/[A-Za-z0-9_-]{22}$/);
    const phone = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    if (lang === "hi") await phone.addCookies([{ name: "locale", value: "hi", url: baseURL! }]);
    const status = await phone.newPage();
    await status.goto(new URL(statusUrl).pathname);
    await expect(status.getByTestId("status-token")).toHaveText(entry.tokenLabel);
    await expect(status.getByText(w.ahead)).toBeVisible();
    await expect(status.getByTestId("status-ahead")).toHaveText(/\d|—|कोई नहीं|Nobody/);
    await expect(status.getByTestId("status-wait")).toHaveText(w.wait);
    const shown = await status.locator("body").innerText();
    for (const secret of [lastName, patient.uhid, "98123"]) expect(shown).not.toContain(secret);
    await expectAccessible(status);
    await screenshots(status, `opd-status-page-${lang}`);

    // The page follows the queue live, over its stream.
    await expect(status.getByTestId("status-live")).toHaveText(w.live);
    // The desk cancels the visit: the page says so at once, without being asked to look again.
    const cancel = await page.request.post(`/api/queue/${entry.appointmentId}/status`, { headers: { origin: baseURL! }, data: { to: "cancelled", version: entry.version, reason: "e2e: slip journey done" } });
    expect(cancel.status()).toBe(200);
    await expect(status.getByTestId("status-message")).toContainText(w.closed, { timeout: 10_000 });
    // An unknown link says nothing more than "not found".
    const unknown = await phone.request.get(`/api/status/${"A".repeat(22)}`);
    expect(unknown.status()).toBe(404);
    expect(await unknown.text()).not.toContain(entry.tokenLabel);
    await phone.close();
  });
}
