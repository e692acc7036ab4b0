import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { bothDatabases, type TestDatabase } from "@/lib/testing/databases";
import { startPlatformHarness, TEST_CLIENT_ID, type PlatformHarness } from "@/lib/testing/platform-harness";
import { addDays, splitIntoWindows, type BookingRequest } from "@/lib/schemas/slots";
import { createPlatform, type StaffPlatform } from "./client";
import { assistantSessionTokens, slotBookings } from "../../server/db/schema";
import { ConflictError } from "../../server/errors";
import { bookSlotOnce } from "../../server/slots/slot-bookings";
import { keepSessionToken, storedSessionToken } from "../../server/slots/assistant-session-tokens";
import { AssistantNotConfiguredError, AssistantSessionExpiredError, assistantSessionsApi } from "./assistant-sessions";

const databases = await bothDatabases();

function futureMonday(): string {
  let day = addDays(new Date().toISOString().slice(0, 10), 21);
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== 1) day = addDays(day, 1);
  return day;
}
const MONDAY = futureMonday();

describe("splitting a range into platform windows", () => {
  it("cuts 24 days into 10 + 10 + 4 and keeps short ranges whole", () => {
    expect(splitIntoWindows("2026-11-01", "2026-11-24")).toEqual([
      { from: "2026-11-01", to: "2026-11-10" },
      { from: "2026-11-11", to: "2026-11-20" },
      { from: "2026-11-21", to: "2026-11-24" },
    ]);
    expect(splitIntoWindows("2026-12-28", "2027-01-03")).toEqual([{ from: "2026-12-28", to: "2027-01-03" }]);
    expect(splitIntoWindows("2026-11-05", "2026-11-05")).toEqual([{ from: "2026-11-05", to: "2026-11-05" }]);
  });
});

