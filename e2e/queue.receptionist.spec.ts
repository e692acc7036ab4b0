import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { calendarUrl, futureMonday, registerPatient, sandboxAppointments, takeSlot } from "./slots-support";
import { addDays, dayInZone, weekdayOf } from "../lib/schemas/calendar";
import { demoClinicsOpenOn } from "../sandbox/practice-data";

const CLINIC = "cl-andheri-west";
const DOCTOR = "dr-meera-iyer";

interface Slot {
  confId: string;
  start: string;
  available: boolean;
}

async function freeSlots(request: APIRequestContext, day: string): Promise<Slot[]> {
  const res = await request.get(`/api/slots?doctorId=${DOCTOR}&clinicId=${CLINIC}&from=${day}&to=${day}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { slots: Slot[] }).slots.filter((s) => s.available && s.confId === "conf-mi-consult");
}

async function book(request: APIRequestContext, baseURL: string, patientId: string, slot: Slot): Promise<string> {
  const res = await request.post("/api/slots/bookings", {
    headers: { origin: baseURL },
    data: { idempotencyKey: crypto.randomUUID(), doctorId: DOCTOR, clinicId: CLINIC, patientId, confId: slot.confId, start: slot.start, mode: "in_clinic" },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { appointmentId: string }).appointmentId;
}

const row = (page: Page, id: string) => page.locator(`[data-appointment="${id}"]`);

test.describe("today's queue", () => {
  test("a new desk opens today's queue on a seeded sandbox day, accessible in light and dark, and prints a day list", async ({ page }) => {
    await page.goto(`/appointments/today?clinic=${CLINIC}`);
    await expect(page.getByRole("heading", { level: 1, name: "Today's queue" })).toBeVisible();
    await expect(page.getByRole("navigation").getByRole("link", { name: "Today's queue" }).first()).toHaveAttribute("aria-current", "page");
    // Either the seeded day or, late at night when no slot is left, the empty state.
    await expect(page.locator("[data-appointment]").first().or(page.getByText("No appointments on this day."))).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page);
    await page.emulateMedia({ colorScheme: "dark" });
    await expectAccessible(page);
    // The printed day list: no navigation or controls, the clinic and date on top.
    await page.emulateMedia({ media: "print", colorScheme: "light" });
    await page.setViewportSize({ width: 794, height: 1123 });
    await expect(page.getByRole("button", { name: "Print day list" })).toBeHidden();
    await expect(page.getByRole("navigation")).toBeHidden();
    await expect(page.getByText(/Sunrise Family Clinic, Andheri West · \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
    expect((await page.pdf({ format: "A4", preferCSSPageSize: true })).byteLength).toBeGreaterThan(1000);
  });

  test("check in, a second desk sees it within a second, undo, call in, done; cancel with a reason frees the slot", async ({ page, browser, baseURL }) => {
    // Two desks, five status changes, a cancel and the calendar: a long journey on a shared 2-core machine.
    test.slow();
    const day = futureMonday(3);
    const patientId = await registerPatient(page.request, baseURL!, "Queue", `Walker ${Date.now().toString(36).replace(/[^a-z]/g, "")}`);
    const [first, second, third] = await freeSlots(page.request, day);
    const seen = await book(page.request, baseURL!, patientId, first!);
    const cancelled = await book(page.request, baseURL!, patientId, second!);
    const moved = await book(page.request, baseURL!, patientId, third!);
    const url = `/appointments/today?clinic=${CLINIC}&day=${day}`;

    // A taken slot in the calendar opens the appointment holding it.
    await page.goto(calendarUrl(day));
    await page.locator(`[data-slot="${first!.confId}|${first!.start}"]`).click();
    const holder = page.getByRole("alertdialog", { name: /Taken slot/ });
    await expect(holder).toContainText("Mrs. Queue Walker");
    await expect(holder).toContainText("Booked");
    await holder.getByRole("button", { name: "Close" }).click();

    await page.goto(url);
    const mine = row(page, seen);
    await expect(mine).toHaveAttribute("data-status", "booked");
    await expect(mine).toContainText("₹600");
    await expect(mine).toContainText("In-clinic consultation");

    const other = await browser.newContext({ storageState: "e2e/.auth/receptionist.json" });
    const desk2 = await other.newPage();
    await desk2.goto(url);
    await expect(row(desk2, seen)).toHaveAttribute("data-status", "booked");
    await expect(desk2.getByText("● Live")).toBeVisible();

    // The search box narrows the day's list as one types.
    await page.keyboard.press("/");
    await expect(page.getByLabel("Find a patient")).toBeFocused();
    await page.keyboard.type("zzz-nobody");
    await expect(page.getByText("No appointment matches these filters.")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(mine).toBeVisible();

    await mine.getByRole("button", { name: /^Check in/ }).click();
    const clicked = Date.now();
    await expect(mine).toHaveAttribute("data-status", "checked_in");
    await expect(row(desk2, seen)).toHaveAttribute("data-status", "checked_in", { timeout: 1_000 });
    console.log(`second desk saw the check-in ${Date.now() - clicked} ms after the click`);
    await expect(row(desk2, seen)).toContainText(/Waiting \d+ min/);

    await page.getByRole("button", { name: "Undo" }).click();
    await expect(mine).toHaveAttribute("data-status", "booked");
    await expect(row(desk2, seen)).toHaveAttribute("data-status", "booked", { timeout: 1_000 });

    await mine.getByRole("button", { name: /^Check in/ }).click();
    await expect(mine).toHaveAttribute("data-status", "checked_in");
    await mine.getByRole("button", { name: /^Call in/ }).click();
    await expect(mine).toHaveAttribute("data-status", "in_consultation");
    await mine.getByRole("button", { name: /^Mark done/ }).click();
    await expect(mine).toHaveAttribute("data-status", "done");
    await expect(row(desk2, seen)).toHaveAttribute("data-status", "done");
    await expect(mine.getByRole("button")).toHaveCount(0);

    // The other desk still holds the old version: its move is refused with what happened.
    const stale = await desk2.request.post(`/api/queue/${seen}/status`, { headers: { origin: baseURL! }, data: { to: "checked_in", version: 1 } });
    expect(stale.status()).toBe(409);
    expect((await stale.json()).detail).toContain("done");
    const illegal = await page.request.post(`/api/queue/${seen}/status`, { headers: { origin: baseURL! }, data: { to: "checked_in", version: 6 } });
    expect(illegal.status()).toBe(409);
    expect((await illegal.json()).detail).toContain("This appointment is done");

    const toCancel = row(page, cancelled);
    await toCancel.getByRole("button", { name: /^Cancel/ }).click();
    const dialog = page.getByRole("alertdialog", { name: "Cancel this appointment?" });
    await expect(dialog.getByRole("button", { name: "Keep it" })).toBeFocused();
    // No reason yet: the desk's own message, not the browser's "Please fill out this field."
    await dialog.getByRole("button", { name: "Cancel appointment" }).click();
    await expect(dialog.getByText("Say why the appointment is cancelled.")).toBeVisible();
    await expect(dialog.getByLabel("Reason")).toBeFocused();
    expect(await dialog.getByLabel("Reason").evaluate((el) => (el as HTMLInputElement).validationMessage)).toBe("");
    await dialog.getByLabel("Reason").fill("Patient unwell");
    await dialog.getByRole("button", { name: "Cancel appointment" }).click();
    await expect(toCancel).toHaveAttribute("data-status", "cancelled");
    await expect(toCancel).toContainText("Reason: Patient unwell");
    await expect(row(desk2, cancelled)).toHaveAttribute("data-status", "cancelled");
    expect((await sandboxAppointments()).find((a) => a.appointment_id === cancelled)).toMatchObject({ status: "cancelled" });
    expect((await freeSlots(page.request, day)).some((s) => s.start === second!.start)).toBe(true);

    // Reschedule through the calendar itself: same doctor and service, on the appointment's week.
    await row(page, moved).getByRole("button", { name: /^Reschedule/ }).click();
    const move = page.getByRole("dialog", { name: "Move this appointment" });
    await expect(move).toContainText("Dr. Meera Iyer");
    await expect(move.getByRole("heading", { level: 2, name: new RegExp(`${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`) })).toBeVisible();
    const freeInCalendar = move.locator('[data-slot^="conf-mi-consult|"][data-available="true"]');
    await expect(freeInCalendar.first()).toBeVisible();
    // Only the appointment's own service is offered.
    await expect(move.locator('[data-slot]:not([data-slot^="conf-mi-consult|"])')).toHaveCount(0);
    await expectAccessible(page);
    // Another desk takes the chosen slot before "Move": the dialog says so and stays open.
    const stolen = (await freeInCalendar.nth(1).getAttribute("data-slot"))!.split("|")[1]!;
    await freeInCalendar.nth(1).click();
    await expect(move.getByRole("button", { name: "Move appointment" })).toBeFocused();
    await takeSlot({ doctor_id: DOCTOR, clinic_id: CLINIC, conf_id: "conf-mi-consult", start_time: stolen });
    await move.getByRole("button", { name: "Move appointment" }).click();
    await expect(move.getByRole("alert")).toContainText("Someone took that slot a moment ago");
    await expect(move).toBeVisible();
    await expect(move.locator(`[data-slot="conf-mi-consult|${stolen}"]`)).toHaveAttribute("data-available", "false");
    const targetSlot = move.locator('[data-slot^="conf-mi-consult|"][data-available="true"]').last();
    const targetStart = (await targetSlot.getAttribute("data-slot"))!.split("|")[1]!;
    await targetSlot.click();
    await move.getByRole("button", { name: "Move appointment" }).click();
    await expect(move).toBeHidden();
    await expect.poll(async () => (await sandboxAppointments()).find((a) => a.appointment_id === moved)?.start_time).toBe(targetStart);
    expect((await freeSlots(page.request, day)).some((s) => s.start === third!.start)).toBe(true);
    await expectAccessible(page);
    await other.close();
  });

  test("a receptionist lands on today's queue, on a clinic that works today, and the address keeps the choice", async ({ page }) => {
    const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata" }).format(new Date());
    const directory = (await (await page.request.get("/api/slots/directory")).json()) as { clinics: { platformId: string }[]; doctors: { platformId: string }[] };
    const working: string[] = [];
    for (const c of directory.clinics) {
      for (const d of directory.doctors) {
        const res = await page.request.get(`/api/slots?doctorId=${d.platformId}&clinicId=${c.platformId}&from=${today}&to=${today}`);
        if (res.ok() && ((await res.json()) as { slots: unknown[] }).slots.length > 0) {
          working.push(c.platformId);
          break;
        }
      }
    }
    await page.goto("/");
    await expect(page).toHaveURL(/\/appointments\/today\?clinic=cl-[a-z-]+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Today's queue" })).toBeVisible();
    const chosen = new URL(page.url()).searchParams.get("clinic")!;
    // The first clinic of the list (Kothrud) is closed on some days: the desk opens where there is work.
    if (working.length) expect(chosen).toBe(working[0]);
    await expect(page.getByLabel("Clinic")).toHaveValue(chosen);
    await expect(page.locator("[data-appointment]").first().or(page.getByText("No appointments on this day."))).toBeVisible({ timeout: 20_000 });

    // Another clinic chosen by hand is kept in the address and is where the desk opens next time.
    const other = directory.clinics.map((c) => c.platformId).find((id) => id !== chosen)!;
    await page.getByLabel("Clinic").selectOption(other);
    await expect(page).toHaveURL(new RegExp(`clinic=${other}`));
    await page.goto("/appointments/today");
    await expect(page).toHaveURL(new RegExp(`clinic=${other}`));
    await expect(page.getByLabel("Clinic")).toHaveValue(other);
  });

  test("the date is typed and shown DD/MM/YYYY, by keyboard, with a field error for a day that does not exist, in English and Hindi", async ({ page }) => {
    const day = futureMonday(2);
    const dmy = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
    const next = new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await page.goto(`/appointments/today?clinic=${CLINIC}`);
    const field = page.getByLabel("Date", { exact: true });
    await expect(field).toHaveValue(/^\d{2}\/\d{2}\/\d{4}$/);
    await field.fill(dmy(day));
    await field.press("Enter");
    await expect(page).toHaveURL(new RegExp(`day=${day}`));
    await expect(field).toHaveValue(dmy(day));
    await field.press("ArrowUp");
    await expect(page).toHaveURL(new RegExp(`day=${next}`));
    await expect(field).toHaveValue(dmy(next));
    await page.getByRole("button", { name: "Previous day" }).click();
    await expect(field).toHaveValue(dmy(day));

    await field.fill("31/02/2026");
    await field.press("Enter");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    const error = page.getByText("31/02/2026 is not a day of the calendar.");
    await expect(error).toBeVisible();
    await expect(field).toHaveAttribute("aria-describedby", new RegExp((await error.locator("xpath=..").getAttribute("id"))!));
    await expect(page).toHaveURL(new RegExp(`day=${day}`));
    await expectAccessible(page);
    await field.fill("2026-11-24");
    await field.press("Tab");
    await expect(page.getByText("Write the date as DD/MM/YYYY, for example 24/11/2026.")).toBeVisible();
    await field.press("Escape");
    await page.getByRole("button", { name: "Today", exact: true }).click();
    await expect(page).not.toHaveURL(/day=/);

    await page.context().addCookies([{ name: "locale", value: "hi", url: page.url() }]);
    await page.goto(`/appointments/today?clinic=${CLINIC}&day=${day}`);
    const hindi = page.getByLabel("तारीख़", { exact: true });
    await expect(hindi).toHaveValue(dmy(day));
    await hindi.fill("31/02/2026");
    await hindi.press("Enter");
    await expect(page.getByText("31/02/2026 कैलेंडर का कोई दिन नहीं है।")).toBeVisible();
    await expect(page.getByRole("button", { name: "अगला दिन" })).toBeVisible();
  });

  test("an online booking for a patient the desk does not know shows what the platform sent and is linked to a desk patient, live on another desk", async ({ page, browser, baseURL }) => {
    // The next clinic day is seeded too, with all of its slots still ahead, whatever the hour the test runs.
    const day = addDays(dayInZone(Date.now(), "Asia/Kolkata"), 1);
    const clinic = demoClinicsOpenOn(weekdayOf(day))[0]!;
    await page.goto(`/appointments/today?clinic=${clinic}&day=${day}`);
    const unknown = page.locator("[data-appointment]").filter({ has: page.getByRole("button", { name: /^Link to a patient/ }) });
    await expect(unknown.first()).toBeVisible({ timeout: 20_000 });
    const target = unknown.first();
    const id = (await target.getAttribute("data-appointment"))!;
    await expect(target).toContainText("Not registered at the desk");
    await expect(target).toContainText(/Platform patient id pt-online-/);
    const lastName = `Linked ${Date.now().toString(36).replace(/[^a-z]/g, "")}`;
    await registerPatient(page.request, baseURL!, "Online", lastName);

    const other = await browser.newContext({ storageState: "e2e/.auth/receptionist.json" });
    const desk2 = await other.newPage();
    await desk2.goto(page.url());
    await expect(desk2.locator(`[data-appointment="${id}"]`)).toContainText("Not registered at the desk");
    await expect(desk2.getByText("● Live")).toBeVisible();

    await target.getByRole("button", { name: /^Link to a patient/ }).click();
    const dialog = page.getByRole("dialog", { name: "Link to a patient of the desk" });
    await expect(dialog).toContainText(/Platform patient id pt-online-/);
    await dialog.getByRole("button", { name: "Link patient" }).click();
    await expect(dialog.getByText("Choose the patient this appointment is for.")).toBeVisible();
    await dialog.getByLabel("Desk patient").fill(lastName);
    await dialog.getByLabel("Desk patient").press("ArrowDown");
    await dialog.getByLabel("Desk patient").press("Enter");
    await expect(dialog.getByRole("button", { name: `Link to Mrs. Online ${lastName}` })).toBeFocused();
    await expectAccessible(page);
    await page.keyboard.press("Enter");
    await expect(dialog).toBeHidden();
    const linked = page.locator(`[data-appointment="${id}"]`);
    await expect(linked.getByRole("link", { name: `Mrs. Online ${lastName}` })).toBeVisible();
    await expect(linked.getByRole("button", { name: /^Link to a patient/ })).toHaveCount(0);
    await expect(desk2.locator(`[data-appointment="${id}"]`).getByRole("link", { name: `Mrs. Online ${lastName}` })).toBeVisible({ timeout: 2_000 });
    await other.close();

    // Stored: a reload shows the patient; a second link is refused with 409, an unknown patient with 422.
    await page.reload();
    await expect(page.locator(`[data-appointment="${id}"]`)).toContainText(`Mrs. Online ${lastName}`, { ignoreCase: true });
    const listed = (await (await page.request.get(`/api/queue?clinicId=${clinic}&day=${day}`)).json()) as { appointments: { appointmentId: string; version: number }[] };
    const entry = listed.appointments.find((a) => a.appointmentId === id)!;
    const again = await page.request.post(`/api/queue/${id}/patient`, { headers: { origin: baseURL! }, data: { version: entry.version, patientId: "pt-nobody" } });
    expect(again.status()).toBe(409);
    const stale = await page.request.post(`/api/queue/${id}/patient`, { headers: { origin: baseURL! }, data: { version: 1, patientId: "pt-nobody" } });
    expect(stale.status()).toBe(409);
  });

  test("the queue routes refuse bad input and other roles' rules", async ({ page, baseURL }) => {
    expect((await page.request.get("/api/queue?clinicId=&day=today")).status()).toBe(400);
    const noSuchDay = await page.request.get(`/api/queue?clinicId=${CLINIC}&day=2026-02-31`);
    expect(noSuchDay.status()).toBe(400);
    expect((await noSuchDay.json()).errors.day).toBe("This is not a real calendar date.");
    const missing = await page.request.post("/api/queue/apt_missing/status", { headers: { origin: baseURL! }, data: { to: "checked_in", version: 1 } });
    expect(missing.status()).toBe(404);
    const foreign = await page.request.post("/api/queue/apt_missing/status", { headers: { origin: "https://evil.example" }, data: { to: "checked_in", version: 1 } });
    expect(foreign.status()).toBe(403);
    const noPatient = await page.request.post("/api/queue/apt_missing/patient", { headers: { origin: baseURL! }, data: { version: 1, patientId: "" } });
    expect(noPatient.status()).toBe(400);
    expect((await noPatient.json()).errors.patientId).toBe("Choose a patient.");
    expect((await page.request.post("/api/queue/apt_missing/patient", { headers: { origin: baseURL! }, data: { version: 1, patientId: "pt-1" } })).status()).toBe(404);
  });
});
