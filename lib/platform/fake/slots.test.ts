import { describe, expect, it } from "vitest";
import { PlatformBookingResponse, PlatformSlotResponse } from "../wire/slots";
import { addDays, weekdayOf } from "./days";
import { EventBus, type SandboxEvent } from "./event-bus";
import type { RequestContext, Services } from "./context";
import { parseJsonBody } from "./context";
import { silentLogger } from "./log";
import { Store } from "./store";
import { slotRoutes } from "./slot-routes";
import { call, sandboxForTests, tempDir } from "./test-support";

const harness = sandboxForTests({ signIn: true });

/** A Monday at least two weeks ahead, so every demo slot in its week lies in the future. */
function futureMonday(): string {
  let day = addDays(new Date().toISOString().slice(0, 10), 14);
  while (weekdayOf(day) !== 1) day = addDays(day, 1);
  return day;
}
const MONDAY = futureMonday();
const slotPath = (doctor: string, clinic: string, from: string, to: string) =>
  `/dr/v1/doctor/${doctor}/clinic/${clinic}/appointment/slot?start_date=${encodeURIComponent(from)}&end_date=${encodeURIComponent(to)}`;
const meeraAndheri = (from: string, to: string) => slotPath("dr-meera-iyer", "cl-andheri-west", from, to);

const get = (path: string, headers: Record<string, string> = { auth: harness.token }) => call(harness.sandbox.url, "GET", path, { headers });
const expectDrError = (r: { status: number; json: unknown }, status: number, code: string) => {
  expect(r.status).toBe(status);
  expect(r.json).toMatchObject({ error: { code }, status_code: status, success: false });
};

describe("slot listing (spec 2.4 / 4.8)", () => {
  it("lists a week keyed by clinic id, grouped by service type, in the clinic's offset", async () => {
    const r = await get(meeraAndheri(`${MONDAY}T00:00:00.000Z`, `${addDays(MONDAY, 6)}T23:59:59.000Z`));
    expect(r.status).toBe(200);
    const body = PlatformSlotResponse.parse(r.json);
    expect(body.status_code).toBe(200);
    expect(Object.keys(body.data.schedule)).toEqual(["cl-andheri-west"]);
    const groups = body.data.schedule["cl-andheri-west"]!;
    expect(groups.map((g) => g.service_type).sort()).toEqual(["consultation", "follow_up", "teleconsultation"]);
    const all = groups.flatMap((g) => g.slots);
    for (const slot of all) {
      expect(slot.s).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\+05:30$/);
      expect(body.data.services[slot.conf_id]).toBeDefined();
      expect(Date.parse(slot.e)).toBeGreaterThan(Date.parse(slot.s));
    }
    // Monday 09:00 IST is the first consultation; 11:00–11:30 and 13:00–17:00 are breaks.
    expect(all.some((s) => s.s === `${MONDAY}T09:00:00+05:30`)).toBe(true);
    expect(all.some((s) => s.s.startsWith(`${MONDAY}T11:15`) || s.s.startsWith(`${MONDAY}T14:`))).toBe(false);
    // Sunday is a day off.
    expect(all.some((s) => s.s.startsWith(addDays(MONDAY, 6)))).toBe(false);
    const free = all.filter((s) => s.available).length;
    expect(free).toBeGreaterThan(all.length * 0.4);
    expect(free).toBeLessThan(all.length);
  });

  it("returns every service field with prices, fees, discounts and booking flags", async () => {
    const body = PlatformSlotResponse.parse((await get(meeraAndheri(MONDAY, MONDAY))).json);
    const tele = body.data.services["conf-mi-tele"]!;
    expect(tele).toEqual({
      allow_patient_booking: true,
      appointment_type: "tele",
      conf_id: "conf-mi-tele",
      conv_fee: 30,
      currency: "INR",
      discount: 50,
      mode: ["tele"],
      owner_id: "dr-meera-iyer",
      post_pay: false,
      pre_pay: true,
      price: 500,
      service_id: 1103,
      service_name: "Tele-consultation",
    });
    expect(body.data.services["conf-mi-followup"]!.allow_patient_booking).toBe(false);
  });

  it("accepts YYYY-MM-DD, Z and offset forms for the same days", async () => {
    const a = await get(meeraAndheri(MONDAY, addDays(MONDAY, 2)));
    const b = await get(meeraAndheri(`${MONDAY}T00:00:00.000Z`, `${addDays(MONDAY, 2)}T23:59:59.000Z`));
    const c = await get(meeraAndheri(`${MONDAY}T00:00:00+05:30`, `${addDays(MONDAY, 2)}T23:59:59+05:30`));
    expect(a.status).toBe(200);
    expect(b.json).toEqual(a.json);
    expect(c.json).toEqual(a.json);
  });

  it("accepts a 10-day window and refuses 11 days, an end before the start and unparseable dates", async () => {
    expect((await get(meeraAndheri(MONDAY, addDays(MONDAY, 9)))).status).toBe(200);
    expectDrError(await get(meeraAndheri(MONDAY, addDays(MONDAY, 10))), 400, "INVALID_DATE_RANGE");
    expectDrError(await get(meeraAndheri(addDays(MONDAY, 1), MONDAY)), 400, "INVALID_DATE_RANGE");
    expectDrError(await get(meeraAndheri("23/11/2026", MONDAY)), 400, "INVALID_DATE");
    expectDrError(await get(meeraAndheri(MONDAY, "2026-02-30")), 400, "INVALID_DATE");
    expectDrError(await get(`/dr/v1/doctor/dr-meera-iyer/clinic/cl-andheri-west/appointment/slot?start_date=${MONDAY}`), 400, "INVALID_REQUEST");
  });

  it("answers 404 for an unknown doctor, clinic, or a doctor who does not practise there", async () => {
    expectDrError(await get(slotPath("dr-nobody", "cl-andheri-west", MONDAY, MONDAY)), 404, "DOCTOR_NOT_FOUND");
    expectDrError(await get(slotPath("dr-meera-iyer", "cl-nowhere", MONDAY, MONDAY)), 404, "CLINIC_NOT_FOUND");
    expectDrError(await get(slotPath("dr-meera-iyer", "cl-kothrud", MONDAY, MONDAY)), 404, "DOCTOR_NOT_AT_CLINIC");
  });

  it("requires the business auth header", async () => {
    const r = await get(meeraAndheri(MONDAY, MONDAY), {});
    expect(r.status).toBe(401);
    const bad = await get(meeraAndheri(MONDAY, MONDAY), { auth: "not-a-token" });
    expect(bad.status).toBe(401);
  });

  it("marks past slots as taken", async () => {
    const lastMonday = addDays(MONDAY, -28);
    const body = PlatformSlotResponse.parse((await get(meeraAndheri(lastMonday, lastMonday))).json);
    expect(body.data.schedule["cl-andheri-west"]!.flatMap((g) => g.slots).every((s) => !s.available)).toBe(true);
  });
});