for (const { name, open, available } of databases) describe.skipIf(!available)(`slots and assistant sessions through the platform client on ${name}`, () => {
  let t: TestDatabase;
  let h: PlatformHarness;
  let platform: StaffPlatform;

  beforeAll(async () => {
    t = await open();
    h = await startPlatformHarness(t.database);
    platform = createPlatform(
      { ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 3000, agentKey: "agent-for-tests" },
      { database: t.database, idp: h.idp },
    ).forStaff(h.staff);
  });
  afterAll(async () => {
    await h?.close();
    await t?.dispose();
  });
  beforeEach(async () => {
    await h.resetStats();
  });

  const range = { doctorId: "dr-meera-iyer", clinicId: "cl-andheri-west", from: MONDAY, to: addDays(MONDAY, 6) };

  it("reshapes a week of slots and services into the app's shape", async () => {
    const cal = await platform.slots.listSlots(range);
    expect(cal.slots.length).toBeGreaterThan(50);
    expect(cal.slots[0]!.start).toBe(`${MONDAY}T09:00:00+05:30`);
    const tele = cal.services.find((s) => s.confId === "conf-mi-tele")!;
    expect(tele).toMatchObject({ name: "Tele-consultation", price: 500, convenienceFee: 30, discount: 50, finalAmount: 480, prePay: true, postPay: false, patientBookable: true, modes: ["tele"], currency: "INR" });
    expect(new Set(cal.slots.map((s) => s.serviceType))).toEqual(new Set(["consultation", "follow_up", "teleconsultation"]));
    const starts = cal.slots.map((s) => Date.parse(s.start));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it("asks the platform in windows of at most 10 days and merges them", async () => {
    const cal = await platform.slots.listSlots({ ...range, to: addDays(MONDAY, 23) });
    expect((await h.stats())["slots.list"]).toBe(3);
    const days = new Set(cal.slots.map((s) => s.start.slice(0, 10)));
    expect(days.has(addDays(MONDAY, 23 - 1))).toBe(true);
    expect(new Set(cal.slots.map((s) => `${s.confId}|${s.start}`)).size).toBe(cal.slots.length);
  });

  it("turns platform 404s into messages that say what to fix", async () => {
    await expect(platform.slots.listSlots({ ...range, doctorId: "dr-nobody" })).rejects.toThrow(/does not know this doctor/);
    await expect(platform.slots.listSlots({ ...range, clinicId: "cl-kothrud" })).rejects.toMatchObject({ status: 404, extra: { code: "doctor_not_at_clinic" } });
  });

  const request = async (confId: string, overrides: Partial<BookingRequest> = {}): Promise<BookingRequest> => {
    const cal = await platform.slots.listSlots(range);
    const slot = cal.slots.find((s) => s.available && s.confId === confId && !overrides.start)!;
    return { idempotencyKey: randomUUID(), doctorId: range.doctorId, clinicId: range.clinicId, patientId: "pt-42", confId, start: slot.start, mode: "in_clinic", ...overrides };
  };

  it("books once per idempotency key, even when the request is repeated", async () => {
    const req = await request("conf-mi-consult");
    const first = await bookSlotOnce(t.database.db, platform.slots, h.staff.id, req);
    const again = await bookSlotOnce(t.database.db, platform.slots, h.staff.id, req);
    expect(first.replayed).toBe(false);
    expect(again).toEqual({ booking: first.booking, replayed: true });
    expect(first.booking).toMatchObject({ patientId: "pt-42", start: req.start, status: "booked" });
    const [row] = await t.database.db.select().from(slotBookings).where(eq(slotBookings.idempotencyKey, req.idempotencyKey));
    expect(row).toMatchObject({ status: "booked", appointmentId: first.booking.appointmentId });
    expect((await h.stats())["appointments.book"]).toBe(1);
    const after = await platform.slots.listSlots(range);
    expect(after.slots.find((s) => s.start === req.start && s.confId === req.confId)?.available).toBe(false);
  });

  it("retries a failed attempt with the same key without booking twice at the platform", async () => {
    const req = await request("conf-mi-consult");
    // The platform booked it but the answer was lost: the row is still pending.
    await t.database.db.insert(slotBookings).values({ idempotencyKey: req.idempotencyKey, staffId: h.staff.id, request: { doctorId: req.doctorId, clinicId: req.clinicId, patientId: req.patientId, confId: req.confId, start: req.start, mode: req.mode }, status: "pending" });
    const direct = await platform.slots.bookSlot({ ...req, partnerAppointmentId: req.idempotencyKey });
    const retried = await bookSlotOnce(t.database.db, platform.slots, h.staff.id, req);
    expect(retried.booking.appointmentId).toBe(direct.appointmentId);
  });

  it("refuses a key reused for another request, and a slot taken meanwhile with a 409 that is never shown as booked", async () => {
    const req = await request("conf-mi-consult");
    await bookSlotOnce(t.database.db, platform.slots, h.staff.id, req);
    await expect(bookSlotOnce(t.database.db, platform.slots, h.staff.id, { ...req, patientId: "pt-other" })).rejects.toThrow(/already sent with other details/);
    const rival = { ...req, idempotencyKey: randomUUID(), patientId: "pt-7" };
    const err = await bookSlotOnce(t.database.db, platform.slots, h.staff.id, rival).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ConflictError);
    expect((err as ConflictError).detail).toMatch(/booked this slot a moment ago/);
    const [row] = await t.database.db.select().from(slotBookings).where(eq(slotBookings.idempotencyKey, rival.idempotencyKey));
    expect(row?.status).toBe("failed");
    expect(row?.appointmentId).toBeNull();
  });

  it("looks up, refreshes and keeps the session token on the server", async () => {
    const created = (await (await h.fetch(`${h.sandboxUrl}/__sandbox/assistant-sessions`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ ttlSeconds: 60 }) })).json()) as { session_id: string };
    const id = created.session_id;
    const looked = await platform.assistantSessions.lookup(id);
    expect(looked.sessionId).toBe(id);
    expect(Date.parse(looked.expiresAt)).toBeGreaterThan(Date.now());
    const refreshed = await platform.assistantSessions.refresh(id, undefined);
    await keepSessionToken(t.database.db, refreshed, h.staff.id);
    expect(await storedSessionToken(t.database.db, id)).toBe(refreshed.token);
    // Once expired, only the kept token refreshes it.
    await h.fetch(`${h.sandboxUrl}/__sandbox/assistant-sessions/${id}/expire`, { method: "POST" });
    await expect(platform.assistantSessions.refresh(id, undefined)).rejects.toBeInstanceOf(AssistantSessionExpiredError);
    const again = await platform.assistantSessions.refresh(id, await storedSessionToken(t.database.db, id));
    expect(Date.parse(again.expiresAt)).toBeGreaterThan(Date.now() + 60_000);
    const rows = await t.database.db.select().from(assistantSessionTokens).where(eq(assistantSessionTokens.sessionId, id));
    expect(rows).toHaveLength(1);
  });

  it("says clearly when a session is unknown or the agent key is missing", async () => {
    await expect(platform.assistantSessions.lookup("00000000-0000-4000-8000-000000000000")).rejects.toThrow(/No assistant session has this id/);
    const unconfigured = assistantSessionsApi(async () => ({}) as never, undefined);
    await expect(unconfigured.lookup("00000000-0000-4000-8000-000000000000")).rejects.toBeInstanceOf(AssistantNotConfiguredError);
  });
});
