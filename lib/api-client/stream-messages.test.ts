import { describe, expect, it } from "vitest";
import type { LiveEvent } from "@/lib/schemas/live-events";
import { readQueueChange } from "./queue";
import { readLiveEvent, readStreamClosed } from "./live-events";

// The queue's and the live feed's streams, read without zod: a message is used only when it has every
// field the page reads, of its kind; anything else is dropped (the next refetch brings the truth).

const change = { appointmentId: "a1", clinicId: "cl-opd", day: "2026-11-27", version: 3, status: "checked_in" };
const event: LiveEvent = {
  id: 41,
  kind: "appointment.created",
  receivedAt: "2026-11-27T05:00:00.000Z",
  occurredAt: null,
  verification: "signed",
  appointmentId: "a1",
  doctorId: "d1",
  patientId: null,
  patientName: null,
  doctorName: "Dr. Meera Iyer",
  clinicName: null,
  clinicId: "cl-opd",
  clinicTimeZone: "Asia/Kolkata",
  startsAt: "2026-11-27T06:00:00.000Z",
  serviceName: null,
  status: "booked",
  video: null,
};

describe("stream messages", () => {
  it("a queue change is used as it came when whole", () => {
    expect(readQueueChange(JSON.stringify(change))).toEqual(change);
  });

  it("a queue change missing a field, with one of the wrong kind, or not JSON is dropped", () => {
    const noVersion: Partial<typeof change> = { ...change };
    delete noVersion.version;
    for (const bad of [JSON.stringify(noVersion), JSON.stringify({ ...change, version: "3" }), JSON.stringify({ ...change, day: null }), "[]", "{oops"]) expect(readQueueChange(bad), bad).toBeUndefined();
  });

  it("a live event is used as it came when whole; one short of a field the card shows, or with an id that is not a whole number, is dropped", () => {
    expect(readLiveEvent(JSON.stringify(event))).toEqual(event);
    const noKind: Partial<LiveEvent> = { ...event };
    delete noKind.kind;
    for (const bad of [JSON.stringify(noKind), JSON.stringify({ ...event, id: 41.5 }), JSON.stringify({ ...event, video: "https://meet" }), JSON.stringify({ ...event, doctorName: 7 }), "null", "not json"]) expect(readLiveEvent(bad), bad).toBeUndefined();
  });

  it("the names and appointment details the schema fills with null when absent read as null here too", () => {
    const bare: Partial<LiveEvent> = { ...event };
    for (const k of ["doctorName", "clinicName", "clinicTimeZone", "startsAt", "serviceName", "status"] as const) delete bare[k];
    expect(readLiveEvent(JSON.stringify(bare))).toEqual({ ...event, doctorName: null, clinicName: null, clinicTimeZone: null, startsAt: null, serviceName: null, status: null });
  });

  it("a stream's closing is read only with a reason the page knows", () => {
    expect(readStreamClosed(JSON.stringify({ reason: "signed-out" }))).toEqual({ reason: "signed-out" });
    expect(readStreamClosed(JSON.stringify({ reason: "maintenance" }))).toBeUndefined();
    expect(readStreamClosed("{")).toBeUndefined();
  });
});
