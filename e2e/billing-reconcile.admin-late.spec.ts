import { request as playwrightRequest, type APIRequestContext } from "@playwright/test";
import { expect, expectAccessible, releaseDemoSlots, SANDBOX_URL, test } from "./fixtures";
import { registerPatient } from "./slots-support";

/**
 * The platform's receipts, reconciled by an admin, English and Hindi: the desk books a visit (three
 * weeks ahead, so nobody's queue of today sees it) and takes ₹900 at the counter; the sandbox then says
 * it took ₹950 for the same appointment (receipt.created, signed). Billing → Reconcile lists it as
 * reported differently beside the desk's receipt; linked with a note, it is counted once: the day's
 * total does not move. Runs after the functional projects: it connects the app's receiver, which the
 * live-feed spec wants unconnected when it starts.
 */
const CLINIC = "cl-bandra";
const DOCTOR = "dr-kavita-sharma";
const CONF = "conf-ks-consult";

test.describe.configure({ mode: "serial" });

async function connectReceiver(api: APIRequestContext, baseURL: string) {
  const view = (await (await api.get("/api/settings/webhooks")).json()) as { subscriptions: { endpoint: string; eventNames: string[] }[] };
  const here = `${baseURL}/api/webhooks/platform`;
  if (view.subscriptions.some((s) => s.endpoint === here && s.eventNames.includes("receipt.created"))) return;
  const res = await api.post("/api/settings/webhooks", { headers: { origin: baseURL }, data: { endpoint: here, eventNames: ["appointment.created", "receipt.created", "receipt.updated"], protocol: "http" } });
  expect(res.status(), await res.text()).toBe(201);
}

