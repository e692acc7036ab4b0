import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { signatureHeader } from "../lib/platform/wire/webhook-signature";
import { expect, expectAccessible, resetSandboxFaults, SANDBOX_URL, setSandboxFaults, test } from "./fixtures";
import { registerPatient } from "./slots-support";

const APP = `http://localhost:${process.env.E2E_APP_PORT ?? 3100}`;

test.describe.configure({ mode: "serial" });
// Two browsers on a build-sized machine shared by several suites.
test.setTimeout(120_000);

// The key shown once after rotation: later tests play an attacker who captured a signed delivery.
let issuedKey = "";

const emit = (event: string, data: Record<string, unknown>) =>
  fetch(`${SANDBOX_URL}/__sandbox/events`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ event, data }) });

test("fail closed: before the receiver is connected an unsigned event is refused and never reaches the feed; after connecting, a signed one does within 2 s", async ({ page, browser, request }) => {
  const doctorContext = await browser.newContext({ storageState: "e2e/.auth/doctor.json", baseURL: APP, permissions: ["clipboard-read", "clipboard-write"] });
  const doctor = await doctorContext.newPage();
  await doctor.goto("/live");
  await expect(doctor.getByTestId("feed-status")).toHaveAttribute("data-status", "live", { timeout: 30_000 });

  await page.goto("/settings");
  await expect(page.getByTestId("webhook-intake")).toContainText("No key yet: events are refused until you connect the receiver.");

  // A fresh install: an attacker's unsigned event with their own links is refused, on both receiver paths.
  const forged = JSON.stringify({ event: "appointment.tele.dr_joined", transaction_id: "txn-attacker", event_time: 1, data: { doctor_id: "doc-attacker", patient_id: "pt-attacker", video_connect: { host_link: "https://evil.example/host", meet_link: "https://evil.example/p", vendor: "x" } } });
  for (const path of ["/api/webhooks/platform", "/registered_url_for_appointment_tele_dr_joined_webhook_events"]) {
    const res = await request.post(path, { data: forged, headers: { "content-type": "application/json" } });
    expect(res.status(), path).toBe(401);
    expect(res.headers()["content-type"]).toContain("application/problem+json");
    expect(((await res.json()) as { code: string }).code).toBe("no_signing_key");
  }
  const history = await request.get("/api/events?limit=50");
  expect(((await history.json()) as { events: unknown[] }).events).toEqual([]);
  await expect(page.getByTestId("delivery-log")).toContainText("Refused (401)", { timeout: 10_000 });
  await expect(page.getByTestId("delivery-log")).toContainText("No signing key is configured yet");
  await expect(doctor.locator("[data-event-id]")).toHaveCount(0);
  await expect(doctor.getByText("pt-attacker")).toHaveCount(0);

  // A test event with nothing subscribed goes nowhere: the desk says so plainly (in English and Hindi), and what to do.
  await page.getByRole("button", { name: "Simulate a doctor joining" }).click();
  await expect(page.getByText("No subscription is connected, so the test event went nowhere and nothing will arrive on the live feed.")).toBeVisible();
  await expect(page.getByText("Connect this app’s receiver above, then send the test event again.")).toBeVisible();
  await expect(page.getByText("Open the live feed to watch it arrive.")).toHaveCount(0);
  await page.context().addCookies([{ name: "locale", value: "hi", url: APP }]);
  await page.reload();
  await page.getByRole("button", { name: "डॉक्टर का जुड़ना अनुकरण करें" }).click();
  await expect(page.getByText("कोई सदस्यता जुड़ी नहीं है, इसलिए परीक्षण घटना कहीं नहीं गई और लाइव फ़ीड पर कुछ नहीं आएगा।")).toBeVisible();
  await page.context().addCookies([{ name: "locale", value: "en", url: APP }]);
  await page.reload();

  await page.getByRole("button", { name: "Connect this app's receiver" }).click();
  await expect(page.getByTestId("signing-key")).toHaveText(/^whsec_[A-Za-z0-9_-]{43}$/);
  const row = page.getByTestId("webhook-subscription").filter({ hasText: `${APP}/api/webhooks/platform` });
  await expect(row).toContainText("This app");
  await expect(page.getByText("This app's receiver is registered.")).toBeVisible();
  await expect(page.getByTestId("webhook-intake")).toContainText("Events are stored only when signed");
  await page.getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("signing-key")).toHaveCount(0);

  // The settings button goes through the BFF and the platform sign-in; it must work, however slow the first call.
  await page.getByRole("button", { name: "Simulate a doctor joining" }).click();
  await expect(doctor.getByTestId("doctor-joined-card")).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByText(/Test event sent to 1 subscription/)).toBeVisible();

  // Event to screen: from the platform raising it to the doctor's browser showing it.
  const started = Date.now();
  // The signed-in doctor's own consultation (the demo doctor is Dr. Meera Iyer on the platform).
  const emitted = await emit("appointment.tele.dr_joined", { patient_id: "pt-e2e-1", doctor_id: "dr-meera-iyer", clinic_id: "clinic-koramangala" });
  expect(emitted.status).toBe(202);
  const card = doctor.getByTestId("doctor-joined-card").filter({ hasText: "pt-e2e-1" });
  await expect(card).toBeVisible({ timeout: 2000 });
  const elapsed = Date.now() - started;
  console.log(`doctor-joined event on screen ${elapsed} ms after the platform raised it`);
  expect(elapsed).toBeLessThan(2000);
  await expect(doctor.getByTestId("doctor-joined-card").first()).toContainText("pt-e2e-1");

  await expect(card).toContainText("joined the video consultation");
  await expect(card).toContainText("Patient ID pt-e2e-1");
  const join = card.getByRole("link", { name: "Join as host" });
  const host = await join.getAttribute("href");
  expect(host).toMatch(/^https:\/\/meet\.jit\.si\/ClinicFrontDesk-/);
  await expect(join).toHaveAttribute("target", "_blank");
  await card.getByRole("button", { name: "Copy patient link" }).click();
  const copied = await doctor.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(host!.split("#")[0]);
  await expect(doctor.getByText(/Patient link copied/)).toBeVisible();

  // Another doctor's consultation: the card shows, but only its own doctor is offered to host it.
  expect((await emit("appointment.tele.dr_joined", { patient_id: "pt-e2e-other", doctor_id: "dr-arjun-rao", clinic_id: "clinic-koramangala" })).status).toBe(202);
  const others = doctor.getByTestId("doctor-joined-card").filter({ hasText: "pt-e2e-other" });
  await expect(others).toBeVisible({ timeout: 10_000 });
  await expect(others.getByRole("link", { name: "Join as host" })).toHaveCount(0);
  await expect(others.getByRole("button", { name: "Copy patient link" })).toBeVisible();
  await expect(others.getByTestId("blocked-link")).toHaveCount(0);

  // A join link that is not https (here javascript:) is shown as inert text with a warning, never as a link.
  expect((await emit("appointment.tele.dr_joined", { patient_id: "pt-e2e-js", doctor_id: "dr-meera-iyer", video_connect: { host_link: "javascript:alert(document.cookie)", meet_link: "https://meet.jit.si/ok", vendor: "jitsi" } })).status).toBe(202);
  const risky = doctor.getByTestId("doctor-joined-card").filter({ hasText: "pt-e2e-js" });
  await expect(risky).toBeVisible({ timeout: 10_000 });
  await expect(risky.getByRole("link", { name: "Join as host" })).toHaveCount(0);
  await expect(risky.getByTestId("blocked-link")).toContainText("Link not opened: it is not a secure (https) address");
  await expect(risky.getByTestId("blocked-link")).toContainText("javascript:alert(document.cookie)");
  expect(await doctor.locator('a[href^="javascript:"]').count()).toBe(0);

  // A booking reads in words, and the filters name the doctor and clinic from the clinic directory.
  const today = new Date(Date.now() + 5.5 * 3_600_000).toISOString().slice(0, 10);
  expect((await emit("appointment.created", { patient_id: "pt-e2e-2", doctor_id: "dr-arjun-rao", clinic_id: "cl-kothrud", appointment_id: "appt-e2e-raw-7", start_time: `${today}T10:30:00+05:30`, service_name: "Child consultation" })).status).toBe(202);
  const booking = doctor.getByTestId("generic-event-card").filter({ hasText: "pt-e2e-2" });
  await expect(booking).toBeVisible({ timeout: 10_000 });
  await expect(booking.getByRole("heading")).toHaveText("Appointment booked: Patient ID pt-e2e-2 with Dr. Arjun Rao at 10:30, Kothrud Health Centre");
  // The appointment reads as its time, never as the platform's raw id (issue 29 item 11).
  await expect(booking).not.toContainText("appt-e2e-raw-7");
  await expect(booking.locator("dd").filter({ hasText: /^10:30$/ })).toHaveCount(1);
  const doctorFilter = doctor.getByLabel("Doctor", { exact: true });
  await expect(doctorFilter.locator("option", { hasText: "Dr. Arjun Rao" })).toHaveAttribute("value", "dr-arjun-rao");
  await expect(doctorFilter.locator("option", { hasText: "dr-arjun-rao" })).toHaveCount(0);
  const clinicFilter = doctor.getByLabel("Clinic", { exact: true });
  await expect(clinicFilter.locator("option", { hasText: "Kothrud Health Centre" })).toHaveAttribute("value", "cl-kothrud");
  await clinicFilter.selectOption("cl-kothrud");
  await expect(booking).toBeVisible();
  await expect(doctor.locator("[data-event-id]").filter({ hasNotText: "Kothrud Health Centre" })).toHaveCount(0);
  await clinicFilter.selectOption("");

  await expectAccessible(doctor);

  // History survives a reload.
  const id = await card.getAttribute("data-event-id");
  await doctor.reload();
  await expect(doctor.locator(`[data-event-id="${id}"]`)).toBeVisible();

  // The receiver's log shows the stored delivery.
  await expect(page.getByTestId("delivery-log")).toContainText("Stored", { timeout: 10_000 });
  await expectAccessible(page);
  await doctorContext.close();
});

