import type { APIRequestContext } from "@playwright/test";
import { E2E_STAFF, expect, expectAccessible, signInAs, test } from "./fixtures";
import { futureMonday, registerPatient } from "./slots-support";

/** Issue 28, item 2, from Settings: an admin links a doctor's account to its platform doctor, and the row rules follow. */

const CLINIC = "cl-andheri-west";
const LINKED = { id: "dr-arjun-rao", name: "Dr. Arjun Rao" };
type Calendar = { slots: { confId: string; start: string; available: boolean }[]; services: { confId: string; modes: string[] }[] };

/** An appointment of `doctorId` booked by the admin (who works on every doctor's), a few weeks ahead. */
async function bookFor(request: APIRequestContext, baseURL: string, doctorId: string, weeks: number): Promise<string> {
  const day = futureMonday(weeks);
  const calendar = (await (await request.get(`/api/slots?doctorId=${doctorId}&clinicId=${CLINIC}&from=${day}&to=${day}`)).json()) as Calendar;
  const inClinic = new Set(calendar.services.filter((s) => s.modes.includes("in_clinic")).map((s) => s.confId));
  const slot = calendar.slots.find((s) => s.available && inClinic.has(s.confId));
  expect(slot, `a free in-clinic slot of ${doctorId} on ${day}`).toBeTruthy();
  const patientId = await registerPatient(request, baseURL, "Linkcheck", doctorId === LINKED.id ? "Rao" : "Iyer");
  const booked = await request.post("/api/slots/bookings", {
    headers: { origin: baseURL },
    data: { idempotencyKey: crypto.randomUUID(), doctorId, clinicId: CLINIC, patientId, confId: slot!.confId, start: slot!.start, mode: "in_clinic" },
  });
  expect(booked.status()).toBe(201);
  return ((await booked.json()) as { appointmentId: string }).appointmentId;
}

test("an admin links a doctor's account to its platform doctor from Settings; that doctor then changes exactly those appointments", async ({ page, browser, baseURL }) => {
  test.slow();
  const account = E2E_STAFF.linkDoctor;
  const own = await bookFor(page.request, baseURL!, LINKED.id, 5);
  const other = await bookFor(page.request, baseURL!, "dr-meera-iyer", 5);

  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  const doctor = await context.newPage();
  await signInAs(doctor, account);
  // A cancel: a change allowed on any day (check-in is only for today's patients, and these are weeks ahead).
  const checkIn = (id: string) =>
    doctor.request.post(`/api/queue/${id}/status`, { headers: { origin: baseURL! }, data: { to: "cancelled", version: 1, reason: "Booked to check the doctor link" } });

  // Not linked, and no directory doctor has the name: the doctor changes nothing, and is told why.
  const before = await checkIn(own);
  expect(before.status()).toBe(403);
  expect(((await before.json()) as { detail: string }).detail).toContain("not linked to a doctor on the platform");

  await page.goto("/settings");
  const member = page.getByRole("listitem").filter({ hasText: account.email });
  await expect(member.getByTestId("doctor-link")).toContainText("Not linked to a platform doctor");
  // Keyboard only: the directory's doctors are offered, nothing is typed.
  const select = page.getByLabel(`Platform doctor for ${account.name}`, { exact: true });
  await expect(select.getByRole("option", { name: LINKED.name })).toBeAttached();
  await select.focus();
  await select.selectOption({ label: LINKED.name });
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: `Save link: ${account.name}` })).toBeFocused();
  const saved = page.waitForResponse((r) => r.url().endsWith("/doctor") && r.request().method() === "PUT");
  await page.keyboard.press("Enter");
  expect((await saved).status()).toBe(200);
  await expect(page.getByText(`${account.name} is linked to ${LINKED.name}.`)).toBeVisible();
  await expect(member.getByTestId("doctor-link")).toContainText(`Linked to ${LINKED.name}`);
  await expectAccessible(page);

  // The row rules follow the link: the linked doctor's appointment, not another doctor's.
  expect((await checkIn(own)).status()).toBe(200);
  const refused = await checkIn(other);
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { detail: string }).detail).toBe("Doctors change only their own appointments; this one is another doctor's. The front desk can change it.");

  // A made-up doctor id is refused by the server, naming the field; the link stays.
  const staffId = await member.getByTestId("doctor-link").evaluate((el) => el.querySelector("select")!.id.replace(/^doctor-link-/, ""));
  const bogus = await page.request.put(`/api/settings/staff-sessions/${staffId}/doctor`, { headers: { origin: baseURL! }, data: { platformDoctorId: "dr-made-up" } });
  expect(bogus.status()).toBe(400);
  expect(bogus.headers()["content-type"]).toContain("application/problem+json");
  expect(((await bogus.json()) as { errors: Record<string, string> }).errors).toHaveProperty("platformDoctorId");
  // From another site: refused before anything is read.
  expect((await page.request.put(`/api/settings/staff-sessions/${staffId}/doctor`, { headers: { origin: "https://evil.example" }, data: { platformDoctorId: null } })).status()).toBe(403);

  // Removed again: back to "not linked" (no namesake in the directory), and the doctor changes nothing.
  await select.selectOption({ value: "" });
  await page.getByRole("button", { name: `Save link: ${account.name}` }).click();
  await expect(page.getByText(`${account.name}'s link is removed`)).toBeVisible();
  await expect(member.getByTestId("doctor-link")).toContainText("Not linked to a platform doctor");
  expect((await doctor.request.post(`/api/queue/${own}/status`, { headers: { origin: baseURL! }, data: { to: "in_consultation", version: 2 } })).status()).toBe(403);
  await context.close();
});
