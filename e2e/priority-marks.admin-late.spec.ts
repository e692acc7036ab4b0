import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { registerPatient } from "./slots-support";
import { screenshots } from "./visual-review";

/**
 * Settings → Priority marks, by keyboard, and what it does at the counter: the admin adds a mark
 * (English and Hindi names), moves it above "Pregnant" and sees the ordering rule follow; a bad name
 * is refused on its field with the text kept; the front desk's walk-in dialog offers the mark while
 * it is in use; once retired it is no longer offered, and the visit that carries it still shows its
 * name. Marks are the clinic's whole list (global), so this runs in `admin-late`, after the
 * functional specs, and leaves the built-in marks in their order with their names: only a retired
 * mark of its own stays behind (a mark is retired, never removed). Dr. Kavita Sharma at Andheri West
 * is this spec's walk-in queue; it cancels only the visits it made.
 * Settings → Rooms: a later day's room through the day field (a past day refused on the field).
 */
const CLINIC = "cl-andheri-west";
const DOCTOR = "dr-kavita-sharma";
const BUILT_IN = ["emergency", "senior_citizen", "pregnant"];
const letters = () => Math.random().toString(36).replace(/[^a-z]/g, "").slice(0, 5).padEnd(5, "q");

test.describe.configure({ mode: "serial" });

type Mark = { key: string; label: string | null; labelHi?: string | null; retired?: boolean };
type Entry = { appointmentId: string; version: number; status: string; patientId: string; doctorId: string };

async function storedMarks(request: APIRequestContext): Promise<Mark[]> {
  const res = await request.get("/api/settings/priority-marks");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { marks: Mark[] }).marks;
}

const clinicToday = (page: Page) => page.evaluate(() => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date()));

/** Presses a control as a keyboard user does: focus, then Enter (or Space for a checkbox / radio). */
async function press(page: Page, name: string | RegExp, role: "button" | "checkbox" | "radio" = "button", key = role === "button" ? "Enter" : "Space") {
  const control = page.getByRole(role, { name, exact: typeof name === "string" });
  await control.focus();
  await page.keyboard.press(key);
}

async function receptionistDesk(browser: Browser, baseURL: string, lang: "en" | "hi") {
  const context = await browser.newContext({ storageState: "e2e/.auth/receptionist.json", baseURL });
  if (lang === "hi") await context.addCookies([{ name: "locale", value: "hi", url: baseURL }]);
  const desk = await context.newPage();
  await desk.goto(`/appointments/today?clinic=${CLINIC}&doctor=${DOCTOR}`);
  await desk.locator("html[data-hydrated]").waitFor({ state: "attached", timeout: 15_000 });
  return desk;
}

