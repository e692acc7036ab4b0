import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectAccessible, test } from "./fixtures";
import { calendarUrl, futureMonday, registerPatient, sandboxAppointments } from "./slots-support";

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
    await dialog.getByLabel("Reason").fill("Patient unwell");
    await dialog.getByRole("button", { name: "Cancel appointment" }).click();
    await expect(toCancel).toHaveAttribute("data-status", "cancelled");
    await expect(toCancel).toContainText("Reason: Patient unwell");
    await expect(row(desk2, cancelled)).toHaveAttribute("data-status", "cancelled");
    expect((await sandboxAppointments()).find((a) => a.appointment_id === cancelled)).toMatchObject({ status: "cancelled" });
    expect((await freeSlots(page.request, day)).some((s) => s.start === second!.start)).toBe(true);

    // Reschedule: pick another free slot of the same doctor and service; the old one frees up.
    await row(page, moved).getByRole("button", { name: /^Reschedule/ }).click();
    const move = page.getByRole("alertdialog", { name: "Move this appointment" });
    const target = move.getByRole("radio").first();
    await expect(target).toBeVisible();
    const targetStart = await target.getAttribute("value");
    await target.check();
    await move.getByRole("button", { name: "Move appointment" }).click();
    await expect(move).toBeHidden();
    await expect.poll(async () => (await sandboxAppointments()).find((a) => a.appointment_id === moved)?.start_time).toBe(targetStart);
    expect((await freeSlots(page.request, day)).some((s) => s.start === third!.start)).toBe(true);
    await expectAccessible(page);
    await other.close();
  });

  test("the queue routes refuse bad input and other roles' rules", async ({ page, baseURL }) => {
    expect((await page.request.get("/api/queue?clinicId=&day=today")).status()).toBe(400);
    const missing = await page.request.post("/api/queue/apt_missing/status", { headers: { origin: baseURL! }, data: { to: "checked_in", version: 1 } });
    expect(missing.status()).toBe(404);
    const foreign = await page.request.post("/api/queue/apt_missing/status", { headers: { origin: "https://evil.example" }, data: { to: "checked_in", version: 1 } });
    expect(foreign.status()).toBe(403);
  });
});
