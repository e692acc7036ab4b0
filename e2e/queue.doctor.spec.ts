import { expect, expectAccessible, test } from "./fixtures";
import { registerPatient } from "./slots-support";

const CLINIC = "cl-andheri-west";
const DOCTOR = "dr-meera-iyer";
const today = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

test("the doctor's queue calls the next waiting patient in, then marks the visit done", async ({ page, browser, baseURL }) => {
  // The front desk books and checks a patient in for today.
  const desk = await browser.newContext({ storageState: "e2e/.auth/receptionist.json", baseURL });
  const day = today();
  const cal = await desk.request.get(`/api/slots?doctorId=${DOCTOR}&clinicId=${CLINIC}&from=${day}&to=${day}`);
  const calendar = (await cal.json()) as { slots: { confId: string; start: string; available: boolean }[]; services: { confId: string; modes: string[] }[] };
  const inClinic = new Set(calendar.services.filter((s) => s.modes.includes("in_clinic")).map((s) => s.confId));
  const free = calendar.slots.filter((s) => s.available && inClinic.has(s.confId));
  test.skip(free.length === 0, "the demo calendar has no free slot left today");
  const patientId = await registerPatient(desk.request, baseURL!, "Callnext", "Patel");
  const booked = await desk.request.post("/api/slots/bookings", {
    headers: { origin: baseURL! },
    data: { idempotencyKey: crypto.randomUUID(), doctorId: DOCTOR, clinicId: CLINIC, patientId, confId: free[0]!.confId, start: free[0]!.start, mode: "in_clinic" },
  });
  expect(booked.status()).toBe(201);
  const appointmentId = ((await booked.json()) as { appointmentId: string }).appointmentId;
  const checkIn = await desk.request.post(`/api/queue/${appointmentId}/status`, { headers: { origin: baseURL! }, data: { to: "checked_in", version: 1 } });
  expect(checkIn.status()).toBe(200);
  await desk.close();

  await page.goto(`/appointments/today?clinic=${CLINIC}&doctor=${DOCTOR}`);
  const group = page.getByRole("region", { name: /Dr\. Meera Iyer/ });
  const waiting = group.locator('[data-status="checked_in"]');
  await expect(waiting.first()).toBeVisible();
  // The earliest slot among those waiting is called in first.
  const next = await waiting.first().getAttribute("data-appointment");
  await group.getByRole("button", { name: "Call the next waiting patient for Dr. Meera Iyer" }).click();
  const called = page.locator(`[data-appointment="${next}"]`);
  await expect(called).toHaveAttribute("data-status", "in_consultation");
  await called.getByRole("button", { name: /^Mark done/ }).click();
  await expect(called).toHaveAttribute("data-status", "done");
  await expectAccessible(page);
});
