import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { PlatformReceiptData } from "../wire/receipts";
import { PlatformSlotResponse } from "../wire/slots";
import { matchingKeyIndex, parseSignatureHeader } from "../wire/webhook-signature";
import { addDays, weekdayOf } from "./days";
import { call, sandboxForTests, startReceiver } from "./test-support";

const SIGNING_KEY = "whsec_receipts_0123456789abcdef";

/** A Tuesday two weeks or more ahead, when Dr. Kavita Sharma's tele-dermatology (pre-paid) is bookable. */
function futureTuesday(): string {
  let day = addDays(new Date().toISOString().slice(0, 10), 14);
  while (weekdayOf(day) !== 2) day = addDays(day, 1);
  return day;
}

describe("the sandbox's receipts: receipt.created / receipt.updated, signed like its other events", () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => receiver.close());
  const harness = sandboxForTests({ signIn: true });
  const auth = () => ({ authorization: `Bearer ${harness.token}` });
  const bodies = () => receiver.received.map((r) => ({ ...r, json: JSON.parse(r.body) as { event: string; transaction_id: string; data: unknown } }));
  const arrived = (event: string, n = 1) => vi.waitFor(() => {
    const got = bodies().filter((b) => b.json.event === event);
    expect(got.length).toBeGreaterThanOrEqual(n);
    return got;
  }, { timeout: 5000, interval: 20 });

  async function freeSlot(doctor: string, clinic: string, conf: string) {
    const day = futureTuesday();
    for (let d = day; d < addDays(day, 7); d = addDays(d, 1)) {
      const r = await call(harness.sandbox.url, "GET", `/dr/v1/doctor/${doctor}/clinic/${clinic}/appointment/slot?start_date=${d}&end_date=${d}`, { headers: { auth: harness.token } });
      const slot = (PlatformSlotResponse.parse(r.json).data.schedule[clinic] ?? []).flatMap((g) => g.slots).find((s) => s.conf_id === conf && s.available);
      if (slot) return slot;
    }
    throw new Error("no free slot in a week");
  }

  it("an online pre-paid booking is announced as appointment.created, then receipt.created for what the patient paid; a refund as receipt.updated", async () => {
    const subscribed = await call(harness.sandbox.url, "POST", "/notification/v1/connect/webhook/subscriptions", { headers: auth(), body: { endpoint: receiver.url, event_names: ["appointment.created", "receipt.created", "receipt.updated"], protocol: "http", signing_key: SIGNING_KEY } });
    expect([200, 201]).toContain(subscribed.status);
    const slot = await freeSlot("dr-kavita-sharma", "cl-bandra", "conf-ks-tele");
    const booked = await call(harness.sandbox.url, "POST", "/__sandbox/bookings/online", { body: { doctor_id: "dr-kavita-sharma", clinic_id: "cl-bandra", patient_id: "pt-online-paid", conf_id: "conf-ks-tele", start_time: slot.s, mode: "tele" } });
    expect(booked.status).toBe(201);
    const appointmentId = booked.json.appointment.appointment_id as string;
    const [created] = await arrived("receipt.created");
    const data = PlatformReceiptData.parse(created!.json.data);
    // ₹900 − ₹100 discount + ₹50 convenience fee.
    expect(data).toMatchObject({ appointment_id: appointmentId, clinic_id: "cl-bandra", patient_id: "pt-online-paid", amount: { total: 850, currency: "INR" }, status: "paid", payment_mode: "online" });
    expect(created!.json).toMatchObject({ service: "receipt", event: "receipt.created" });
    const sig = parseSignatureHeader(String(created!.headers["svc-webhook-signature"]));
    expect(matchingKeyIndex([SIGNING_KEY], sig!, created!.body)).toBe(0);
    expect(created!.headers["svc-webhook-id"]).toBeTruthy();
    await arrived("appointment.created");

    const refunded = await call(harness.sandbox.url, "PUT", `/__sandbox/receipts/${data.receipt_id}`, { body: { refunded: 850 } });
    expect(refunded.json).toMatchObject({ status: "refunded", amount: { total: 850, refunded: 850 } });
    const [updated] = await arrived("receipt.updated");
    expect(updated!.json.data).toMatchObject({ receipt_id: data.receipt_id, status: "refunded" });
    // Each event is its own transaction: the receiver's event identity never merges a created and an update.
    expect(updated!.json.transaction_id).not.toBe(created!.json.transaction_id);
  });

  it("the control route receipts any appointment (its price, or an amount given); unknown ones and bad amounts are refused", async () => {
    const slot = await freeSlot("dr-meera-iyer", "cl-andheri-west", "conf-mi-consult");
    const taken = await call(harness.sandbox.url, "POST", "/__sandbox/slots/take", { body: { doctor_id: "dr-meera-iyer", clinic_id: "cl-andheri-west", conf_id: "conf-mi-consult", start_time: slot.s } });
    expect(taken.status).toBe(201);
    const r = await call(harness.sandbox.url, "POST", "/__sandbox/receipts", { body: { appointment_id: taken.json.appointment_id, partner_receipt_id: "RC/2026-27/000001" } });
    expect(r.status).toBe(201);
    expect(r.json).toMatchObject({ amount: { total: 600, currency: "INR" }, partner_receipt_id: "RC/2026-27/000001" });
    const other = await call(harness.sandbox.url, "POST", "/__sandbox/receipts", { body: { appointment_id: taken.json.appointment_id, amount: 550.5 } });
    expect(other.json.amount.total).toBe(550.5);
    expect((await call(harness.sandbox.url, "POST", "/__sandbox/receipts", { body: { appointment_id: "apt_nope" } })).status).toBe(404);
    expect((await call(harness.sandbox.url, "POST", "/__sandbox/receipts", { body: { appointment_id: taken.json.appointment_id, amount: -1 } })).status).toBe(400);
    expect((await call(harness.sandbox.url, "PUT", `/__sandbox/receipts/${r.json.receipt_id}`, { body: { refunded: 9999 } })).status).toBe(400);
  });
});
