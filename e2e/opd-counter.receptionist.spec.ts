import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { registerPatient } from "./slots-support";
import { screenshots } from "./visual-review";

/**
 * The OPD counter at the front desk: a walk-in with a priority mark gets a token at once (no slot,
 * no platform call), the token is on the row and in the doctor's "next" list, and the desk calls
 * it for the doctor. Dr. Kavita Sharma at Kothrud is this spec's own doctor queue (no other spec
 * calls it), so the order it sees is the one it made. Walk-ins need no free slot, so the journey
 * holds at any hour of the clinic's day.
 */
const CLINIC = "cl-kothrud";
const DOCTOR = "dr-kavita-sharma";
const unique = () => Date.now().toString(36).replace(/[^a-z]/g, "") + Math.random().toString(36).replace(/[^a-z]/g, "").slice(0, 4);

test.describe.configure({ mode: "serial" });

type Entry = { appointmentId: string; version: number; status: string; tokenLabel: string | null; source: string; doctorId: string; patientId: string };

async function todaysQueue(request: APIRequestContext, day: string): Promise<Entry[]> {
  const res = await request.get(`/api/queue?clinicId=${CLINIC}&day=${day}`, { maxRetries: 2 });
  return ((await res.json()) as { appointments: Entry[] }).appointments;
}

/** Leaves the doctor's queue empty of waiting walk-ins for the next journey (cancelling is the desk's own for walk-ins). */
async function cancelOpenWalkIns(page: Page, baseURL: string, day: string) {
  for (const e of await todaysQueue(page.request, day)) {
    if (e.doctorId !== DOCTOR || !["checked_in", "in_consultation"].includes(e.status)) continue;
    await page.request.post(`/api/queue/${e.appointmentId}/status`, { headers: { origin: baseURL }, data: { to: "cancelled", version: e.version, reason: "e2e clean-up" } });
  }
}

async function openQueue(page: Page) {
  await page.goto(`/appointments/today?clinic=${CLINIC}&doctor=${DOCTOR}`);
  const day = await page.evaluate(() => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date()));
  return day;
}

for (const lang of ["en", "hi"] as const) {
  const w =
    lang === "en"
      ? { open: "Walk-in", title: "Add a walk-in", doctor: "Doctor", patient: "Patient", senior: "Senior citizen", emergency: "Emergency", submit: "Add walk-in and issue token", chooseDoctor: "Choose a doctor", choosePatient: "Choose the patient (or register them first).", callNext: "Call next for Dr. Kavita Sharma", now: "Now serving", rule: "How the next token is chosen", printSlip: "Print slip" }
      : { open: "बिना अपॉइंटमेंट", title: "बिना अपॉइंटमेंट वाला मरीज़ जोड़ें", doctor: "डॉक्टर", patient: "मरीज़", senior: "वरिष्ठ नागरिक", emergency: "आपातकालीन", submit: "जोड़ें और टोकन दें", chooseDoctor: "डॉक्टर चुनें", choosePatient: "मरीज़ चुनें (या पहले उनका पंजीकरण करें)।", callNext: "Dr. Kavita Sharma के लिए अगला बुलाएँ", now: "अभी देखे जा रहे", rule: "अगला टोकन कैसे चुना जाता है", printSlip: "पर्ची प्रिंट करें" };

  test(`a walk-in with a priority mark gets a token at once, shown on the row and called first by the desk (${lang})`, async ({ page, baseURL }) => {
    // A journey (two registrations, two walk-ins, reloads, a call): 12–14 s on a quiet machine, past 30 s under load.
    test.slow();
    if (lang === "hi") await page.context().addCookies([{ name: "locale", value: "hi", url: baseURL! }]);
    const day = await openQueue(page);
    await cancelOpenWalkIns(page, baseURL!, day);
    const plainName = `Plain${unique()}`;
    const seniorName = `Senior${unique()}`;
    const plainId = await registerPatient(page.request, baseURL!, "Walkin", plainName);
    await registerPatient(page.request, baseURL!, "Walkin", seniorName);
    // An ordinary walk-in first (through the API, as another desk would): the senior citizen still goes ahead of it.
    const plain = await page.request.post("/api/queue/walk-ins", { headers: { origin: baseURL!, "idempotency-key": crypto.randomUUID() }, data: { clinicId: CLINIC, doctorId: DOCTOR, patientId: plainId } });
    expect(plain.status()).toBe(201);
    const plainToken = ((await plain.json()) as Entry).tokenLabel!;
    expect(plainToken).toMatch(/^A-\d{3}$/);
    await page.reload();

    // Keyboard only: open the dialog, try to add with nothing chosen, then choose the patient and a priority.
    const open = page.getByRole("button", { name: w.open, exact: true });
    await open.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: w.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(w.doctor, { exact: true })).toHaveValue(DOCTOR);
    await expect(dialog.getByTestId("walk-in-slot")).toBeVisible();
    await dialog.getByLabel(w.doctor, { exact: true }).selectOption("");
    await dialog.getByTestId("walk-in-submit").press("Enter");
    await expect(dialog.getByLabel(w.doctor, { exact: true })).toHaveAccessibleDescription(w.chooseDoctor);
    await expect(dialog.getByText(w.choosePatient)).toBeVisible();
    await expect(dialog.getByLabel(w.doctor, { exact: true })).toBeFocused();
    await dialog.getByLabel(w.doctor, { exact: true }).selectOption(DOCTOR);
    const picker = dialog.getByRole("combobox", { name: w.patient, exact: true });
    await picker.fill(seniorName);
    await picker.press("ArrowDown");
    await picker.press("Enter");
    await expect(dialog.getByText(seniorName).first()).toBeVisible();
    await dialog.getByRole("radio", { name: w.senior }).check();
    await expectAccessible(page);
    await screenshots(page, `opd-walk-in-dialog-${lang}`);
    await page.setViewportSize({ width: 1280, height: 860 });
    await dialog.getByTestId("walk-in-submit").press("Enter");
    await expect(dialog).toBeHidden();
    // The toast offers the slip while the patient is at the desk; the row keeps the same action (issue 31 item 6).
    await expect(page.locator("[data-sonner-toaster]").getByRole("button", { name: w.printSlip })).toBeVisible();

    // The token is on the row, and the counter lists it before the ordinary walk-in.
    const row = page.locator("[data-appointment^='walk-in-']", { hasText: seniorName });
    await expect(row).toHaveAttribute("data-status", "checked_in");
    const token = (await row.locator("[data-token]").getAttribute("data-token"))!;
    expect(token).toMatch(/^A-\d{3}$/);
    expect(Number(token.slice(2))).toBe(Number(plainToken.slice(2)) + 1);
    await expect(row.getByRole("link", { name: w.printSlip })).toHaveAttribute("href", /^\/print\/visits\/walk-in-[^/]+\/thermal$/);
    await expect(row.locator("[data-priority='senior_citizen']")).toHaveText(w.senior);
    const counter = page.getByTestId(`counter-${DOCTOR}`);
    await expect(counter.getByTestId("next-up").locator("[data-token]").first()).toHaveAttribute("data-token", token);
    await expect(counter.getByTestId("next-up").locator("[data-token]").nth(1)).toHaveAttribute("data-token", plainToken);
    await counter.getByText(w.rule).click();
    await expect(counter.getByTestId("order-rule")).toContainText(w.emergency);

    // The desk calls for the doctor: the senior citizen's token is now being served.
    await counter.getByRole("button", { name: w.callNext }).click();
    await expect(counter.getByTestId("now-serving").locator("[data-token]")).toHaveAttribute("data-token", token);
    await expect(row).toHaveAttribute("data-status", "in_consultation");
    await expectAccessible(page);
    await screenshots(page, `opd-counter-desk-${lang}`);

    // The patient's own page shows the visit with its token.
    const seniorId = (await todaysQueue(page.request, day)).find((e) => e.tokenLabel === token)!.patientId;
    await page.goto(`/patients/${seniorId}`);
    await expect(page.getByRole("region", { name: lang === "en" ? "Appointments" : /अपॉइंटमेंट/ }).locator(`[data-token="${token}"]`)).toBeVisible();
    await cancelOpenWalkIns(page, baseURL!, day);
  });
}

