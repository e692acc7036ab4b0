import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { DoctorJoinedBody } from "../wire/webhooks";
import { matchingKeyIndex, parseSignatureHeader } from "../wire/webhook-signature";
import { silentLogger } from "./log";
import { startSandbox } from "./server";
import { call, sandboxForTests, signIn, startReceiver, testConfig } from "./test-support";

const SIGNING_KEY = "whsec_test_0123456789abcdef";
const RETRY_AFTER_MS = 60_000;

/** The probe's value once it has one. */
const waitFor = <T>(probe: () => Promise<T | undefined> | T | undefined): Promise<T> =>
  vi.waitFor(async () => {
    const v = await probe();
    expect(v).toBeDefined();
    return v as T;
  }, { timeout: 5000, interval: 20 });

describe("sandbox webhooks: subscriptions and signed delivery", () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  // Registered before the sandbox so that, hooks running in reverse at the end, the sandbox stops first.
  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    await receiver.close();
  });
  const harness = sandboxForTests({ signIn: true });
  const auth = () => ({ authorization: `Bearer ${harness.token}` });
  beforeEach(async () => {
    receiver.received.length = 0;
    receiver.answer([]);
    const list = await call(harness.sandbox.url, "GET", "/notification/v1/connect/webhook/subscriptions", { headers: auth() });
    for (const sub of list.json.data) await call(harness.sandbox.url, "DELETE", `/notification/v1/connect/webhook/subscriptions/${sub.id}`, { headers: auth() });
    await call(harness.sandbox.url, "PUT", "/__sandbox/webhooks/schedule", { body: { retryDelaysMs: [30, 60, 90], timeoutMs: 10_000 } });
  });

  const subscribe = (body: unknown) => call(harness.sandbox.url, "POST", "/notification/v1/connect/webhook/subscriptions", { headers: auth(), body });
  const emit = (body: unknown) => call(harness.sandbox.url, "POST", "/__sandbox/events", { body });

  it("creates, lists and deletes subscriptions, and refuses bad ones with the notification error body", async () => {
    expect((await call(harness.sandbox.url, "POST", "/notification/v1/connect/webhook/subscriptions", { body: {} })).status).toBe(401);
    const bad = [
      [{ endpoint: "not a url", event_names: ["appointment.created"], protocol: "http" }, "endpoint"],
      [{ endpoint: "http://x.test/h", event_names: ["appointment.created"], protocol: "https" }, "endpoint"],
      [{ endpoint: "http://x.test/h", event_names: ["appointment.nope"], protocol: "http" }, "event_names"],
      [{ endpoint: "http://x.test/h", event_names: [], protocol: "http" }, "event_names"],
      [{ endpoint: "http://x.test/h", event_names: ["appointment.created"], protocol: "ftp" }, "protocol"],
      [{ endpoint: "https://example.com/q", event_names: ["appointment.created"], protocol: "sqs" }, "endpoint"],
      [{ endpoint: "http://x.test/h", event_names: ["appointment.created"], protocol: "http", signing_key: "short" }, "signing_key"],
    ] as const;
    for (const [body, field] of bad) {
      const r = await subscribe(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.json.error.code).toBe("INVALID_REQUEST");
      expect(r.json.error.message).toContain(field);
    }
    const created = await subscribe({ endpoint: receiver.url, event_names: ["appointment.created"], protocol: "http", signing_key: SIGNING_KEY });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ id: expect.stringMatching(/^\d+$/), status: "success" });
    const lambda = await subscribe({ endpoint: "arn:aws:lambda:ap-south-1:123456789012:function:frontdesk", event_names: ["user.delete"], protocol: "Lambda" });
    expect(lambda.status).toBe(201);
    const list = await call(harness.sandbox.url, "GET", "/notification/v1/connect/webhook/subscriptions", { headers: auth() });
    expect(list.json.data.map((s: { id: string }) => s.id)).toEqual([created.json.id, lambda.json.id]);
    expect(JSON.stringify(list.json)).not.toContain(SIGNING_KEY);
    expect(list.json.data[1]).toMatchObject({ protocol: "lambda", deliverable: false });
    const del = await call(harness.sandbox.url, "DELETE", `/notification/v1/connect/webhook/subscriptions/${created.json.id}`, { headers: auth() });
    expect(del.status).toBe(200);
    expect((await call(harness.sandbox.url, "DELETE", `/notification/v1/connect/webhook/subscriptions/${created.json.id}`, { headers: auth() })).status).toBe(404);
  });

  it("delivers a doctor-joined event with the full spec 6.2 body, signed, with a delivery id", async () => {
    await subscribe({ endpoint: receiver.url, event_names: ["appointment.tele.dr_joined"], protocol: "http", signing_key: SIGNING_KEY });
    const before = Math.floor(Date.now() / 1000);
    const emitted = await emit({ event: "appointment.tele.dr_joined", data: { patient_id: "pt-42" } });
    expect(emitted.status).toBe(202);
    const got = await waitFor(() => receiver.received[0]);
    const body = DoctorJoinedBody.parse(JSON.parse(got.body));
    expect(body).toMatchObject({ service: "appointment", event: "appointment.tele.dr_joined", data: { patient_id: "pt-42" } });
    expect(body.data.video_connect.host_link).toMatch(/^https:\/\/meet\.jit\.si\//);
    expect(body.data.video_connect.meet_link).not.toBe(body.data.video_connect.host_link);
    const sig = parseSignatureHeader(String(got.headers["svc-webhook-signature"]));
    expect(sig?.timestamp).toBeGreaterThanOrEqual(before);
    expect(matchingKeyIndex([SIGNING_KEY], sig!, got.body)).toBe(0);
    expect(matchingKeyIndex(["whsec_some_other_key_000"], sig!, got.body)).toBe(-1);
    expect(got.headers["svc-webhook-id"]).toBe(emitted.json.deliveries[0].id);
  });

  it("retries a failing receiver with the same delivery id and bytes, logging every attempt", async () => {
    await subscribe({ endpoint: receiver.url, event_names: ["appointment.created"], protocol: "http", signing_key: SIGNING_KEY });
    receiver.answer([500, 503]);
    const emitted = await emit({ event: "appointment.created" });
    const id = emitted.json.deliveries[0].id;
    const record = await waitFor(async () => {
      const log = await call(harness.sandbox.url, "GET", "/__sandbox/webhooks/deliveries");
      const d = log.json.data.find((x: { id: string }) => x.id === id);
      return d?.state === "delivered" ? d : undefined;
    });
    expect(record.attempts.map((a: { status: number }) => a.status)).toEqual([500, 503, 200]);
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.headers["svc-webhook-id"]))).toEqual(new Set([id]));
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
  });

  it("gives up after the last retry, and times out a receiver that never answers", async () => {
    await call(harness.sandbox.url, "PUT", "/__sandbox/webhooks/schedule", { body: { retryDelaysMs: [20], timeoutMs: 150 } });
    await subscribe({ endpoint: receiver.url, event_names: ["receipt.created"], protocol: "http" });
    receiver.answer(["hang", 500]);
    const emitted = await emit({ event: "receipt.created" });
    const id = emitted.json.deliveries[0].id;
    const record = await waitFor(async () => {
      const d = (await call(harness.sandbox.url, "GET", "/__sandbox/webhooks/deliveries")).json.data.find((x: { id: string }) => x.id === id);
      return d?.state === "failed" ? d : undefined;
    });
    expect(record.attempts).toHaveLength(2);
    expect(record.attempts[0].error).toMatch(/no answer within 150 ms/);
    expect(record.attempts[1].status).toBe(500);
    // Unsigned when the subscription has no key.
    expect(receiver.received[0]!.headers["svc-webhook-signature"]).toBeUndefined();
  });

  it("records queue and function subscriptions as not deliverable from the sandbox", async () => {
    await subscribe({ endpoint: "https://sqs.ap-south-1.amazonaws.com/123456789012/frontdesk", event_names: ["prescription.created"], protocol: "sqs" });
    const emitted = await emit({ event: "prescription.created" });
    expect(emitted.json.deliveries).toEqual([expect.objectContaining({ state: "not_deliverable" })]);
    const log = await call(harness.sandbox.url, "GET", "/__sandbox/webhooks/deliveries?event=prescription.created");
    expect(log.json.data[0].note).toMatch(/cannot reach SQS/);
    expect(receiver.received).toHaveLength(0);
  });

  it("wraps events raised by other sandbox routes (bookings) in the platform envelope", async () => {
    await subscribe({ endpoint: receiver.url, event_names: ["appointment.created"], protocol: "http", signing_key: SIGNING_KEY });
    const r = await emit({ event: "appointment.created", data: { appointment_id: "apt-77", doctor_id: "doc-0002" } });
    expect(r.json.body.data).toMatchObject({ appointment_id: "apt-77", doctor_id: "doc-0002" });
    const got = await waitFor(() => receiver.received[0]);
    expect(JSON.parse(got.body)).toMatchObject({ event: "appointment.created", service: "appointment", data: { appointment_id: "apt-77" } });
  });

  it("picks pending retries up again after a restart", async () => {
    // A retry due in 60 s: it cannot fire before the sandbox is stopped, however loaded the machine.
    await call(harness.sandbox.url, "PUT", "/__sandbox/webhooks/schedule", { body: { retryDelaysMs: [RETRY_AFTER_MS], timeoutMs: 10_000 } });
    await subscribe({ endpoint: receiver.url, event_names: ["user.delete"], protocol: "http", signing_key: SIGNING_KEY });
    receiver.answer([500]);
    const id = (await emit({ event: "user.delete" })).json.deliveries[0].id;
    await waitFor(async () => {
      const d = (await call(harness.sandbox.url, "GET", "/__sandbox/webhooks/deliveries")).json.data.find((x: { id: string }) => x.id === id);
      return d?.attempts.length === 1 ? d : undefined;
    });
    await harness.sandbox.close();
    expect(receiver.received).toHaveLength(1);
    // Started again once the retry is due (its clock past the delay, instead of waiting the delay out): it sends it unasked.
    harness.sandbox = await startSandbox(testConfig(harness.idp, harness.dataDir), { logger: silentLogger, now: () => Date.now() + RETRY_AFTER_MS });
    const record = await waitFor(async () => {
      const d = (await call(harness.sandbox.url, "GET", "/__sandbox/webhooks/deliveries")).json.data.find((x: { id: string }) => x.id === id);
      return d?.state === "delivered" ? d : undefined;
    });
    expect(record.attempts.map((a: { status: number }) => a.status)).toEqual([500, 200]);
    expect(receiver.received).toHaveLength(2);
    harness.token = (await signIn(harness.sandbox, harness.idp)).access_token;
  });

  it("refuses an unknown event kind on the control route", async () => {
    const r = await emit({ event: "appointment.exploded" });
    expect(r.status).toBe(400);
  });
});
