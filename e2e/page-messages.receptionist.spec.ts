import type { Locator, Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { expect, test } from "./fixtures";
import { bookSlot, calendarUrl, freeSlots, futureMonday, registerPatient, takeSlot } from "./slots-support";
import { dayInZone } from "../lib/schemas/calendar";

/**
 * Each page downloads the messages of the features it shows, in its language only, and each lazy
 * dialog brings its own before it renders (lib/i18n/features.ts, lib/i18n/page-messages.test.ts):
 * nothing on screen is ever a raw key ("queue.cancelTitle") or an unfilled "{patient}".
 */
type Lang = "en" | "hi";
const FOLDERS = { queue: "queue", patients: "patients", slots: "slots", drugs: "drugs", settings: "settings", opdSlips: "opdSlips" } as const;

/** A long message with no argument from a feature's catalogue: it appears, as written, only in that feature's chunk. */
function marker(feature: keyof typeof FOLDERS, lang: Lang): string {
  const messages = JSON.parse(readFileSync(`lib/i18n/messages/${FOLDERS[feature]}/${lang}.json`, "utf8")) as Record<string, unknown>;
  const plain: string[] = [];
  const walk = (v: unknown) => {
    if (typeof v === "string") {
      if (!/[{}'<]/.test(v)) plain.push(v);
    } else if (v && typeof v === "object") Object.values(v).forEach(walk);
  };
  walk(messages);
  return plain.sort((a, b) => b.length - a.length)[0]!;
}

function scriptsOf(page: Page) {
  const texts: string[] = [];
  page.on("response", (res) => {
    if (res.request().resourceType() === "script") void res.text().then((t) => texts.push(t), () => {});
  });
  return { carries: (text: string) => texts.some((t) => t.includes(JSON.stringify(text).slice(1, -1)) || t.includes(text)) };
}

const RAW_KEY = /\b(?:meta|common|sandbox|nav|problems|queue|patients|slots|opdSlips|billing|abdmShares|abha|documents|drugs|settings|live)\.[a-z][A-Za-z]+(?:\.[A-Za-z]+)*\b/;
const TEMPLATE = /\{[a-zA-Z]+(?:, ?(?:plural|select|number|date|time))?[},]/;

async function expectWords(box: Locator) {
  const text = await box.innerText();
  expect(text, "a raw message key").not.toMatch(RAW_KEY);
  expect(text, "an unfilled message").not.toMatch(TEMPLATE);
}

/** Escape closes a dialog; a first one may only close its open list (the patient picker's). */
async function close(page: Page, dialog: Locator) {
  await expect(async () => {
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden({ timeout: 1000 });
  }).toPass();
}

async function useLanguage(page: Page, lang: Lang, baseURL: string | undefined) {
  if (lang === "hi") await page.context().addCookies([{ name: "locale", value: "hi", url: baseURL! }]);
}

/** Books the first free consultation of Dr. Meera Iyer at Andheri West in the week from `monday`, for a new patient, through the desk; its day and id. */
async function bookOne(page: Page, baseURL: string, monday: string, lang: Lang): Promise<{ day: string; appointmentId: string }> {
  const patientId = await registerPatient(page.request, baseURL, "Words", `Dialog ${lang}${Date.now().toString(36).replace(/[^a-z]/g, "")}`);
  const saturday = new Date(Date.parse(`${monday}T00:00:00Z`) + 5 * 86_400_000).toISOString().slice(0, 10);
  const [free] = await freeSlots(page.request, { doctorId: "dr-meera-iyer", clinicId: "cl-andheri-west", confId: "conf-mi-consult", from: monday, to: saturday });
  expect(free, `a free consultation in the week of ${monday}`).toBeDefined();
  const appointmentId = await bookSlot(page.request, baseURL, { doctorId: "dr-meera-iyer", clinicId: "cl-andheri-west", patientId, slot: free! });
  return { day: dayInZone(Date.parse(free!.start), "Asia/Kolkata"), appointmentId };
}

for (const lang of ["en", "hi"] as const) {
  test(`${lang}: today's queue downloads its own features' messages in its language only, and its dialogs bring theirs`, async ({ page, baseURL }) => {
    await useLanguage(page, lang, baseURL);
    const other: Lang = lang === "en" ? "hi" : "en";
    const scripts = scriptsOf(page);
    const response = await page.goto("/appointments/today");
    const html = await response!.text();
    await expect(page.locator("html")).toHaveAttribute("lang", lang);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await expectWords(page.locator("body"));
    await expect.poll(() => scripts.carries(marker("queue", lang))).toBe(true);
    // Not another page's features, nor the other language, nor the messages a second time in the HTML.
    for (const feature of ["patients", "slots", "drugs", "settings"] as const) expect(scripts.carries(marker(feature, lang)), feature).toBe(false);
    expect(scripts.carries(marker("queue", other)), "the other language").toBe(false);
    expect(html.includes(marker("queue", lang)), "messages in the HTML").toBe(false);
    // The first hover brings the dialogs, and with them the patient picker's and the calendar's words.
    await page.locator("main").hover();
    await page.getByRole("heading", { level: 1 }).hover();
    await expect.poll(() => scripts.carries(marker("patients", lang)) && scripts.carries(marker("slots", lang))).toBe(true);
    expect(scripts.carries(marker("patients", other)), "the other language").toBe(false);
  });

  test(`${lang}: every dialog of today's queue opens in words, never keys`, async ({ page, baseURL }) => {
    await useLanguage(page, lang, baseURL);
    // Its own booked appointment, on a later day of its own per language, so the queue has one to act
    // on whatever the time of day and whatever other journeys did to the seeded day.
    const { day, appointmentId } = await bookOne(page, baseURL!, futureMonday(lang === "en" ? 15 : 16), lang);
    await page.goto("/appointments/today");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Straight to the click, with no hover first: the dialog waits for its messages as for its code.
    const q = (JSON.parse(readFileSync(`lib/i18n/messages/queue/${lang}.json`, "utf8")) as { queue: { reschedule: string; move: { cancelled: string } } }).queue;
    await page.getByTestId("walk-in-open").click();
    let dialog = page.locator("dialog[open]");
    await expect(dialog).toBeVisible();
    await expectWords(dialog);
    await close(page, dialog);

    // The booked appointment, on its day's queue: reschedule it, cancel it (each dialog then closed, nothing changed).
    await page.goto(`/appointments/today?clinic=cl-andheri-west&day=${day}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const booked = page.locator(`[data-appointment="${appointmentId}"]`);
    await expect(booked).toHaveAttribute("data-status", "booked");
    for (const action of [q.reschedule, q.move.cancelled]) {
      const button = booked.getByRole("button", { name: new RegExp(`^${action}: `) });
      await expect(button).toBeVisible();
      await button.click();
      dialog = page.locator("dialog[open]");
      await expect(dialog).toBeVisible();
      await expectWords(dialog);
      await close(page, dialog);
    }
    await expectWords(page.locator("body"));
  });

  test(`${lang}: the slot calendar's booking and taken-slot dialogs open in words, after moving there from the queue`, async ({ page, baseURL }) => {
    test.slow();
    await useLanguage(page, lang, baseURL);
    // A week of its own per language (the two may run side by side), which no other journey books in.
    const monday = futureMonday(lang === "en" ? 13 : 14);
    await page.goto("/appointments/today");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // A move within the desk (no new page load) to a page with other features.
    await page.locator('nav a[href^="/slots"]').first().click();
    await expect(page).toHaveURL(/\/slots/);
    await expect(page.locator("[data-slot]").first()).toBeVisible();
    await expectWords(page.locator("main"));

    await page.goto(calendarUrl(monday));
    const free = page.locator('[data-slot][data-available="true"]');
    await expect(free.first()).toBeVisible();
    const [confId, start] = (await free.nth(1).getAttribute("data-slot"))!.split("|");
    await takeSlot({ doctor_id: "dr-meera-iyer", clinic_id: "cl-andheri-west", conf_id: confId!, start_time: start! });
    await page.reload();
    await free.first().click();
    let dialog = page.locator("dialog[open]");
    await expect(dialog).toBeVisible();
    await expectWords(dialog);
    // Its own close button: Escape in the patient picker only closes the list.
    const closeWord = (JSON.parse(readFileSync(`lib/i18n/messages/slots/${lang}.json`, "utf8")) as { slots: { booking: { close: string } } }).slots.booking.close;
    await dialog.getByRole("button", { name: closeWord }).click();
    await expect(dialog).toBeHidden();

    await page.locator(`[data-slot="${confId}|${start}"]`).click();
    dialog = page.locator("dialog[open]");
    await expect(dialog).toBeVisible();
    await expectWords(dialog);
  });
}