/** A free consultation slot three to four weeks ahead (the day's demo patients give theirs up first). */
async function bookFarAhead(api: APIRequestContext, baseURL: string, patientId: string): Promise<string> {
  const start = new Date(Date.now() + 21 * 86_400_000);
  for (let i = 0; i < 14; i++) {
    const day = new Date(start.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    if ((await releaseDemoSlots(DOCTOR, CLINIC, day).catch(() => 0)) === 0) continue;
    const res = await api.get(`/api/slots?doctorId=${DOCTOR}&clinicId=${CLINIC}&from=${day}&to=${day}`);
    const slot = ((await res.json()) as { slots: { start: string; confId: string; available: boolean }[] }).slots.find((s) => s.available && s.confId === CONF);
    if (!slot) continue;
    const booked = await api.post("/api/slots/bookings", { headers: { origin: baseURL }, data: { idempotencyKey: crypto.randomUUID(), doctorId: DOCTOR, clinicId: CLINIC, patientId, confId: CONF, start: slot.start, mode: "in_clinic" } });
    expect(booked.status(), await booked.text()).toBe(201);
    return ((await booked.json()) as { appointmentId: string }).appointmentId;
  }
  throw new Error("no free consultation slot three to four weeks ahead");
}

for (const lang of ["en", "hi"] as const) {
  const w =
    lang === "en"
      ? { state: "Reported differently", link: "Link", note: "Note (needed when the amounts differ or the body could not be read)", noteNeeded: "Say why in a note (at least 3 characters).", linked: "Linked. The pair is counted once.", matched: "Matched", candidate: /RC\/\d{4}-\d{2}\/\d{6} · ₹900\.00 · same appointment/, kept: "Platform kept ₹950.00", reconcileLink: "Reconcile the platform's receipts" }
      : { state: "अलग बताई गई", link: "जोड़ें", note: "टिप्पणी (राशि अलग होने या रसीद न पढ़ी जा सकने पर ज़रूरी)", noteNeeded: "टिप्पणी में कारण लिखें (कम से कम 3 अक्षर)।", linked: "जोड़ दी गई। यह जोड़ी एक बार गिनी जाती है।", matched: "मिल गई", candidate: /RC\/\d{4}-\d{2}\/\d{6} · ₹900\.00 · वही अपॉइंटमेंट/, kept: "प्लेटफ़ॉर्म के पास ₹950.00", reconcileLink: "प्लेटफ़ॉर्म की रसीदों का मिलान" };

  test(`a receipt the platform reports differently is listed, linked by keyboard with a note, and counted once (${lang})`, async ({ page, baseURL }) => {
    test.slow();
    if (lang === "hi") await page.context().addCookies([{ name: "locale", value: "hi", url: baseURL! }]);
    const api = await playwrightRequest.newContext({ baseURL, storageState: "e2e/.auth/admin.json" });
    await connectReceiver(api, baseURL!);
    const patientId = await registerPatient(api, baseURL!, "Reconcile", `Online${Date.now().toString(36).replace(/[^a-z]/g, "")}`);
    const appointmentId = await bookFarAhead(api, baseURL!, patientId);
    const paid = await api.post(`/api/billing/visits/${appointmentId}/payments`, { headers: { origin: baseURL!, "idempotency-key": crypto.randomUUID() }, data: { payments: [{ method: "cash", amount: "900" }] } });
    expect(paid.status(), await paid.text()).toBe(201);
    const deskLabel = ((await paid.json()) as { receiptLabel: string }).receiptLabel;

    await page.goto(`/billing?clinic=${CLINIC}`);
    await page.getByRole("link", { name: w.reconcileLink }).click();
    await expect(page).toHaveURL(/\/billing\/reconcile\?clinic=cl-bandra$/);
    const before = await page.getByTestId("total-collected").textContent();

    // The platform took ₹950 for the same appointment and says so, signed, through the sandbox.
    const emitted = await fetch(`${SANDBOX_URL}/__sandbox/receipts`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ appointment_id: appointmentId, amount: 950 }) });
    expect(emitted.status).toBe(201);
    const receiptId = ((await emitted.json()) as { receipt_id: string }).receipt_id;
    const card = page.locator(`[data-platform-receipt="${receiptId}"]`);
    await expect(async () => {
      await page.reload();
      await expect(card).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await expect(card).toContainText(w.state);
    await expect(card.getByTestId("platform-amount")).toHaveText(w.kept);
    const candidate = card.getByRole("radio", { name: w.candidate });
    await expect(candidate).toBeChecked();
    await expect(card).toContainText(deskLabel);
    await expectAccessible(page);

    // By keyboard: Link without a note is refused (the amounts differ), the note field takes focus.
    await card.getByRole("button", { name: w.link }).focus();
    await page.keyboard.press("Enter");
    await expect(card.getByText(w.noteNeeded)).toBeVisible();
    const note = card.getByLabel(w.note);
    await expect(note).toBeFocused();
    await page.keyboard.type("₹50 convenience fee kept by the platform");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: w.linked })).toBeVisible();

    const settled = page.locator(`[data-platform-receipt="${receiptId}"]`);
    await expect(settled).toContainText(w.matched);
    await expect(settled).toContainText(deskLabel);
    // The counter's ₹900 and the platform's ₹950 are one payment: the day's total is what it was before the event.
    await expect(page.getByTestId("total-collected")).toHaveText(before!);
    await expectAccessible(page);
    await api.dispose();
  });
}