describe("booking (POST /dr/v1/appointment)", () => {
  async function freeSlot(confId: string) {
    const body = PlatformSlotResponse.parse((await get(meeraAndheri(MONDAY, addDays(MONDAY, 4)))).json);
    return body.data.schedule["cl-andheri-west"]!.flatMap((g) => g.slots).find((s) => s.available && s.conf_id === confId)!;
  }
  const book = (body: unknown, headers: Record<string, string> = { auth: harness.token }) => call(harness.sandbox.url, "POST", "/dr/v1/appointment", { body, headers });

  it("books a free slot, makes it unavailable, raises appointment.created, and refuses it a second time with 409", async () => {
    const slot = await freeSlot("conf-mi-consult");
    const request = { doctor_id: "dr-meera-iyer", clinic_id: "cl-andheri-west", patient_id: "pt-123", conf_id: slot.conf_id, start_time: slot.s, mode: "in_clinic" };
    const r = await book(request);
    expect(r.status).toBe(201);
    const booked = PlatformBookingResponse.parse(r.json).data;
    expect(booked).toMatchObject({ doctor_id: "dr-meera-iyer", patient_id: "pt-123", start_time: slot.s, end_time: slot.e, status: "booked" });
    expect(booked.appointment_id).toMatch(/^apt_/);

    const after = PlatformSlotResponse.parse((await get(meeraAndheri(MONDAY, addDays(MONDAY, 4)))).json);
    const same = after.data.schedule["cl-andheri-west"]!.flatMap((g) => g.slots).find((s) => s.s === slot.s && s.conf_id === slot.conf_id);
    expect(same?.available).toBe(false);

    expectDrError(await book({ ...request, patient_id: "pt-456" }), 409, "SLOT_NOT_AVAILABLE");
    const stored = await call(harness.sandbox.url, "GET", "/__sandbox/appointments");
    expect(stored.json.appointments.filter((a: { start_time: string }) => a.start_time === slot.s)).toHaveLength(1);
  });

  it("returns the first booking for a repeated partner_appointment_id instead of booking twice", async () => {
    const slot = await freeSlot("conf-mi-tele");
    const request = { doctor_id: "dr-meera-iyer", clinic_id: "cl-andheri-west", patient_id: "pt-9", conf_id: slot.conf_id, start_time: slot.s, mode: "tele", partner_appointment_id: "fd-key-1" };
    const first = await book(request);
    const again = await book(request);
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.json.data.appointment_id).toBe(first.json.data.appointment_id);
    expectDrError(await book({ ...request, patient_id: "pt-10" }), 409, "DUPLICATE_PARTNER_APPOINTMENT_ID");
  });

  it("refuses a mode the service does not offer, a time with no slot, bad bodies and missing auth", async () => {
    const slot = await freeSlot("conf-mi-consult");
    const base = { doctor_id: "dr-meera-iyer", clinic_id: "cl-andheri-west", patient_id: "pt-1", conf_id: slot.conf_id, start_time: slot.s, mode: "in_clinic" };
    expectDrError(await book({ ...base, mode: "tele" }), 400, "INVALID_MODE");
    expectDrError(await book({ ...base, start_time: `${MONDAY}T09:07:00+05:30` }), 404, "SLOT_NOT_FOUND");
    expectDrError(await book({ ...base, conf_id: "conf-unknown" }), 404, "SERVICE_NOT_FOUND");
    expectDrError(await book({ ...base, start_time: "soon" }), 400, "INVALID_DATE");
    expectDrError(await book({ ...base, patient_id: undefined }), 400, "INVALID_REQUEST");
    expect((await book(base, {})).status).toBe(401);
  });

  it("accepts the same instant written in UTC", async () => {
    const slot = await freeSlot("conf-mi-consult");
    const utc = new Date(Date.parse(slot.s)).toISOString();
    const r = await book({ doctor_id: "dr-meera-iyer", clinic_id: "cl-andheri-west", patient_id: "pt-utc", conf_id: slot.conf_id, start_time: utc, mode: "in_clinic" });
    expect(r.status).toBe(201);
    expect(r.json.data.start_time).toBe(slot.s);
  });
});