test("rotating the key goes through a confirmation that says the subscription gets a new number, then shows the new key once", async ({ page }) => {
  await page.goto("/settings");
  const row = page.getByTestId("webhook-subscription").filter({ hasText: `${APP}/api/webhooks/platform` });
  const oldId = await row.getAttribute("data-subscription-id");
  await row.getByRole("button", { name: `Rotate key #${oldId}` }).click();
  const dialog = page.getByRole("alertdialog", { name: `Rotate the key of subscription #${oldId}?` });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("registered again as a new subscription with a new key");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Rotate key" }).click();
  await expect(dialog).toBeHidden();
  const key = page.getByTestId("signing-key");
  await expect(key).toHaveText(/^whsec_[A-Za-z0-9_-]{43}$/);
  issuedKey = (await key.textContent())!;
  const newRow = page.getByTestId("webhook-subscription").filter({ hasText: `${APP}/api/webhooks/platform` });
  await expect(newRow).not.toHaveAttribute("data-subscription-id", oldId!);
  const newId = await newRow.getAttribute("data-subscription-id");
  expect(newId).not.toBe(oldId);
  await expect(page.getByText(`Subscription #${newId} replaces #${oldId}: the same address and events, with a new key.`)).toBeVisible();
  await expect(page.getByTestId("webhook-subscription")).toHaveCount(1);
  await page.getByRole("button", { name: "Done" }).click();
  await expect(key).toHaveCount(0);

  // Deleting asks first; cancelling keeps the subscription.
  await newRow.getByRole("button", { name: `Delete #${newId}` }).click();
  const ask = page.getByRole("alertdialog", { name: `Delete subscription #${newId}?` });
  await expect(ask).toContainText(`${APP}/api/webhooks/platform`);
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toBeHidden();
  await expect(newRow).toBeVisible();

  // Events signed with the new key still arrive.
  await page.goto("/live");
  await expect(page.getByTestId("feed-status")).toHaveAttribute("data-status", "live", { timeout: 30_000 });
  expect((await emit("appointment.tele.dr_joined", { patient_id: "pt-after-rotation" })).status).toBe(202);
  await expect(page.getByTestId("doctor-joined-card").filter({ hasText: "pt-after-rotation" })).toBeVisible({ timeout: 10_000 });
});

