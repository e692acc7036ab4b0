import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { registerPatient } from "./slots-support";
import { screenshots } from "./visual-review";

/**
 * The doctor's counter: call next takes the emergency first, recall calls the same token again,
 * skip sends it back to wait for the configured number of calls and the next token is called.
 * Dr. Meera Iyer's queue at Bandra is this spec's own (the other doctor journeys use Andheri); the
 * walk-ins carry priority marks, so the demo day's unmarked patients never come first. Walk-ins
 * need no free slot: the journey holds at any hour of the clinic's day.
 */
const CLINIC = "cl-bandra";
const DOCTOR = "dr-meera-iyer";
const unique = () => Date.now().toString(36).replace(/[^a-z]/g, "") + Math.random().toString(36).replace(/[^a-z]/g, "").slice(0, 4);

test.describe.configure({ mode: "serial" });

type Entry = { appointmentId: string; version: number; status: string; tokenLabel: string | null; doctorId: string };

async function walkIn(desk: APIRequestContext, baseURL: string, lastName: string, priority: string): Promise<string> {
  const patientId = await registerPatient(desk, baseURL, "Counter", lastName);
  const res = await desk.post("/api/queue/walk-ins", { headers: { origin: baseURL, "idempotency-key": crypto.randomUUID() }, data: { clinicId: CLINIC, doctorId: DOCTOR, patientId, priority } });
  expect(res.status()).toBe(201);
  return ((await res.json()) as Entry).tokenLabel!;
}

async function cancelOpen(desk: APIRequestContext, baseURL: string, page: Page) {
  const day = await page.evaluate(() => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date()));
  const list = ((await (await desk.get(`/api/queue?clinicId=${CLINIC}&day=${day}`, { maxRetries: 2 })).json()) as { appointments: Entry[] }).appointments;
  for (const e of list) {
    if (e.doctorId !== DOCTOR || !["checked_in", "in_consultation"].includes(e.status)) continue;
    await desk.post(`/api/queue/${e.appointmentId}/status`, { headers: { origin: baseURL }, data: { to: "cancelled", version: e.version, reason: "e2e clean-up" } });
  }
}

for (const lang of ["en", "hi"] as const) {
  const w =
    lang === "en"
      ? { next: "Call next for Dr. Meera Iyer", recall: (t: string) => `Recall token ${t} for Dr. Meera Iyer`, skip: (t: string) => `Skip token ${t} for Dr. Meera Iyer`, recalled: (t: string) => `Token ${t} called again`, nobody: "Nobody called yet", back: "Skipped: back after 3 more calls" }
      : { next: "Dr. Meera Iyer के लिए अगला बुलाएँ", recall: (t: string) => `Dr. Meera Iyer के लिए टोकन ${t} फिर बुलाएँ`, skip: (t: string) => `Dr. Meera Iyer के लिए टोकन ${t} छोड़ें`, recalled: (t: string) => `टोकन ${t} फिर बुलाया गया`, nobody: "अभी किसी को नहीं बुलाया", back: "छोड़ा गया: 3 और बुलावों के बाद वापस" };

  test(`the doctor calls the emergency first, recalls it, skips it and calls the next token (${lang})`, async ({ page, browser, baseURL }) => {
    // Two walk-ins, the calls, and four full-page screenshots: more than 30 s on a busy 2-core machine.
    test.slow();
    if (lang === "hi") await page.context().addCookies([{ name: "locale", value: "hi", url: baseURL! }]);
    const desk = await browser.newContext({ storageState: "e2e/.auth/receptionist.json", baseURL });
    await page.goto(`/appointments/today?clinic=${CLINIC}&doctor=${DOCTOR}`);
    await cancelOpen(desk.request, baseURL!, page);
    const emergency = await walkIn(desk.request, baseURL!, `Urgent${unique()}`, "emergency");
    const pregnant = await walkIn(desk.request, baseURL!, `Expecting${unique()}`, "pregnant");

    const counter = page.getByTestId(`counter-${DOCTOR}`);
    const nextUp = counter.getByTestId("next-up").locator("[data-token]");
    // Another desk added them: the doctor's page hears it over the live queue feed, no reload.
    await expect(nextUp.first()).toHaveAttribute("data-token", emergency, { timeout: 10_000 });
    await expect(nextUp.nth(1)).toHaveAttribute("data-token", pregnant);
    const serving = counter.getByTestId("now-serving");
    await expect(serving).toContainText(w.nobody);

    // Keyboard only: the buttons keep focus between presses.
    const callNext = counter.getByRole("button", { name: w.next });
    await callNext.focus();
    await page.keyboard.press("Enter");
    await expect(serving.locator("[data-token]")).toHaveAttribute("data-token", emergency);
    await expect(callNext).toBeFocused();

    await counter.getByRole("button", { name: w.recall(emergency) }).click();
    await expect(page.getByText(w.recalled(emergency))).toBeVisible();
    await expect(serving.locator("[data-token]")).toHaveAttribute("data-token", emergency);

    await counter.getByRole("button", { name: w.skip(emergency) }).click();
    await expect(serving).toContainText(w.nobody);
    await expect(nextUp.first()).toHaveAttribute("data-token", pregnant);
    await expect(counter.getByTestId("next-up")).toContainText(w.back);

    await callNext.click();
    await expect(serving.locator("[data-token]")).toHaveAttribute("data-token", pregnant);
    await expectAccessible(page);
    await screenshots(page, `opd-counter-doctor-${lang}`);

    // Another doctor's counter is not hers to call, whatever the page offers.
    const refused = await page.request.post("/api/queue/doctors/dr-arjun-rao/counter", { headers: { origin: baseURL!, "idempotency-key": crypto.randomUUID() }, data: { clinicId: CLINIC, action: "next" } });
    expect(refused.status()).toBe(403);
    const badAction = await page.request.post(`/api/queue/doctors/${DOCTOR}/counter`, { headers: { origin: baseURL!, "idempotency-key": crypto.randomUUID() }, data: { clinicId: CLINIC, action: "shout" } });
    expect(badAction.status()).toBe(400);
    expect(badAction.headers()["content-type"]).toContain("application/problem+json");

    await cancelOpen(desk.request, baseURL!, page);
    await desk.close();
  });
}