for (const lang of ["en", "hi"] as const) {
  const s =
    lang === "en"
      ? { add: "Add a mark", save: "Save marks", saved: "Priority marks saved", moveUp: (m: string) => `Move ${m} up`, moveDown: (m: string) => `Move ${m} down`, retire: (m: string) => `Retire ${m}`, notOffered: "Not offered", rule: (marks: string) => `Priority marks first, in this order: ${marks}.`, builtIn: ["Emergency", "Senior citizen", "Pregnant"], walkIn: "Walk-in", walkInTitle: "Add a walk-in", patient: "Patient", counterRule: "How the next token is chosen" }
      : { add: "चिह्न जोड़ें", save: "चिह्न सहेजें", saved: "प्राथमिकता चिह्न सहेजे गए", moveUp: (m: string) => `${m} ऊपर करें`, moveDown: (m: string) => `${m} नीचे करें`, retire: (m: string) => `${m} हटाएँ`, notOffered: "अब नहीं दिखता", rule: (marks: string) => `पहले प्राथमिकता वाले, इस क्रम में: ${marks}।`, builtIn: ["आपातकालीन", "वरिष्ठ नागरिक", "गर्भवती"], walkIn: "बिना अपॉइंटमेंट", walkInTitle: "बिना अपॉइंटमेंट वाला मरीज़ जोड़ें", patient: "मरीज़", counterRule: "अगला टोकन कैसे चुना जाता है" };

  test(`Settings → Priority marks by keyboard: add, move up, refuse a bad name, retire; the walk-in dialog follows (${lang})`, async ({ page, baseURL, browser }) => {
    test.slow();
    if (lang === "hi") await page.context().addCookies([{ name: "locale", value: "hi", url: baseURL! }]);
    const before = await storedMarks(page.request);
    expect(before.filter((m) => BUILT_IN.includes(m.key) && !m.retired).map((m) => m.key)).toEqual(BUILT_IN);
    const suffix = letters();
    const english = `Child first ${suffix}`;
    const hindi = `पहले बच्चा ${suffix}`;
    const key = `child_first_${suffix}`;
    const shown = lang === "en" ? english : hindi;

    await page.goto("/settings/priority-marks");
    const rule = page.getByTestId("marks-rule");
    await expect(rule).toContainText(s.rule(s.builtIn.join(", ")));
    // A built-in mark's fields show its name only in the field's own language.
    await expect(page.locator("#mark-0-label")).toHaveAttribute("placeholder", lang === "en" ? "Emergency" : "पहले से दिया नाम");
    await expect(page.locator("#mark-0-labelHi")).toHaveAttribute("placeholder", lang === "en" ? "Built-in name" : "आपातकालीन");

    // Add a mark: the new row's English name takes the focus.
    await press(page, s.add);
    const rows = page.locator("li[data-mark]");
    const count = await rows.count();
    const last = count - 1;
    const label = page.locator(`#mark-${last}-label`);
    await expect(label).toBeFocused();

    if (lang === "en") {
      // Nothing typed: refused on the field.
      await page.keyboard.press("Enter");
      await expect(label).toHaveAccessibleDescription(/Name the mark in English/);
      await expect(label).toBeFocused();
      // Too long (the field lets 80 through; the list keeps 40): refused, the text kept.
      const long = "Patients who have travelled very far to see us";
      await page.keyboard.type(long);
      await page.keyboard.press("Enter");
      await expect(label).toHaveAccessibleDescription(/under 40 characters/);
      await expect(label).toHaveValue(long);
      await expect(label).toBeFocused();
      // Markup: refused, the text kept.
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type("<b>Child</b>");
      await page.keyboard.press("Enter");
      await expect(label).toHaveAccessibleDescription(/plain text/);
      await expect(label).toHaveValue("<b>Child</b>");
      // NUL and a forged origin through the API: a clear problem, nothing stored.
      const list = before.map((m) => ({ key: m.key, label: m.label, labelHi: m.labelHi ?? null, retired: !!m.retired }));
      const nul = await page.request.put("/api/settings/priority-marks", { headers: { origin: baseURL! }, data: { marks: [...list, { key: "nul_mark", label: "Nul\u0000mark", labelHi: null, retired: false }] } });
      expect(nul.status()).toBeGreaterThanOrEqual(400);
      expect(nul.status()).toBeLessThan(500);
      expect(nul.headers()["content-type"]).toContain("application/problem+json");
      const forged = await page.request.put("/api/settings/priority-marks", { headers: { origin: "https://evil.example" }, data: { marks: [...list, { key: "forged_mark", label: "Forged", labelHi: null, retired: false }] } });
      expect(forged.status()).toBe(403);
      expect((await storedMarks(page.request)).map((m) => m.key)).toEqual(before.map((m) => m.key));
      await label.focus();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.press("Delete");
    }

    // The names, English then Hindi (Tab to the next field): the key follows the English name until saved.
    await page.keyboard.type(english);
    await page.keyboard.press("Tab");
    await expect(page.locator(`#mark-${last}-labelHi`)).toBeFocused();
    await page.keyboard.type(hindi);
    const row = page.locator(`li[data-mark="${key}"]`);
    await expect(row).toContainText(key);
    await expect(rule).toContainText(s.rule([...s.builtIn, shown].join(", ")));

    // Move it up, above "Pregnant" (retired marks of earlier runs sit below the built-in ones): the focus follows the button, the rule follows the list.
    for (let at = last; at > 2; at--) {
      await press(page, s.moveUp(english));
      await expect(page.locator(`#mark-${at - 1}-up`)).toBeFocused();
    }
    await expect(rule).toContainText(s.rule([s.builtIn[0], s.builtIn[1], shown, s.builtIn[2]].join(", ")));
    await press(page, s.save);
    await expect(page.locator("[data-sonner-toaster]")).toContainText(s.saved);
    const saved = await storedMarks(page.request);
    expect(saved.slice(0, 4)).toEqual([
      { key: "emergency", label: before[0]!.label, labelHi: before[0]!.labelHi ?? null, retired: false },
      { key: "senior_citizen", label: before[1]!.label, labelHi: before[1]!.labelHi ?? null, retired: false },
      { key, label: english, labelHi: hindi, retired: false },
      { key: "pregnant", label: before[2]!.label, labelHi: before[2]!.labelHi ?? null, retired: false },
    ]);
    await expectAccessible(page);
    await screenshots(page, `settings-priority-marks-${lang}`);

    // The front desk: the walk-in dialog offers the mark; a walk-in with it shows its name on the row.
    const desk = await receptionistDesk(browser, baseURL!, lang);
    const patientName = `Marks${letters()}`;
    const patientId = await registerPatient(page.request, baseURL!, "Walkin", patientName);
    const made: string[] = [];
    try {
      // The dialog offers the mark, by keyboard. Dr. Kavita Sharma keeps no hours at Andheri West, so the
      // dialog does not offer her there: her walk-in (this spec's queue) comes in as another desk sends it.
      await press(desk, s.walkIn);
      const dialog = desk.getByRole("dialog", { name: s.walkInTitle });
      await expect(dialog).toBeVisible();
      await press(desk, shown, "radio");
      await expect(dialog.getByRole("radio", { name: shown })).toBeChecked();
      await expectAccessible(desk);
      await desk.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      const added = await desk.request.post("/api/queue/walk-ins", { headers: { origin: baseURL!, "idempotency-key": crypto.randomUUID() }, data: { clinicId: CLINIC, doctorId: DOCTOR, patientId, priority: key } });
      expect(added.status(), await added.text()).toBe(201);
      made.push(((await added.json()) as Entry).appointmentId);
      await desk.reload();
      await desk.locator("html[data-hydrated]").waitFor({ state: "attached" });
      const visit = desk.locator("[data-appointment^='walk-in-']", { hasText: patientName });
      await expect(visit).toHaveAttribute("data-status", "checked_in");
      await expect(visit.locator(`[data-priority='${key}']`)).toHaveText(shown);
      const counter = desk.getByTestId(`counter-${DOCTOR}`);
      await counter.getByText(s.counterRule).focus();
      await desk.keyboard.press("Enter");
      await expect(counter.getByTestId("order-rule")).toContainText(shown);

      // Back in Settings: down to the end again and retired; the built-in marks are back in their order.
      await page.reload();
      await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
      for (let at = 2; at < count - 1; at++) {
        await press(page, s.moveDown(english));
        // At the bottom, "down" is disabled: the focus stays with the mark, on its "up".
        await expect(page.locator(`#mark-${at + 1}-${at + 1 === count - 1 ? "up" : "down"}`)).toBeFocused();
      }
      await press(page, s.retire(english), "checkbox");
      await expect(page.getByRole("checkbox", { name: s.retire(english) })).toBeChecked();
      await expect(row).toContainText(s.notOffered);
      await expect(rule).toContainText(s.rule(s.builtIn.join(", ")));
      await press(page, s.save);
      await expect(page.locator("[data-sonner-toaster]")).toContainText(s.saved);
      const after = await storedMarks(page.request);
      expect(after.slice(0, 3)).toEqual(saved.filter((m) => BUILT_IN.includes(m.key)));
      expect(after.at(-1)).toEqual({ key, label: english, labelHi: hindi, retired: true });
      expect(after.filter((m) => !m.retired).map((m) => m.key)).toEqual(BUILT_IN);

      // The desk: no longer offered; the visit that has it still names it.
      await desk.reload();
      await desk.locator("html[data-hydrated]").waitFor({ state: "attached" });
      await expect(visit.locator(`[data-priority='${key}']`)).toHaveText(shown);
      await press(desk, s.walkIn);
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("radio", { name: s.builtIn[0] })).toBeVisible();
      await expect(dialog.getByRole("radio", { name: shown })).toHaveCount(0);
      await desk.keyboard.press("Escape");
    } finally {
      // Only this journey's visits: cancelled (a walk-in is the desk's own).
      const day = await clinicToday(page);
      const res = await page.request.get(`/api/queue?clinicId=${CLINIC}&day=${day}`);
      for (const e of ((await res.json()) as { appointments: Entry[] }).appointments) {
        if (!made.includes(e.appointmentId) || !["checked_in", "in_consultation"].includes(e.status)) continue;
        await page.request.post(`/api/queue/${e.appointmentId}/status`, { headers: { origin: baseURL! }, data: { to: "cancelled", version: e.version, reason: "e2e clean-up" } });
      }
      await desk.context().close();
    }
  });
}