describe("appointment.created event", () => {
  it("is raised on the event bus with the booking's details", async () => {
    const dir = await tempDir();
    const store = await Store.open(dir.dir, silentLogger);
    const events = new EventBus();
    const seen: SandboxEvent[] = [];
    events.subscribe((e) => seen.push(e));
    const services = { store, events, config: { controlRoutes: false, demoSeed: "demo" }, now: Date.now } as unknown as Services;
    const routes = slotRoutes(services, async () => ({ kind: "agent", agentId: "test" }));
    const bookRoute = routes.find((r) => r.name === "appointments.book")!;
    const body = PlatformSlotResponse.parse((await get(meeraAndheri(MONDAY, addDays(MONDAY, 4)))).json);
    // Another sandbox instance shares no bookings with this one, so any free slot there is free here.
    const slot = body.data.schedule["cl-andheri-west"]!.flatMap((g) => g.slots).find((s) => s.available && s.conf_id === "conf-mi-tele")!;
    const raw = Buffer.from(JSON.stringify({ doctor_id: "dr-meera-iyer", clinic_id: "cl-andheri-west", patient_id: "pt-ev", conf_id: slot.conf_id, start_time: slot.s, mode: "tele", partner_appointment_id: "fd-ev" }));
    const ctx = { json: (schema) => parseJsonBody(raw, schema) } as RequestContext;
    const reply = await bookRoute.handler(ctx);
    expect(reply.status).toBe(201);
    expect(seen).toHaveLength(1);
    expect(seen[0]!.name).toBe("appointment.created");
    expect(seen[0]!.payload).toMatchObject({
      appointment_id: (reply.body as { data: { appointment_id: string } }).data.appointment_id,
      partner_appointment_id: "fd-ev",
      doctor_id: "dr-meera-iyer",
      clinic_id: "cl-andheri-west",
      patient_id: "pt-ev",
      conf_id: "conf-mi-tele",
      service_id: 1103,
      mode: "tele",
      start_time: slot.s,
      end_time: slot.e,
      status: "booked",
      amount: { price: 500, conv_fee: 30, discount: 50, total: 480, currency: "INR" },
    });
    await store.close();
    await dir.remove();
  });
});

