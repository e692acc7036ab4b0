import type { APIRequestContext, Browser, BrowserContext, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { registerPatient } from "./slots-support";
import { screenshots, VISUAL_DIR } from "./visual-review";

/**
 * The waiting-room display, end to end: a TV (a browser with no staff session) shows a pairing
 * code, the admin enters it in Settings → Displays, the TV shows Dr. Meera Iyer's tokens at Kothrud
 * (a walk-in queue of hers no other spec touches: she keeps no hours there)
 * (this spec's own doctor queue: no other spec calls it), the front desk calls next and the TV shows
 * and speaks it (speech recorded in place of the browser's voices), the next patient's status page
 * (the QR on their slip) follows the calls, the TV's session is refused
 * everywhere else, a code is refused a second time, and a revoked TV is back on its pairing screen.
 */
const CLINIC = "cl-kothrud";
const DOCTOR = "dr-meera-iyer";
/** The TV's clock, pinned: 27/11/2026, 10:30 in Pune. */
const TV_TIME = new Date("2026-11-27T10:30:00+05:30");
const unique = () => Math.random().toString(36).replace(/[^a-z]/g, "").slice(0, 6);

test.describe.configure({ mode: "serial" });

type Entry = { appointmentId: string; version: number; status: string; tokenLabel: string | null; doctorId: string };

/** Stands in for the browser's speech: two voices, and every utterance kept for the test to read. */
function recordSpeech() {
  const w = window as unknown as Record<string, unknown>;
  const spoken: { text: string; lang: string; voice: string | null }[] = [];
  w.__spoken = spoken;
  class RecordedUtterance {
    text: string;
    lang = "";
    voice: { voiceURI: string } | null = null;
    volume = 1;
    rate = 1;
    onend: ((e: unknown) => void) | null = null;
    onerror: ((e: unknown) => void) | null = null;
    constructor(text: string) {
      this.text = text;
    }
  }
  const voices = [
    { name: "Test English (India)", lang: "en-IN", voiceURI: "test-en-IN", default: true, localService: true },
    { name: "Test Hindi (India)", lang: "hi-IN", voiceURI: "test-hi-IN", default: false, localService: true },
  ];
  w.SpeechSynthesisUtterance = RecordedUtterance;
  Object.defineProperty(window, "speechSynthesis", {
    configurable: true,
    value: {
      getVoices: () => voices,
      speak(u: RecordedUtterance) {
        if (u.text) spoken.push({ text: u.text, lang: u.lang, voice: u.voice?.voiceURI ?? null });
        setTimeout(() => u.onend?.({}), 20);
      },
      cancel() {},
      addEventListener() {},
      removeEventListener() {},
    },
  });
}

async function deskContext(browser: Browser, baseURL: string, role: "receptionist" | "doctor" = "receptionist"): Promise<BrowserContext> {
  return browser.newContext({ storageState: `e2e/.auth/${role}.json`, baseURL });
}

async function todaysQueue(request: APIRequestContext): Promise<Entry[]> {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());
  const res = await request.get(`/api/queue?clinicId=${CLINIC}&day=${day}`);
  return ((await res.json()) as { appointments: Entry[] }).appointments;
}

async function clearDoctorQueue(request: APIRequestContext, baseURL: string) {
  for (const e of await todaysQueue(request)) {
    if (e.doctorId !== DOCTOR || !["checked_in", "in_consultation"].includes(e.status)) continue;
    await request.post(`/api/queue/${e.appointmentId}/status`, { headers: { origin: baseURL }, data: { to: "cancelled", version: e.version, reason: "e2e clean-up" } });
  }
}

async function walkIn(request: APIRequestContext, baseURL: string, lastName: string): Promise<Entry & { tokenLabel: string }> {
  const patientId = await registerPatient(request, baseURL, "Suneeta", lastName);
  const res = await request.post("/api/queue/walk-ins", { headers: { origin: baseURL, "idempotency-key": crypto.randomUUID() }, data: { clinicId: CLINIC, doctorId: DOCTOR, patientId } });
  expect(res.status()).toBe(201);
  return (await res.json()) as Entry & { tokenLabel: string };
}

