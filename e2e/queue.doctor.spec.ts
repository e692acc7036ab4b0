import { expect, expectAccessible, SANDBOX_URL, test } from "./fixtures";
import { futureMonday, registerPatient } from "./slots-support";

const CLINIC = "cl-andheri-west";
const DOCTOR = "dr-meera-iyer";
const isoDay = (offset: number) => new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Kolkata", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(Date.now() + offset * 86_400_000));
type Calendar = { slots: { confId: string; start: string; available: boolean }[]; services: { confId: string; modes: string[] }[] };

test("a doctor lands on their own queue, filtered to them, on a clinic where they work today", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/appointments\/today\?clinic=cl-[a-z-]+&doctor=dr-meera-iyer$/);
  await expect(page.getByLabel("Doctor")).toHaveValue(DOCTOR);
  await expect(page.getByRole("option", { name: "Dr. Meera Iyer" })).toBeAttached();
  const clinic = new URL(page.url()).searchParams.get("clinic")!;
  const today = isoDay(0);
  const own = await page.request.get(`/api/slots?doctorId=${DOCTOR}&clinicId=${clinic}&from=${today}&to=${today}`);
  // Meera works somewhere every day but Sunday; on her days the chosen clinic is one of hers.
  if (new Date(`${today}T12:00:00Z`).getUTCDay() !== 0) expect(((await own.json()) as Calendar).slots.length).toBeGreaterThan(0);
  // Only her rows are shown.
  await expect(page.locator("section[aria-labelledby^='doctor-']:not([aria-labelledby='doctor-dr-meera-iyer'])")).toHaveCount(0);
  await expectAccessible(page);
});

test("a doctor who chooses all doctors keeps that choice on a reload, and can go back to their own list", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByLabel("Doctor")).toHaveValue(DOCTOR);
  await page.getByLabel("Doctor").selectOption({ label: "All doctors" });
  await expect(page).toHaveURL(/[?&]doctor=all(&|$)/);
  await page.reload();
  await expect(page.getByLabel("Doctor")).toHaveValue("");
  await expect(page).toHaveURL(/[?&]doctor=all(&|$)/);
  await page.getByLabel("Doctor").selectOption(DOCTOR);
  await expect(page).toHaveURL(new RegExp(`[?&]doctor=${DOCTOR}(&|$)`));
  await page.reload();
  await expect(page.getByLabel("Doctor")).toHaveValue(DOCTOR);
  // On a day with no appointments at all, "All doctors" can still be undone: her own name stays offered.
  await page.goto(`/appointments/today?clinic=${CLINIC}&doctor=all&day=${isoDay(60)}`);
  await expect(page.getByLabel("Doctor")).toHaveValue("");
  await page.getByLabel("Doctor").selectOption(DOCTOR);
  await expect(page).toHaveURL(new RegExp(`[?&]doctor=${DOCTOR}(&|$)`));
});

test("the doctor's queue calls the next waiting patient in, then marks the visit done", async ({ page, browser, baseURL }) => {
  // The front desk books and checks a patient in for today.
  const desk = await browser.newContext({ storageState: "e2e/.auth/receptionist.json", baseURL });
  // Today when a free in-clinic slot is left (late in the day there may be none), else the next day that has one.
  let day = "";
  let free: Calendar["slots"] = [];
  for (let offset = 0; offset < 14 && free.length === 0; offset++) {
    day = isoDay(offset);
    const calendar = (await (await desk.request.get(`/api/slots?doctorId=${DOCTOR}&clinicId=${CLINIC}&from=${day}&to=${day}`)).json()) as Calendar;
    const inClinic = new Set(calendar.services.filter((s) => s.modes.includes("in_clinic")).map((s) => s.confId));
    free = calendar.slots.filter((s) => s.available && inClinic.has(s.confId) && new Date(s.start).getTime() > Date.now());
  }
  expect(free.length, "a free in-clinic slot within two weeks").toBeGreaterThan(0);
  const patientId = await registerPatient(desk.request, baseURL!, "Callnext", "Patel");
  const booked = await desk.request.post("/api/slots/bookings", {
    headers: { origin: baseURL! },
    data: { idempotencyKey: crypto.randomUUID(), doctorId: DOCTOR, clinicId: CLINIC, patientId, confId: free[0]!.confId, start: free[0]!.start, mode: "in_clinic" },
  });
  expect(booked.status()).toBe(201);
  const appointmentId = ((await booked.json()) as { appointmentId: string }).appointmentId;
  const checkIn = await desk.request.post(`/api/queue/${appointmentId}/status`, { headers: { origin: baseURL! }, data: { to: "checked_in", version: 1 } });
  const checkInAnswer = (await checkIn.json()) as { code?: string };
  await desk.close();
  await page.goto(`/appointments/today?clinic=${CLINIC}&doctor=${DOCTOR}&day=${day}`);
  const group = page.getByRole("region", { name: /Dr\. Meera Iyer/ });
  const callNext = group.getByRole("button", { name: "Call next for Dr. Meera Iyer" });
  if (day !== isoDay(0)) {
    // No slot of today was left: a later day's patient cannot arrive, be called in or be called next.
    expect(checkIn.status()).toBe(409);
    expect(checkInAnswer.code).toBe("not_today");
    const later = page.locator(`[data-appointment="${appointmentId}"]`);
    await expect(later).toHaveAttribute("data-status", "booked");
    await expect(later.getByTestId("day-reason")).toHaveText("Check-in opens on the appointment's day.");
    await expect(callNext).toHaveCount(0);
    await expect(later.getByRole("button", { name: /^(Check in|Call in)/ })).toHaveCount(0);
    return;
  }
  expect(checkIn.status()).toBe(200);
  const waiting = group.locator('[data-status="checked_in"]');
  await expect(waiting.first()).toBeVisible();
  const next = await waiting.first().getAttribute("data-appointment");
  // Today: "Call next" calls in the earliest slot among those waiting.
  await callNext.click();
  const called = page.locator(`[data-appointment="${next}"]`);
  await expect(called).toHaveAttribute("data-status", "in_consultation");
  await called.getByRole("button", { name: /^Mark done/ }).click();
  await expect(called).toHaveAttribute("data-status", "done");
  await expectAccessible(page);
});

