import { describe, expect, it } from "vitest";
import { PlatformSlotResponse } from "../wire/slots";
import { addDays, weekdayOf } from "./days";
import { PlatformAppointmentResponse, PlatformAppointmentUpdatedEvent } from "../wire/appointments";
import { EventBus, type SandboxEvent } from "./event-bus";
import { parseJsonBody, type RequestContext, type Services } from "./context";
import { silentLogger } from "./log";
import { slotRoutes } from "./slot-routes";
import { Store } from "./store";
import { call, sandboxForTests, tempDir } from "./test-support";

const harness = sandboxForTests({ signIn: true });

function futureTuesday(): string {
  let day = addDays(new Date().toISOString().slice(0, 10), 14);
  while (weekdayOf(day) !== 2) day = addDays(day, 1);
  return day;
}
const DAY = futureTuesday();
const listPath = `/dr/v1/doctor/dr-meera-iyer/clinic/cl-andheri-west/appointment/slot?start_date=${DAY}&end_date=${addDays(DAY, 2)}`;
const auth = () => ({ auth: harness.token });
const post = (path: string, body: unknown, headers: Record<string, string> = auth()) => call(harness.sandbox.url, "POST", path, { body, headers });

async function slots() {
  const r = await call(harness.sandbox.url, "GET", listPath, { headers: auth() });
  return PlatformSlotResponse.parse(r.json).data.schedule["cl-andheri-west"]!.flatMap((g) => g.slots).filter((s) => s.conf_id === "conf-mi-consult");
}
const isFree = async (start: string) => (await slots()).find((s) => s.s === start)!.available;

async function bookFree(patient: string, skip = 0) {
  const slot = (await slots()).filter((s) => s.available)[skip]!;
  const r = await post("/dr/v1/appointment", { doctor_id: "dr-meera-iyer", clinic_id: "cl-andheri-west", patient_id: patient, conf_id: slot.conf_id, start_time: slot.s, mode: "in_clinic" });
  expect(r.status).toBe(201);
  return { id: r.json.data.appointment_id as string, start: slot.s };
}

const expectDrError = (r: { status: number; json: unknown }, status: number, code: string) => {
  expect(r.status).toBe(status);
  expect(r.json).toMatchObject({ error: { code }, status_code: status, success: false });
};

describe("cancel (POST /dr/v1/appointment/{id}/cancel)", () => {
  it("frees the slot, answers the cancelled appointment, and refuses a second cancel with 409", async () => {
    const { id, start } = await bookFree("pt-c1");
    expect(await isFree(start)).toBe(false);
    const r = await post(`/dr/v1/appointment/${id}/cancel`, { reason: "Patient unwell" });
    expect(r.status).toBe(200);
    expect(PlatformAppointmentResponse.parse(r.json).data).toMatchObject({ appointment_id: id, status: "cancelled", cancel_reason: "Patient unwell" });
    expect(await isFree(start)).toBe(true);
    expectDrError(await post(`/dr/v1/appointment/${id}/cancel`, { reason: "again" }), 409, "APPOINTMENT_NOT_ACTIVE");
  });

  it("answers 404 for an unknown appointment, 400 without a reason, 401 without auth", async () => {
    expectDrError(await post(`/dr/v1/appointment/apt_nope/cancel`, { reason: "x" }), 404, "APPOINTMENT_NOT_FOUND");
    const { id } = await bookFree("pt-c2");
    expectDrError(await post(`/dr/v1/appointment/${id}/cancel`, {}), 400, "INVALID_REQUEST");
    expect((await post(`/dr/v1/appointment/${id}/cancel`, { reason: "x" }, {})).status).toBe(401);
  });
});

describe("reschedule (POST /dr/v1/appointment/{id}/reschedule)", () => {
  it("moves the booking to a free slot and frees the old one in one step", async () => {
    const { id, start } = await bookFree("pt-r1");
    const target = (await slots()).find((s) => s.available)!;
    const r = await post(`/dr/v1/appointment/${id}/reschedule`, { conf_id: target.conf_id, start_time: target.s });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({ appointment_id: id, start_time: target.s, end_time: target.e, status: "booked" });
    expect(await isFree(start)).toBe(true);
    expect(await isFree(target.s)).toBe(false);
  });

  it("refuses a taken target with 409 and leaves the booking where it was", async () => {
    const mine = await bookFree("pt-r2");
    const theirs = await bookFree("pt-r3");
    expectDrError(await post(`/dr/v1/appointment/${mine.id}/reschedule`, { conf_id: "conf-mi-consult", start_time: theirs.start }), 409, "SLOT_NOT_AVAILABLE");
    const stored = (await call(harness.sandbox.url, "GET", "/__sandbox/appointments")).json.appointments as { appointment_id: string; start_time: string }[];
    expect(stored.find((a) => a.appointment_id === mine.id)!.start_time).toBe(mine.start);
    expect(await isFree(mine.start)).toBe(false);
  });

  it("refuses a cancelled appointment and a time with no slot", async () => {
    const { id } = await bookFree("pt-r4");
    expectDrError(await post(`/dr/v1/appointment/${id}/reschedule`, { conf_id: "conf-mi-consult", start_time: `${DAY}T09:07:00+05:30` }), 404, "SLOT_NOT_FOUND");
    await post(`/dr/v1/appointment/${id}/cancel`, { reason: "moved away" });
    const free = (await slots()).find((s) => s.available)!;
    expectDrError(await post(`/dr/v1/appointment/${id}/reschedule`, { conf_id: free.conf_id, start_time: free.s }), 409, "APPOINTMENT_NOT_ACTIVE");
  });
});

describe("appointment.updated event", () => {
  it("is raised on the bus the webhook delivery reads, for a cancel and for a reschedule", async () => {
    const dir = await tempDir();
    const store = await Store.open(dir.dir, silentLogger);
    const events = new EventBus();
    const seen: SandboxEvent[] = [];
    events.subscribe((e) => seen.push(e));
    const services = { store, events, config: { controlRoutes: false, demoSeed: "demo" }, now: Date.now } as unknown as Services;
    const routes = slotRoutes(services, async () => ({ kind: "agent", agentId: "test" }));
    const run = (name: string, body: unknown, params: Record<string, string> = {}) => {
      const raw = Buffer.from(JSON.stringify(body));
      return routes.find((r) => r.name === name)!.handler({ params, json: (schema) => parseJsonBody(raw, schema) } as RequestContext);
    };
    const [a, b] = (await slots()).filter((s) => s.available);
    const booked = await run("appointments.book", { doctor_id: "dr-meera-iyer", clinic_id: "cl-andheri-west", patient_id: "pt-ev", conf_id: a!.conf_id, start_time: a!.s, mode: "in_clinic" });
    const id = (booked.body as { data: { appointment_id: string } }).data.appointment_id;
    await run("appointments.reschedule", { conf_id: b!.conf_id, start_time: b!.s }, { appointmentId: id });
    await run("appointments.cancel", { reason: "Clinic closed" }, { appointmentId: id });
    expect(seen.map((e) => e.name)).toEqual(["appointment.created", "appointment.updated", "appointment.updated"]);
    const moved = PlatformAppointmentUpdatedEvent.parse(seen[1]!.payload);
    expect(moved).toMatchObject({ appointment_id: id, change: "rescheduled", start_time: b!.s, previous_start_time: a!.s, status: "booked" });
    expect(PlatformAppointmentUpdatedEvent.parse(seen[2]!.payload)).toMatchObject({ appointment_id: id, change: "cancelled", status: "cancelled", cancel_reason: "Clinic closed" });
    await store.close();
    await dir.remove();
  });
});