/** The patient's status page, as the QR on the printed slip opens it on a phone with no session. */
async function statusPage(desk: BrowserContext, browser: Browser, baseURL: string, appointmentId: string, lang: "en" | "hi"): Promise<Page> {
  const slip = await desk.newPage();
  await slip.goto(`/print/visits/${appointmentId}/thermal`);
  const statusUrl = (await slip.locator("[data-status-url]").getAttribute("data-status-url"))!;
  await slip.close();
  const phone = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  if (lang === "hi") await phone.addCookies([{ name: "locale", value: "hi", url: baseURL }]);
  const status = await phone.newPage();
  await status.goto(new URL(statusUrl).pathname);
  return status;
}

async function callNext(request: APIRequestContext, baseURL: string) {
  const res = await request.post(`/api/queue/doctors/${DOCTOR}/counter`, { headers: { origin: baseURL, "idempotency-key": crypto.randomUUID() }, data: { clinicId: CLINIC, action: "next" } });
  expect(res.status()).toBe(200);
}

async function tvScreenshots(tv: Page, name: string) {
  for (const scheme of ["light", "dark"] as const) {
    await tv.emulateMedia({ colorScheme: scheme });
    for (const [width, height] of [
      [1920, 1080],
      [1280, 720],
    ] as const) {
      await tv.setViewportSize({ width, height });
      // A TV screen never scrolls, at either size.
      expect(await tv.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight && document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await tv.screenshot({ path: `${VISUAL_DIR}/${name}-${scheme}-${width}x${height}.png`, animations: "disabled", caret: "hide" });
    }
  }
  await tv.emulateMedia({ colorScheme: "light" });
}

for (const lang of ["en", "hi"] as const) {
  const s =
    lang === "en"
      ? { code: "Code on the TV", name: "Name of this display", clinic: "Clinic", usualRoom: "Usual room for Dr. Meera Iyer", saveRooms: "Save rooms for Dr. Meera Iyer", roomNow: "Today: Room 2", submit: "Pair display", revoke: "Revoke", confirm: "Revoke display", used: /already used/, list: "Paired displays", live: "Live" }
      : { code: "टीवी पर दिखा कोड", name: "इस डिस्प्ले का नाम", clinic: "क्लिनिक", usualRoom: "Dr. Meera Iyer का सामान्य कमरा", saveRooms: "Dr. Meera Iyer के कमरे सहेजें", roomNow: "आज: Room 2", submit: "डिस्प्ले जोड़ें", revoke: "हटाएँ", confirm: "डिस्प्ले हटाएँ", used: /already used/, list: "जुड़े हुए डिस्प्ले", live: "लाइव" };

  test(`a TV paired by code shows and speaks the token called at the desk, is refused elsewhere, and returns to pairing when revoked (${lang})`, async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    if (lang === "hi") await page.context().addCookies([{ name: "locale", value: "hi", url: baseURL! }]);
    const desk = await deskContext(browser, baseURL!);
    // Dr. Meera Iyer herself calls her patients in, from her own counter.
    const doctor = await deskContext(browser, baseURL!, "doctor");
    await clearDoctorQueue(desk.request, baseURL!);
    const names = [`Tv${unique()}`, `Tv${unique()}`];
    const firstVisit = await walkIn(desk.request, baseURL!, names[0]!);
    const secondVisit = await walkIn(desk.request, baseURL!, names[1]!);
    const [first, second] = [firstVisit.tokenLabel, secondVisit.tokenLabel];
    // The second patient follows the day on their phone, from the QR on their slip.
    const status = await statusPage(desk, browser, baseURL!, secondVisit.appointmentId, lang);
    await expect(status.getByTestId("status-token")).toHaveText(second);
    await expect(status.getByTestId("status-ahead")).toContainText("1");
    // The phone follows the queue live (its stream), not by looking again every 20 s.
    await expect(status.getByTestId("status-live")).toHaveText(s.live);

    // The TV: no staff session, speech recorded, its clock pinned.
    // No staff session on the TV (a new context would otherwise carry the project's signed-in admin).
    const tvContext = await browser.newContext({ baseURL, viewport: { width: 1920, height: 1080 }, storageState: { cookies: [], origins: [] } });
    await tvContext.addInitScript(recordSpeech);
    const tv = await tvContext.newPage();
    await tv.clock.setFixedTime(TV_TIME);
    await tv.goto("/display");
    const codeBox = tv.getByTestId("pairing-code");
    await expect(codeBox).toHaveText(/^[A-Z0-9]{6}$/);
    const code = (await codeBox.textContent())!;
    await expect(tv.getByRole("heading", { name: /Pair this display/ })).toBeVisible();
    if (lang === "en") {
      await expectAccessible(tv);
      await tvScreenshots(tv, "display-pairing");
    }

    // The doctor's room is the clinic's, set once in Settings → Rooms: the display, the slip and the counter read it there.
    await page.goto("/settings/rooms");
    await page.getByLabel(s.clinic, { exact: true }).selectOption(CLINIC);
    const usualRoom = page.getByLabel(s.usualRoom);
    if (lang === "en") {
      // Typed wrong first: refused on its field, with what was typed kept.
      await usualRoom.fill("<Room 2>");
      await usualRoom.press("Enter");
      await expect(usualRoom).toHaveAccessibleDescription(/plain text/);
      await expect(usualRoom).toBeFocused();
      await expect(usualRoom).toHaveValue("<Room 2>");
    }
    await usualRoom.fill("Room 2");
    // Saved already by an earlier run of this journey, the button has nothing to save.
    const saveRooms = page.getByRole("button", { name: s.saveRooms });
    if (await saveRooms.isEnabled()) await saveRooms.click();
    const meeraRooms = page.locator(`[data-doctor="${DOCTOR}"]`);
    await expect(meeraRooms.getByTestId("room-now")).toHaveText(s.roomNow);
    await expectAccessible(page);
    await screenshots(page, `settings-rooms-${lang}`);

    // The admin enters the code (as read off the TV: lower case, spaced), names the TV, picks the clinic and the doctor.
    await page.goto("/settings/displays");
    await page.getByLabel(s.code).fill(`${code.slice(0, 3).toLowerCase()} ${code.slice(3).toLowerCase()}`);
    const displayName = `Hall TV ${unique()}`;
    await page.getByLabel(s.name).fill(displayName);
    await page.getByLabel(s.clinic, { exact: true }).selectOption(CLINIC);
    await page.getByRole("checkbox", { name: "Dr. Meera Iyer" }).check();
    await page.getByRole("button", { name: s.submit }).click();
    const row = page.getByRole("list", { name: s.list }).getByRole("listitem").filter({ hasText: displayName });
    await expect(row).toBeVisible();
    await expect(row).toContainText("Dr. Meera Iyer (Room 2)");
    if (lang === "en") await screenshots(page, "settings-displays");

    // The TV collects its session and shows the doctor's queue: tokens and initials, never a name.
    const card = tv.locator("[data-display-doctor]").filter({ hasText: "Dr. Meera Iyer" });
    await expect(card).toBeVisible({ timeout: 10_000 });
    await expect(tv.getByRole("heading", { level: 1, name: "Kothrud Health Centre" })).toBeVisible();
    await expect(card.getByTestId("next-tokens")).toContainText(first);
    await expect(card.getByTestId("next-tokens")).toContainText(second);
    for (const name of ["Suneeta", ...names, "9812345678"]) await expect(tv.getByTestId("display-board")).not.toContainText(name);
    await expect(card.getByText("S T", { exact: true }).or(card.getByTestId("next-tokens"))).toBeVisible();
    await expect(tv.getByTestId("display-clock")).toContainText("10:30");

    // Sound needs a gesture: the one-time button, then the doctor calls next on her own queue.
    await tv.getByRole("button", { name: /Start sound/ }).click();
    await expect(tv.getByRole("button", { name: /Start sound/ })).toHaveCount(0);
    await callNext(doctor.request, baseURL!);
    await expect(card.getByTestId("now-serving")).toHaveText(first);
    await expect(tv.getByTestId("display-call")).toContainText(first);
    const said = (n: string) => n.replace(/\d+/g, (d) => String(Number(d))).replace(/-/g, " ");
    await expect.poll(() => tv.evaluate(() => (window as unknown as { __spoken: unknown[] }).__spoken)).toEqual([
      { text: `Token ${said(first)}, please go to Room 2`, lang: "en-IN", voice: "test-en-IN" },
      { text: `टोकन ${said(first)}, कृपया कमरा 2 में जाएँ`, lang: "hi-IN", voice: "test-hi-IN" },
    ]);
    await expect(card.getByTestId("next-tokens")).not.toContainText(first);
    // The phone learns who is with the doctor now, and that nobody is ahead any more, without being asked.
    await expect(status.getByTestId("status-serving")).toHaveText(first);
    await expect(status.getByTestId("status-ahead")).not.toContainText("1");

    if (lang === "en") {
      // Let the call's flash pass, then look at the finished screen.
      await expect(tv.getByTestId("display-call")).toHaveText("", { timeout: 10_000 });
      await expectAccessible(tv);
      await tvScreenshots(tv, "display-board");
    }

    // The network drops: the TV says so quietly, and on its return catches up with what was called meanwhile.
    await tvContext.setOffline(true);
    await tv.evaluate(() => window.dispatchEvent(new Event("offline")));
    await expect(tv.getByTestId("display-reconnecting")).toBeVisible({ timeout: 10_000 });
    await callNext(doctor.request, baseURL!);
    await tvContext.setOffline(false);
    await expect(card.getByTestId("now-serving")).toHaveText(second, { timeout: 15_000 });
    await expect(tv.getByTestId("display-reconnecting")).toHaveCount(0);
    // Called: the phone says it is the patient's turn.
    await expect(status.getByTestId("status-message")).toBeVisible();
    await status.context().close();

    // The TV's session opens nothing else: desk APIs answer 403, desk pages send it back to its display.
    expect((await tv.request.get(`/api/queue?clinicId=${CLINIC}`)).status()).toBe(403);
    expect((await tv.request.get("/api/patients/search?q=Display")).status()).toBe(403);
    expect((await tv.request.get("/api/settings/displays")).status()).toBe(403);
    await tv.goto("/appointments/today");
    await expect(tv).toHaveURL(/\/display$/);
    await expect(card).toBeVisible();

    // The code was used once: entered again, it is refused on its field.
    await page.getByLabel(s.code).fill(code);
    await page.getByLabel(s.name).fill("Second TV");
    await page.getByLabel(s.clinic, { exact: true }).selectOption(CLINIC);
    await page.getByRole("button", { name: s.submit }).click();
    await expect(page.getByLabel(s.code)).toHaveAccessibleDescription(s.used);

    if (lang === "en") await expectAccessible(page);

    // Revoked in Settings: the TV is back on its pairing screen at once, and its old session reads nothing.
    await row.getByRole("button", { name: new RegExp(s.revoke) }).click();
    await page.getByRole("button", { name: s.confirm }).click();
    await expect(row).toHaveCount(0);
    await expect(tv.getByTestId("pairing-screen")).toBeVisible({ timeout: 10_000 });
    await expect(tv.getByTestId("pairing-code")).toHaveText(/^[A-Z0-9]{6}$/);
    expect(await tv.getByTestId("pairing-code").textContent()).not.toBe(code);

    await clearDoctorQueue(desk.request, baseURL!);
    await tvContext.close();
    await doctor.close();
    await desk.close();
  });
}