test("a doctor changes only their own appointments: another doctor's row offers no action and the server refuses it; the desk may", async ({ page, browser, baseURL }) => {
  const OTHER = "dr-arjun-rao";
  const day = futureMonday(3);
  const desk = await browser.newContext({ storageState: "e2e/.auth/receptionist.json", baseURL });
  const calendar = (await (await desk.request.get(`/api/slots?doctorId=${OTHER}&clinicId=${CLINIC}&from=${day}&to=${day}`)).json()) as Calendar;
  const inClinic = new Set(calendar.services.filter((s) => s.modes.includes("in_clinic")).map((s) => s.confId));
  const slot = calendar.slots.find((s) => s.available && inClinic.has(s.confId));
  expect(slot, "a free in-clinic slot of Dr. Arjun Rao").toBeTruthy();
  const patientId = await registerPatient(desk.request, baseURL!, "Otherdoc", "Shah");
  const booked = await desk.request.post("/api/slots/bookings", {
    headers: { origin: baseURL! },
    data: { idempotencyKey: crypto.randomUUID(), doctorId: OTHER, clinicId: CLINIC, patientId, confId: slot!.confId, start: slot!.start, mode: "in_clinic" },
  });
  expect(booked.status()).toBe(201);
  const appointmentId = ((await booked.json()) as { appointmentId: string }).appointmentId;

  // On screen, Dr. Meera Iyer sees Dr. Arjun Rao's appointment but is offered nothing on it.
  await page.goto(`/appointments/today?clinic=${CLINIC}&doctor=all&day=${day}`);
  const row = page.locator(`[data-appointment="${appointmentId}"]`);
  await expect(row).toBeVisible();
  await expect(row.getByRole("button")).toHaveCount(0);

  // Asked directly, the server refuses each change, saying why; the platform keeps the appointment.
  const origin = { origin: baseURL! };
  for (const [path, data] of [
    ["status", { to: "cancelled", version: 1, reason: "Not mine to cancel" }],
    ["status", { to: "checked_in", version: 1 }],
    ["undo", { version: 1 }],
    ["reschedule", { version: 1, confId: slot!.confId, start: slot!.start }],
  ] as const) {
    const res = await page.request.post(`/api/queue/${appointmentId}/${path}`, { headers: origin, data });
    expect(res.status(), `${path} ${JSON.stringify(data)}`).toBe(403);
    expect(res.headers()["content-type"]).toContain("application/problem+json");
    expect(((await res.json()) as { detail: string }).detail).toBe("Doctors change only their own appointments; this one is another doctor's. The front desk can change it.");
  }
  const onPlatform = ((await (await fetch(`${SANDBOX_URL}/__sandbox/appointments`)).json()) as { appointments: { appointment_id: string; status: string }[] }).appointments;
  expect(onPlatform.find((a) => a.appointment_id === appointmentId)?.status).toBe("booked");

  // The front desk works on every doctor's appointments.
  const cancelled = await desk.request.post(`/api/queue/${appointmentId}/status`, { headers: origin, data: { to: "cancelled", version: 1, reason: "Patient called" } });
  expect(cancelled.status()).toBe(200);
  await desk.close();
});
