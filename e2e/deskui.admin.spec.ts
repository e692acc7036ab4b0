import { expect, expectAccessible, releaseDemoSlots, test } from "./fixtures";
import { registerPerson, watchErrors } from "./deskui-support";
import { futureMonday } from "./slots-support";

test("the live feed loads without a hydration mismatch or any console error", async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto("/live");
  await expect(page.getByTestId("feed-status")).toHaveAttribute("data-status", "live");
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  await expect(page.getByTestId("feed-status")).toHaveAttribute("data-status", "live");
  expect(errors.filter((e) => /418|hydrat|did not match/i.test(e))).toEqual([]);
  expect(errors).toEqual([]);
});

test("the audit log names the patient and the action in words, with a burst of searches as one line", async ({ page, browser, baseURL }) => {
  test.slow();
  const tag = Date.now().toString(36).slice(-5).replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);
  // A receptionist registers a patient, searches as they type, opens the record and views a document.
  const desk = await browser.newContext({ storageState: "e2e/.auth/receptionist.json" });
  const reception = await desk.newPage();
  const id = await registerPerson(reception.request, baseURL!, { designation: "Mrs.", firstName: "Kamala", lastName: `Auditson${tag}`, gender: "F", dob: "1970-05-20", mobile: "+919811122233", uhid: `UH-AUD-${tag}` });
  for (const q of ["ka", "kam", "kama", "kamal", "kamala"]) expect((await reception.request.get(`/api/patients/search?q=${q}&limit=5`)).status()).toBe(200);
  expect((await reception.request.get(`/api/patients/${id}`)).status()).toBe(200);
  const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
  const up = await reception.request.post(`/api/documents?patient=${id}&dt=lr&name=audit-report.pdf`, { headers: { origin: baseURL!, "content-type": "application/pdf" }, data: pdf });
  expect(up.status()).toBe(201);
  const doc = (await up.json()) as { id: string };
  expect((await reception.request.get(`/api/documents/${doc.id}/file`)).status()).toBe(200);
  expect((await reception.request.get(`/api/documents/${doc.id}/file?download=1`)).status()).toBe(200);
  await desk.close();

  await page.goto("/patients/audit");
  const table = page.getByRole("table", { name: "Patient audit log" });
  const rows = table.getByRole("row");
  const forPatient = rows.filter({ hasText: `Mrs. Kamala Auditson${tag}` });
  await expect(forPatient.filter({ hasText: "Registered the patient" })).toHaveCount(1);
  await expect(forPatient.filter({ hasText: "Opened the patient's record" })).toHaveCount(1);
  await expect(forPatient.filter({ hasText: "Viewed a document" })).toContainText("audit-report.pdf");
  await expect(forPatient.filter({ hasText: "Downloaded a document" })).toHaveCount(1);
  await expect(forPatient.first()).toContainText(`UHID UH-AUD-${tag}`);
  // Five keystroke searches by Priya: one line that says how many and when.
  await expect(rows.filter({ hasText: "Priya Sharma" }).filter({ hasText: /Searched patients \(\d+ times, \d{2}:\d{2}–\d{2}:\d{2}\)/ }).first()).toBeVisible();
  // No raw codes or 32-hex ids in the what and patient columns.
  await expect(table.getByText("patients.uhid-check")).toHaveCount(0);
  await expect(table.getByText(id, { exact: true })).toHaveCount(0);
  await expectAccessible(page);

  // The same log in Hindi: actions in Hindi words too.
  await page.context().addCookies([{ name: "locale", value: "hi", url: baseURL! }]);
  await page.reload();
  const hindi = page.getByRole("table").getByRole("row").filter({ hasText: `Mrs. Kamala Auditson${tag}` });
  await expect(hindi.filter({ hasText: "मरीज़ का पंजीकरण किया" })).toHaveCount(1);
  await expect(hindi.filter({ hasText: "दस्तावेज़ देखा" })).toHaveCount(1);
});

test("the audit log tells the whole day: booking, reschedule and cancel with its reason, doctors in the staff filter, in English and Hindi (issue 29 item 6)", async ({ page, browser, baseURL }) => {
  const tag = Date.now().toString(36).slice(-5).replace(/\d/g, (d) => "abcdefghij"[Number(d)]!);
  const desk = await browser.newContext({ storageState: "e2e/.auth/receptionist.json" });
  const reception = await desk.newPage();
  const id = await registerPerson(reception.request, baseURL!, { designation: "Mrs.", firstName: "Radha", lastName: `Dayson${tag}`, gender: "F", dob: "1971-06-21", mobile: "+919811122244", uhid: `UH-DAY-${tag}` });
  const day = futureMonday(6);
  // Which slots the demo holds depends on the date: this journey makes sure it has the three it needs.
  await releaseDemoSlots("dr-meera-iyer", "cl-andheri-west", day);
  const calendar = (await (await reception.request.get(`/api/slots?doctorId=dr-meera-iyer&clinicId=cl-andheri-west&from=${day}&to=${day}`)).json()) as { slots: { confId: string; start: string; available: boolean }[] };
  const free = calendar.slots.filter((s) => s.available && s.confId === "conf-mi-consult");
  expect(free.length, "three free consultation slots").toBeGreaterThanOrEqual(3);
  const origin = { origin: baseURL! };
  const booked: string[] = [];
  for (const slot of free.slice(0, 2)) {
    const res = await reception.request.post("/api/slots/bookings", { headers: origin, data: { idempotencyKey: crypto.randomUUID(), doctorId: "dr-meera-iyer", clinicId: "cl-andheri-west", patientId: id, confId: slot.confId, start: slot.start, mode: "in_clinic" } });
    expect(res.status()).toBe(201);
    booked.push(((await res.json()) as { appointmentId: string }).appointmentId);
  }
  expect((await reception.request.post(`/api/queue/${booked[0]}/reschedule`, { headers: origin, data: { version: 1, confId: free.at(-1)!.confId, start: free.at(-1)!.start } })).status()).toBe(200);
  expect((await reception.request.post(`/api/queue/${booked[1]}/status`, { headers: origin, data: { to: "cancelled", version: 1, reason: `Family emergency ${tag}` } })).status()).toBe(200);
  await desk.close();

  await page.goto("/patients/audit");
  // Doctors are in the staff filter even before they touched a record.
  await expect(page.getByLabel("Staff member").getByRole("option", { name: "Dr. Meera Iyer" })).toBeAttached();
  const rows = page.getByRole("table", { name: "Patient audit log" }).getByRole("row").filter({ hasText: `Mrs. Radha Dayson${tag}` });
  await expect(rows.filter({ hasText: "Booked an appointment" })).toHaveCount(2);
  await expect(rows.filter({ hasText: "Rescheduled an appointment" })).toContainText(/Moved to \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/);
  await expect(rows.filter({ hasText: "Cancelled an appointment" })).toContainText(`Reason: Family emergency ${tag}`);
  await expectAccessible(page);

  await page.context().addCookies([{ name: "locale", value: "hi", url: baseURL! }]);
  await page.reload();
  const hindi = page.getByRole("table").getByRole("row").filter({ hasText: `Mrs. Radha Dayson${tag}` });
  await expect(hindi.filter({ hasText: "अपॉइंटमेंट बुक किया" })).toHaveCount(2);
  await expect(hindi.filter({ hasText: "अपॉइंटमेंट रद्द किया" })).toContainText(`कारण: Family emergency ${tag}`);
});