test("walk-in requests: a double submit adds one visit, bad input is a field-level problem, a forged origin is refused", async ({ page, baseURL }) => {
  const day = await openQueue(page);
  const patientId = await registerPatient(page.request, baseURL!, "Walkin", `Twice${unique()}`);
  const key = crypto.randomUUID();
  const send = (data: unknown, headers: Record<string, string> = {}) => page.request.post("/api/queue/walk-ins", { headers: { origin: baseURL!, "idempotency-key": key, ...headers }, data });
  const [a, b] = await Promise.all([send({ clinicId: CLINIC, doctorId: DOCTOR, patientId }), send({ clinicId: CLINIC, doctorId: DOCTOR, patientId })]);
  expect([a.status(), b.status()].sort()).toEqual([200, 201]);
  const [ea, eb] = [(await a.json()) as Entry, (await b.json()) as Entry];
  expect(ea.appointmentId).toBe(eb.appointmentId);
  expect(ea.tokenLabel).toBe(eb.tokenLabel);
  expect((await todaysQueue(page.request, day)).filter((e) => e.patientId === patientId)).toHaveLength(1);

  const bad = await page.request.post("/api/queue/walk-ins", { headers: { origin: baseURL!, "idempotency-key": crypto.randomUUID() }, data: { clinicId: CLINIC, doctorId: "dr-nobody", patientId: "pt-nobody", priority: "vip" } });
  expect(bad.status()).toBe(422);
  expect(bad.headers()["content-type"]).toContain("application/problem+json");
  expect(Object.keys(((await bad.json()) as { errors: Record<string, string> }).errors).sort()).toEqual(["doctorId", "patientId", "priority"]);
  const nul = await page.request.post("/api/queue/walk-ins", { headers: { origin: baseURL!, "idempotency-key": crypto.randomUUID() }, data: { clinicId: CLINIC, doctorId: "dr-\u0000", patientId } });
  expect(nul.status()).toBe(400);
  const noKey = await page.request.post("/api/queue/walk-ins", { headers: { origin: baseURL! }, data: { clinicId: CLINIC, doctorId: DOCTOR, patientId } });
  expect(noKey.status()).toBe(400);
  const forged = await page.request.post("/api/queue/walk-ins", { headers: { origin: "https://evil.example", "idempotency-key": crypto.randomUUID() }, data: { clinicId: CLINIC, doctorId: DOCTOR, patientId } });
  expect(forged.status()).toBe(403);
  const huge = await page.request.post("/api/queue/walk-ins", { headers: { origin: baseURL!, "idempotency-key": crypto.randomUUID() }, data: { clinicId: CLINIC, doctorId: DOCTOR, patientId: "x".repeat(10_000) } });
  expect(huge.status()).toBe(413);
  await cancelOpenWalkIns(page, baseURL!, day);
});
