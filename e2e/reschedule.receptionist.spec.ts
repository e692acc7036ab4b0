import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { futureMonday, registerPatient, takeSlot } from "./slots-support";

const CLINIC = "cl-andheri-west";
const DOCTOR = "dr-meera-iyer";
const SERVICE = "conf-mi-consult";

const display = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function freeOfService(request: APIRequestContext, from: string, to: string): Promise<{ confId: string; start: string }[]> {
  const res = await request.get(`/api/slots?doctorId=${DOCTOR}&clinicId=${CLINIC}&from=${from}&to=${to}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { slots: { confId: string; start: string; available: boolean }[] }).slots.filter((s) => s.available && s.confId === SERVICE);
}

// Issue 29 item 11: moving an appointment whose week is full opens on the next week with a free slot.
test("reschedule opens on the first week with a free slot of the service, and says which week it skipped (English and Hindi)", async ({ page, baseURL }) => {
  test.slow();
  // A week of its own, far enough ahead that no other journey books in it.
  const monday = futureMonday(9);
  const sunday = plusDays(monday, 6);
  const patientId = await registerPatient(page.request, baseURL!, "Full", `Week ${Date.now().toString(36).replace(/[^a-z]/g, "")}`);
  const [first] = await freeOfService(page.request, monday, monday);
  const booked = await page.request.post("/api/slots/bookings", {
    headers: { origin: baseURL! },
    data: { idempotencyKey: crypto.randomUUID(), doctorId: DOCTOR, clinicId: CLINIC, patientId, confId: first!.confId, start: first!.start, mode: "in_clinic" },
  });
  expect(booked.status()).toBe(201);
  const appointmentId = ((await booked.json()) as { appointmentId: string }).appointmentId;
  // Other desks fill the rest of that week.
  for (const slot of await freeOfService(page.request, monday, sunday)) {
    await takeSlot({ doctor_id: DOCTOR, clinic_id: CLINIC, conf_id: slot.confId, start_time: slot.start });
  }
  expect(await freeOfService(page.request, monday, sunday)).toHaveLength(0);

  await page.goto(`/appointments/today?clinic=${CLINIC}&day=${monday}`);
  const row = page.locator(`[data-appointment="${appointmentId}"]`);
  await row.getByRole("button", { name: /^Reschedule/ }).click();
  const move = page.getByRole("dialog", { name: "Move this appointment" });
  const next = plusDays(monday, 7);
  await expect(move.getByRole("heading", { level: 2, name: new RegExp(display(next)) })).toBeVisible({ timeout: 20_000 });
  await expect(move.getByTestId("picker-skipped")).toHaveText(`No free slot in the week of ${display(monday)}: showing the first week after it that has one.`);
  await expect(move.locator(`[data-slot^="${SERVICE}|"][data-state="free"]`).first()).toBeVisible();
  // Paging back by hand still shows the full week, and the note goes.
  await move.getByRole("button", { name: "Previous week" }).click();
  await expect(move.getByRole("heading", { level: 2, name: new RegExp(display(monday)) })).toBeVisible();
  await expect(move.getByTestId("picker-skipped")).toHaveCount(0);
  await expect(move.locator(`[data-slot^="${SERVICE}|"][data-state="free"]`)).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(move).toBeHidden();

  await page.context().addCookies([{ name: "locale", value: "hi", url: baseURL! }]);
  await page.reload();
  await row.getByRole("button", { name: /^समय बदलें/ }).click();
  await expect(page.getByTestId("picker-skipped")).toHaveText(`${display(monday)} वाले सप्ताह में कोई खाली स्लॉट नहीं है: उसके बाद का पहला सप्ताह दिखाया गया है जिसमें खाली स्लॉट है।`, { timeout: 20_000 });
});