test("forged, replayed and malformed deliveries are refused or dropped and never reach the feed twice", async ({ page, request }) => {
  await page.goto("/live");
  await expect(page.getByTestId("feed-status")).toHaveAttribute("data-status", "live", { timeout: 30_000 });
  const cards = await page.locator("[data-event-id]").count();
  const body = JSON.stringify({ event: "appointment.tele.dr_joined", data: { doctor_id: "doc-forged", patient_id: "pt-forged" } });
  const t = Math.floor(Date.now() / 1000);
  const forged = await request.post("/api/webhooks/platform", {
    data: body,
    headers: { "content-type": "application/json", "Svc-Webhook-Signature": `t=${t},v1=${"0".repeat(64)}` },
  });
  expect(forged.status()).toBe(401);
  const unsigned = await request.post("/registered_url_for_appointment_tele_dr_joined_webhook_events", { data: body, headers: { "content-type": "application/json" } });
  expect(unsigned.status()).toBe(401);
  const oversized = await request.post("/api/webhooks/platform", { data: "x".repeat(300 * 1024), headers: { "content-type": "application/json" } });
  expect(oversized.status()).toBe(413);

  // A captured, validly signed delivery replayed within the tolerance with a new or no delivery id: a duplicate, stored once.
  expect(issuedKey).toMatch(/^whsec_/);
  const deliveries = (await (await fetch(`${SANDBOX_URL}/__sandbox/webhooks/deliveries`)).json()) as { data: { body: unknown; endpoint: string; state: string }[] };
  const captured = deliveries.data.find((d) => d.state === "delivered" && d.endpoint === `${APP}/api/webhooks/platform`);
  expect(captured).toBeDefined();
  const capturedBody = JSON.stringify(captured!.body);
  const stored = async () => ((await (await request.get("/api/events?limit=200")).json()) as { events: { id: number }[] }).events.length;
  const before = await stored();
  for (const id of ["evt_replayed_new_id", null, "evt_replayed_again"]) {
    const signature = signatureHeader([issuedKey], Math.floor(Date.now() / 1000), capturedBody);
    const replay = await request.post("/api/webhooks/platform", {
      data: capturedBody,
      headers: { "content-type": "application/json", "Svc-Webhook-Signature": signature, ...(id ? { "Svc-Webhook-Id": id } : {}) },
    });
    expect(replay.status()).toBe(200);
    expect(((await replay.json()) as { status: string }).status).toBe("duplicate");
  }
  expect(await stored()).toBe(before);

  await expect(page.locator("[data-event-id]")).toHaveCount(cards);
  await expect(page.getByText("doc-forged")).toHaveCount(0);
  // A receptionist-level view (admin here) never gets the host link.
  await expect(page.getByRole("link", { name: "Join as host" })).toHaveCount(0);
  await expectAccessible(page);
});