for (const lang of ["en", "hi"] as const) {
  const w =
    lang === "en"
      ? { method: "Online (platform)", only: "Platform only — not collected at the counter", marked: "Marked platform only. It is counted once, as the platform's.", reconcile: "Open Reconcile" }
      : { method: "ऑनलाइन (प्लेटफ़ॉर्म)", only: "केवल प्लेटफ़ॉर्म — काउंटर पर नहीं लिया गया", marked: "केवल प्लेटफ़ॉर्म चिह्नित। यह प्लेटफ़ॉर्म के पैसे के रूप में एक बार गिनी जाती है।", reconcile: "मिलान खोलें" };

  test(`money the platform took online shows on the owner's dashboard under its own method once marked platform only (${lang})`, async ({ page, baseURL }) => {
    test.slow();
    if (lang === "hi") await page.context().addCookies([{ name: "locale", value: "hi", url: baseURL! }]);
    const api = await playwrightRequest.newContext({ baseURL, storageState: "e2e/.auth/admin.json" });
    await connectReceiver(api, baseURL!);
    const patientId = await registerPatient(api, baseURL!, "Online", `Prepaid${Date.now().toString(36).replace(/[^a-z]/g, "")}`);
    const appointmentId = await bookFarAhead(api, baseURL!, patientId);
    const platformRow = page.getByTestId("method-table").getByRole("row").filter({ has: page.getByRole("rowheader", { name: w.method, exact: true }) });
    const platformPaise = async () => ((await platformRow.count()) ? Number(await platformRow.locator("[data-paise]").getAttribute("data-paise")) : 0);
    await page.goto(`/billing/dashboard?clinic=${CLINIC}&range=today`);
    await expect(page.getByTestId("dashboard")).toBeVisible();
    const before = await platformPaise();
    const waitingNote = page.getByTestId("platform-waiting");
    const waitingBefore = (await waitingNote.count()) ? await waitingNote.textContent() : null;

    // Paid ₹733 online on the platform; nothing at the counter. Waiting for a decision: shown on the dashboard, not counted.
    const emitted = await fetch(`${SANDBOX_URL}/__sandbox/receipts`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ appointment_id: appointmentId, amount: 733 }) });
    expect(emitted.status).toBe(201);
    const receiptId = ((await emitted.json()) as { receipt_id: string }).receipt_id;
    await expect(async () => {
      await page.reload();
      await expect(waitingNote).toBeVisible({ timeout: 1_000 });
      expect(await waitingNote.textContent()).not.toBe(waitingBefore);
    }).toPass({ timeout: 15_000 });
    expect(await platformPaise()).toBe(before);
    await expectAccessible(page);

    // The note leads to Reconcile, where the admin marks it platform only.
    await waitingNote.getByRole("link", { name: w.reconcile }).click();
    await expect(page).toHaveURL(/\/billing\/reconcile\?clinic=cl-bandra$/);
    const card = page.locator(`[data-platform-receipt="${receiptId}"]`);
    await expect(card).toBeVisible();
    await card.getByRole("button", { name: w.only }).click();
    await expect(page.getByRole("status").filter({ hasText: w.marked })).toBeVisible();

    // Back on the dashboard it is counted once, under its own method.
    await page.goto(`/billing/dashboard?clinic=${CLINIC}&range=today`);
    await expect(platformRow).toBeVisible();
    expect(await platformPaise()).toBe(before + 73_300);
    await expectAccessible(page);
    await api.dispose();
  });
}

test("an admin reviews every cashier's days and reopens a closed one with a reason (English)", async ({ page, baseURL }) => {
  const api = await playwrightRequest.newContext({ baseURL, storageState: "e2e/.auth/admin.json" });
  // The admin's own day at Bandra: payments above, then closed with what was counted.
  const view = (await (await api.get(`/api/billing/day-close?clinicId=${CLINIC}`)).json()) as { closed: boolean; totals: { expectedCashPaise: number } };
  if (!view.closed) {
    const res = await api.post("/api/billing/day-close", { headers: { origin: baseURL! }, data: { clinicId: CLINIC, denominations: { "1": 0 }, note: "Counted zero: a test drawer" } });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.goto(`/billing/day-closes?clinic=${CLINIC}`);
  const row = page.locator("[data-cashier-day]").filter({ hasText: "Closed" }).first();
  await expect(row).toBeVisible();
  await expect(row).toContainText("Counted zero: a test drawer");
  await expectAccessible(page);
  await row.getByRole("button", { name: /^Reopen .*'s day/ }).click();
  await expect(page.getByLabel("Why reopen")).toBeFocused();
  await page.getByRole("button", { name: "Reopen the day" }).click();
  await expect(page.getByText("Say why the day is reopened.")).toBeVisible();
  await page.keyboard.type("Recount with the owner");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: /day .* is open again/ })).toBeVisible();
  await expect(page.locator("[data-cashier-day]").filter({ hasText: "Recount with the owner" })).toContainText("Reopened");
  await api.dispose();
});