/** DD/MM/YYYY ↔ YYYY-MM-DD and a day's step, from the day the page shows (the server's today), never the test machine's. */
const toIso = (ddmmyyyy: string) => ddmmyyyy.split("/").reverse().join("-");
const toIndian = (iso: string) => iso.split("-").reverse().join("/");
const plusDays = (iso: string, n: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

for (const lang of ["en", "hi"] as const) {
  const s =
    lang === "en"
      ? { clinic: "Clinic", day: "Day", beforeMin: (d: string) => `Choose ${d} or a later day.`, only: (d: string) => `Only on ${d}`, roomFor: (d: string) => `Room for Dr. Kavita Sharma on ${d}`, onDay: (d: string, r: string) => `On ${d}: ${r}`, saved: "Rooms saved for Dr. Kavita Sharma" }
      : { clinic: "क्लिनिक", day: "दिन", beforeMin: (d: string) => `${d} या उसके बाद का दिन चुनें।`, only: (d: string) => `सिर्फ़ ${d} को`, roomFor: (d: string) => `${d} को Dr. Kavita Sharma का कमरा`, onDay: (d: string, r: string) => `${d} को: ${r}`, saved: "Dr. Kavita Sharma के कमरे सहेजे गए" };

  test(`Settings → Rooms: a later day's room through the day field, a past day refused on the field (${lang})`, async ({ page, baseURL }) => {
    if (lang === "hi") await page.context().addCookies([{ name: "locale", value: "hi", url: baseURL! }]);
    await page.goto("/settings/rooms");
    await page.getByLabel(s.clinic, { exact: true }).selectOption(CLINIC);
    const dayField = page.getByLabel(s.day, { exact: true });
    await expect(dayField).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
    const today = toIso(await dayField.inputValue());
    const later = plusDays(today, 3);
    const room = `Room ${lang === "en" ? 11 : 12}`;

    // Yesterday: refused on the field, what was typed kept, the list still today's.
    await dayField.focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(toIndian(plusDays(today, -1)));
    await page.keyboard.press("Enter");
    await expect(dayField).toHaveAccessibleDescription(new RegExp(s.beforeMin(toIndian(today)).replace(/[.()]/g, "\\$&")));
    await expect(dayField).toHaveValue(toIndian(plusDays(today, -1)));
    await expect(page.getByRole("button", { name: lang === "en" ? "Previous day" : "पिछला दिन" })).toBeDisabled();

    // A later day: that day's column, by keyboard; Enter saves the row.
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type(toIndian(later));
    await page.keyboard.press("Enter");
    const kavita = page.locator(`[data-doctor="${DOCTOR}"]`);
    await expect(kavita.getByText(s.only(toIndian(later)))).toBeVisible();
    const dayRoom = page.getByLabel(s.roomFor(toIndian(later)));
    await dayRoom.focus();
    await page.keyboard.type(room);
    await page.keyboard.press("Enter");
    await expect(page.locator("[data-sonner-toaster]")).toContainText(s.saved);
    await expect(kavita.getByTestId("room-now")).toHaveText(s.onDay(toIndian(later), room));
    await expectAccessible(page);
    await screenshots(page, `settings-rooms-later-day-${lang}`);

    // Stored for that day only; a past day through the API is refused on `day`.
    const onLater = await page.request.get(`/api/settings/rooms?clinicId=${CLINIC}&day=${later}`);
    expect(((await onLater.json()) as { doctors: { doctorId: string; todayRoom: string | null }[] }).doctors.find((d) => d.doctorId === DOCTOR)?.todayRoom).toBe(room);
    const onToday = await page.request.get(`/api/settings/rooms?clinicId=${CLINIC}`);
    expect(((await onToday.json()) as { doctors: { doctorId: string; todayRoom: string | null }[] }).doctors.find((d) => d.doctorId === DOCTOR)?.todayRoom).toBeNull();
    const past = await page.request.get(`/api/settings/rooms?clinicId=${CLINIC}&day=${plusDays(today, -1)}`);
    expect(past.status()).toBe(422);
    expect(past.headers()["content-type"]).toContain("application/problem+json");
    expect(Object.keys(((await past.json()) as { errors: Record<string, string> }).errors)).toEqual(["day"]);

    // Left as found: the later day's room cleared.
    await dayRoom.focus();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.press("Delete");
    await page.keyboard.press("Enter");
    await expect(kavita.getByTestId("room-now")).not.toContainText(room);
  });
}