describe("a busier practice for benchmarks (control route)", () => {
  it("adds a doctor with one service and a daily block, whose slots are then listed; a bad body is refused", async () => {
    const added = await call(harness.sandbox.url, "POST", "/__sandbox/practice/doctors", { body: { id: "dr-bench-test", name: "Dr. Bench Test", clinic_id: "cl-bandra", days: [1], from: "08:00", to: "09:00", minutes: 10 } });
    expect(added.status).toBe(201);
    expect(added.json).toEqual({ id: "dr-bench-test", conf_id: "conf-dr-bench-test" });
    const r = await get(slotPath("dr-bench-test", "cl-bandra", MONDAY, MONDAY));
    expect(r.status).toBe(200);
    const groups = PlatformSlotResponse.parse(r.json).data.schedule["cl-bandra"]!;
    expect(groups.flatMap((g) => g.slots)).toHaveLength(6);
    expect((await get(slotPath("dr-bench-test", "cl-andheri-west", MONDAY, MONDAY))).status).toBe(404);
    const bad = await call(harness.sandbox.url, "POST", "/__sandbox/practice/doctors", { body: { id: "nobody", name: "X", clinic_id: "cl-bandra", days: [1], from: "8", to: "9", minutes: 10 } });
    expect(bad.status).toBe(400);
    expect((await call(harness.sandbox.url, "POST", "/__sandbox/practice/doctors", { body: { id: "dr-x", name: "X", clinic_id: "cl-nowhere", days: [1], from: "08:00", to: "09:00", minutes: 10 } })).status).toBe(404);
  });
});

describe("the demo practice's occupancy (issue 27)", () => {
  it("is a pure function of the seed and the slot: the same on any day the test runs, different under another seed", async () => {
    const { generateSlots, takenByDemoPatients } = await import("./slot-calendar");
    const { DEMO_CLINICS, DEMO_DOCTORS } = await import("./practice-data");
    const slots = generateSlots(DEMO_DOCTORS[0]!, DEMO_CLINICS[0]!, "2027-03-29", "2027-04-03");
    const held = (seed: string) => slots.map((s) => takenByDemoPatients(seed, "dr-meera-iyer", "cl-andheri-west", s));
    expect(held("demo")).toEqual(held("demo"));
    expect(held("demo")).not.toEqual(held("another seed"));
    const share = held("demo").filter(Boolean).length / slots.length;
    expect(share).toBeGreaterThan(0.15);
    expect(share).toBeLessThan(0.55);
  });

  it("POST /__sandbox/slots/release frees a day's demo-held slots, so a test has the free slots it needs", async () => {
    const day = addDays(MONDAY, 2);
    const before = PlatformSlotResponse.parse((await get(meeraAndheri(day, day))).json).data.schedule["cl-andheri-west"]!.flatMap((g) => g.slots);
    const r = await call(harness.sandbox.url, "POST", "/__sandbox/slots/release", { body: { doctor_id: "dr-meera-iyer", clinic_id: "cl-andheri-west", day } });
    expect(r.status).toBe(200);
    const after = PlatformSlotResponse.parse((await get(meeraAndheri(day, day))).json).data.schedule["cl-andheri-west"]!.flatMap((g) => g.slots);
    expect(after.every((s) => s.available)).toBe(true);
    expect(r.json).toEqual({ free: after.length, slots: after.length });
    expect(after.length).toBe(before.length);
    // The next day keeps its demo patients.
    const next = PlatformSlotResponse.parse((await get(meeraAndheri(addDays(day, 1), addDays(day, 1)))).json).data.schedule["cl-andheri-west"]!.flatMap((g) => g.slots);
    expect(next.some((s) => !s.available)).toBe(true);
    const bad = await call(harness.sandbox.url, "POST", "/__sandbox/slots/release", { body: { doctor_id: "dr-meera-iyer", clinic_id: "cl-andheri-west", day: "2027-02-30" } });
    expect(bad.status).toBe(400);
  });
});