// After the first test: the receiver is connected, so the platform's user.delete arrives signed.
test("user.delete from the platform erases what the desk holds (search entry, registration details, document copies on disk, names on queue rows) within a minute; the erasure log says so (English and Hindi)", async ({ page, browser, request }) => {
  test.slow();
  const last = `Deleted${Math.random().toString(36).slice(2, 8).replace(/[^a-z]/g, "q")}`;
  // The front desk registers her, files a lab report and gives her Dr. Kavita Sharma's OPD token at Andheri West (this journey's queue).
  const reception = await browser.newContext({ storageState: "e2e/.auth/receptionist.json", baseURL: APP });
  const patientId = await registerPatient(reception.request, APP, "Nirmala", last);
  const pdf = Buffer.from(`%PDF-1.7\n% ${last}\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n`);
  const sha256 = createHash("sha256").update(pdf).digest("hex");
  const up = await reception.request.post(`/api/documents?patient=${patientId}&dt=lr&name=${last}-report.pdf`, { headers: { origin: APP, "content-type": "application/pdf" }, data: pdf });
  expect(up.status()).toBe(201);
  // The desk's document store (DATA_DIR of the test server, e2e/serve.ts): on PGlite a copy is a file named by its hash.
  const copy = path.resolve(".data/e2e/document-copies", sha256);
  expect(existsSync(copy)).toBe(true);
  const walkIn = await reception.request.post("/api/queue/walk-ins", { headers: { origin: APP, "idempotency-key": crypto.randomUUID() }, data: { clinicId: "cl-andheri-west", doctorId: "dr-kavita-sharma", patientId } });
  expect(walkIn.status()).toBe(201);
  const visit = (await walkIn.json()) as { appointmentId: string; tokenLabel: string; day: string };
  const searchFor = async () => ((await (await request.get(`/api/patients/search?q=${last}`)).json()) as { patients: { id: string }[] }).patients.map((p) => p.id);
  expect(await searchFor()).toContain(patientId);

  // The platform deletes the user: its signed user.delete reaches the receiver.
  const emitted = await emit("user.delete", { patient_id: patientId });
  expect(emitted.status).toBe(202);
  await page.goto("/settings/erasures");
  const row = page.getByTestId("erasure-log").locator("tbody tr").filter({ hasText: "Platform (user.delete)" }).filter({ hasText: "search entry (1)" }).filter({ hasText: "document copies" });
  await expect(async () => {
    await page.reload();
    await expect(row.first()).toContainText(/Erased \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}/, { timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(row.first()).toContainText("registration details (1)");
  await expect(row.first()).toContainText("names on visits");
  await expect(page.getByTestId("erasure-log")).not.toContainText(last);
  await expect(page.getByTestId("erasure-log")).not.toContainText(patientId);
  await expectAccessible(page);

  // What the desk held is gone: not found by search, no documents listed, the file removed from the
  // document store, and the OPD visit keeps its token without her name.
  expect(await searchFor()).not.toContain(patientId);
  const docs = await reception.request.get(`/api/documents?patient=${patientId}`);
  expect(docs.status() === 404 || ((await docs.json()) as { documents: unknown[] }).documents.length === 0).toBe(true);
  expect(existsSync(copy)).toBe(false);
  const day = (await (await reception.request.get(`/api/queue?clinicId=cl-andheri-west&day=${visit.day}`)).json()) as { appointments: { appointmentId: string; patientId: string | null; patientLabel: string | null; tokenLabel: string | null }[] };
  const kept = day.appointments.find((e) => e.appointmentId === visit.appointmentId);
  expect(kept).toMatchObject({ tokenLabel: visit.tokenLabel, patientLabel: null });
  expect(kept?.patientId).toMatch(/^erased-[0-9a-f]{12}$/);
  expect(JSON.stringify(day)).not.toContain(last);
  await reception.close();

  await page.context().addCookies([{ name: "locale", value: "hi", url: APP }]);
  await page.reload();
  await expect(page.getByTestId("erasure-log").locator("tbody tr").filter({ hasText: "प्लैटफ़ॉर्म (user.delete)" }).first()).toContainText("खोज प्रविष्टि (1)");
  await page.context().addCookies([{ name: "locale", value: "en", url: APP }]);
});

// Last in this serial file: the first test needs a desk whose receiver was never connected.
test.describe("webhook settings on a platform that has only what the spec documents", () => {
  test.afterEach(async () => resetSandboxFaults());

  test("list answering 404: the desk's own record is shown in plain words, and the app can still be connected (English and Hindi)", async ({ page, baseURL }) => {
    await setSandboxFaults(page, { pathPrefix: "/notification/", specOnly: true });
    await page.goto("/settings");
    await expect(page.getByText("This platform does not list subscriptions; showing the desk's own record of what it registered.")).toBeVisible();
    await expect(page.getByText("Not found")).toHaveCount(0);
    const connect = page.getByRole("button", { name: "Connect this app's receiver" });
    if (await connect.isVisible()) {
      await expect(page.getByText("Connect this app", { exact: true })).toBeVisible();
      await connect.click();
      await expect(page.getByText(/^Subscription \d+ registered\.$/)).toBeVisible();
    }
    await expect(page.getByText("This app's receiver is registered.")).toBeVisible();
    const row = page.getByTestId("webhook-subscription").filter({ hasText: "This app" });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("/api/webhooks/platform");

    await page.context().addCookies([{ name: "locale", value: "hi", url: baseURL! }]);
    await page.reload();
    await expect(page.getByText("यह प्लेटफ़ॉर्म सदस्यताओं की सूची नहीं देता; डेस्क ने जो पंजीकृत किया, उसका अपना रिकॉर्ड दिखाया जा रहा है।")).toBeVisible();
    await expect(page.getByText("इस ऐप का रिसीवर दर्ज है।")).toBeVisible();
  });
});
