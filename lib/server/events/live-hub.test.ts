import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DESK_EVENT_VERSION } from "@/lib/schemas/desk-events";
import type { LiveEvent } from "@/lib/schemas/live-events";
import { pgliteTestDatabase, postgresAvailable, postgresTestDatabase, SKIP_POSTGRES_MESSAGE, type TestDatabase } from "@/lib/testing/databases";
import type { Db } from "../db/connect";
import { directoryEntries, webhookInbox } from "../db/schema";
import { rememberPatient } from "../patients/patient-index";
import { createLiveHub, type LiveHub } from "./live-hub";
import { liveEventStream } from "./sse";

const pgUp = await postgresAvailable();
if (!pgUp) console.warn(SKIP_POSTGRES_MESSAGE);

async function store(db: Db, key: string, over: Record<string, unknown> = {}) {
  const payload = {
    event: "appointment.tele.dr_joined",
    data: { appointment_id: "apt-9", doctor_id: "doc-1", patient_id: "pt-9", clinic_id: "cl-1", video_connect: { host_link: "https://meet.jit.si/r#host", meet_link: "javascript:alert(1)", vendor: "jitsi" } },
    ...over,
  };
  const [row] = await db.insert(webhookInbox).values({ deliveryKey: key, kind: String(payload.event), verification: "signed", payload }).returning({ id: webhookInbox.id });
  return row!.id;
}

function collect(hub: LiveHub) {
  const got: LiveEvent[] = [];
  hub.subscribe((e) => got.push(e));
  return got;
}

const until = (check: () => boolean, what = () => "") => vi.waitFor(() => expect(check(), what()).toBe(true), { timeout: 3000, interval: 10 });

describe("live hub on PGlite (one instance)", () => {
  let t: TestDatabase;
  let hub: ReturnType<typeof createLiveHub>;
  beforeAll(async () => {
    t = await pgliteTestDatabase();
    hub = createLiveHub({ db: t.database.db });
  });
  afterAll(async () => {
    await hub.close();
    await t.dispose();
  });

  it("pushes a published event to subscribers, reshaped, with unsafe links kept only as text", async () => {
    const got = collect(hub);
    const id = await store(t.database.db, "a1");
    hub.publish(id);
    await until(() => got.length === 1);
    expect(got[0]).toMatchObject({ id, kind: "appointment.tele.dr_joined", doctorId: "doc-1", patientId: "pt-9", appointmentId: "apt-9" });
    expect(got[0]!.video).toEqual({ hostLink: "https://meet.jit.si/r#host", meetLink: null, vendor: "jitsi", blockedHostLink: null, blockedMeetLink: "javascript:alert(1)" });
  });

  it("shows what the receiver wrote, as written, without reading the inbox row back", async () => {
    const got = collect(hub);
    const id = await store(t.database.db, "w1");
    const readBefore = hub.rowsRead();
    const receivedAt = new Date("2026-11-24T05:00:00.000Z");
    const event = { appointmentId: "apt-written", doctorId: "doc-1", patientId: null, clinicId: null, startsAt: null, serviceName: null, status: "booked", video: null, appointment: null, receipt: null };
    // The row holds another event (the raw payload above): what is shown must be what was published.
    hub.publish({ id, kind: "appointment.created", verification: "signed", occurredAt: null, receivedAt, event });
    await until(() => got.length === 1);
    expect(got[0]).toMatchObject({ id, kind: "appointment.created", appointmentId: "apt-written", status: "booked", receivedAt: receivedAt.toISOString(), video: null });
    expect(hub.rowsRead()).toBe(readBefore);
  });

  it("reshapes a row stored before events were shaped on arrival once, on first read, and keeps the result", async () => {
    const id = await store(t.database.db, "old-1", { data: { appointment_id: "apt-old", patient_id: "pt-old", start_time: "2026-11-23T10:00:00+05:30" } });
    const before = await t.database.db.select().from(webhookInbox).where(eq(webhookInbox.id, id));
    expect(before[0]).toMatchObject({ deskEvent: null, deskEventVersion: null });
    const [shown] = await hub.since(id - 1);
    expect(shown).toMatchObject({ id, appointmentId: "apt-old", patientId: "pt-old", startsAt: "2026-11-23T04:30:00.000Z" });
    const [after] = await t.database.db.select().from(webhookInbox).where(eq(webhookInbox.id, id));
    expect(after).toMatchObject({ deskEventVersion: DESK_EVENT_VERSION, deskEvent: { appointmentId: "apt-old", patientId: "pt-old", startsAt: "2026-11-23T04:30:00.000Z" } });
    // Once shaped, the stored shape is what readers get: the payload is not read again.
    await t.database.db.update(webhookInbox).set({ deskEvent: { ...after!.deskEvent!, patientId: "pt-kept" } }).where(eq(webhookInbox.id, id));
    expect((await hub.since(id - 1))[0]).toMatchObject({ patientId: "pt-kept" });
  });

  it("opens only https: links (http: only in sandbox mode), and cuts long event text before any page sees it", async () => {
    const links = (host: string, meet: string) => ({ data: { doctor_id: "d".repeat(5000), video_connect: { host_link: host, meet_link: meet, vendor: "v".repeat(300) } } });
    const a = await store(t.database.db, "l1", links("http://meet.example/r#h", "data:text/html,<script>alert(1)</script>"));
    const b = await store(t.database.db, "l2", links(" JAVASCRIPT:alert(1)", "https://user:pw@meet.example/r"));
    const [ea, eb] = await hub.since(a - 1);
    expect(ea!.video).toMatchObject({ hostLink: null, blockedHostLink: "http://meet.example/r#h", meetLink: null, blockedMeetLink: expect.stringMatching(/^data:text\/html/) });
    expect(eb!.video).toMatchObject({ hostLink: null, blockedHostLink: "JAVASCRIPT:alert(1)", meetLink: null, blockedMeetLink: "https://user:pw@meet.example/r" });
    expect(ea!.doctorId!.length).toBeLessThanOrEqual(120);
    expect(ea!.video!.vendor!.length).toBeLessThanOrEqual(40);
    const sandbox = createLiveHub({ db: t.database.db, reshape: { allowHttpLinks: true } });
    const [sa] = await sandbox.since(a - 1);
    expect(sa!.video).toMatchObject({ hostLink: "http://meet.example/r#h", blockedHostLink: null, meetLink: null });
    await sandbox.close();
    expect(eb!.id).toBe(b);
  });

  it("names doctors and clinics from the clinic directory and carries a booking's time in the clinic's zone", async () => {
    await t.database.db.insert(directoryEntries).values([
      { kind: "doctor", platformId: "dr-arjun-rao", displayName: "Dr. Arjun Rao", timeZone: null },
      { kind: "clinic", platformId: "cl-kothrud", displayName: "Kothrud Health Centre", timeZone: "Asia/Kolkata" },
    ]);
    const id = await store(t.database.db, "b1", {
      event: "appointment.created",
      data: { appointment_id: "apt_1", doctor_id: "dr-arjun-rao", clinic_id: "cl-kothrud", patient_id: "pt-x", start_time: "2026-11-24T10:30:00+05:30", service_name: "Child consultation", status: "booked" },
    });
    const [e] = await hub.since(id - 1);
    expect(e).toMatchObject({
      kind: "appointment.created",
      doctorName: "Dr. Arjun Rao",
      clinicName: "Kothrud Health Centre",
      clinicTimeZone: "Asia/Kolkata",
      startsAt: "2026-11-24T05:00:00.000Z",
      serviceName: "Child consultation",
      status: "booked",
      video: null,
    });
  });

  it("answers history newest first and resumes after an id oldest first", async () => {
    const a = await store(t.database.db, "h1");
    const b = await store(t.database.db, "h2", { event: "lab.report.ready", data: {} });
    const history = await hub.history({ limit: 2 });
    expect(history.map((e) => e.id)).toEqual([b, a]);
    expect((await hub.history({ limit: 10, before: b })).map((e) => e.id)[0]).toBe(a);
    expect((await hub.since(a)).map((e) => e.id)).toEqual([b]);
    expect(history[0]).toMatchObject({ kind: "lab.report.ready", video: null, patientId: null });
  });

  it("names the patient when the clinic knows them, and shows only the id otherwise", async () => {
    await rememberPatient(t.database.db, { id: "pt-known", salutation: "Mrs.", firstName: "Asha", middleName: null, lastName: "Verma", gender: "F", dob: "1980-01-01", mobile: "+919812345678", uhid: null });
    const known = await store(t.database.db, "n1", { data: { patient_id: "pt-known", doctor_id: "doc-1" } });
    const unknown = await store(t.database.db, "n2", { data: { patient_id: "pt-stranger" } });
    const events = await hub.since(known - 1);
    expect(events.find((e) => e.id === known)).toMatchObject({ patientId: "pt-known", patientName: "Mrs. Asha Verma" });
    expect(events.find((e) => e.id === unknown)).toMatchObject({ patientId: "pt-stranger", patientName: null });
  });
});

/** Two app instances' hubs on one PostgreSQL database, each with its own connections. */
function hubsOnTwoInstances() {
  const hubs = {} as { t: TestDatabase; one: ReturnType<typeof createLiveHub>; two: ReturnType<typeof createLiveHub>; otherDb: Db };
  beforeAll(async () => {
    hubs.t = await postgresTestDatabase();
    hubs.otherDb = (await hubs.t.openAnother()).db;
    hubs.one = createLiveHub({ db: hubs.t.database.db, databaseUrl: hubs.t.url });
    hubs.two = createLiveHub({ db: hubs.otherDb, databaseUrl: hubs.t.url });
    // Both LISTEN connections must be up before publishing.
    await Promise.all([hubs.one.ready(), hubs.two.ready()]);
  });
  afterAll(async () => {
    await hubs.one?.close();
    await hubs.two?.close();
    await hubs.t?.dispose();
  });
  return hubs;
}

describe.skipIf(!pgUp)("live hub on PostgreSQL: LISTEN/NOTIFY between two app instances", () => {
  const hubs = hubsOnTwoInstances();

  it("delivers an event stored and published by one instance to subscribers of both, once each", async () => {
    const { t, one, two, otherDb } = hubs;
    const onOne = collect(one);
    const onTwo = collect(two);
    const id = await store(t.database.db, "pg1");
    one.publish(id);
    await until(() => onOne.length === 1 && onTwo.length === 1);
    const id2 = await store(otherDb, "pg2");
    two.publish(id2);
    await until(() => onOne.length === 2 && onTwo.length === 2);
    // A last event through the same path: a late duplicate of the first two would arrive before it.
    const id3 = await store(t.database.db, "pg3");
    one.publish(id3);
    await until(() => onOne.some((e) => e.id === id3) && onTwo.some((e) => e.id === id3));
    expect(onOne.map((e) => e.id)).toEqual([id, id2, id3]);
    expect(onTwo.map((e) => e.id)).toEqual([id, id2, id3]);
  });

  it("carries what was written to the other instance, which shows it without reading the row", async () => {
    const { t, one, two } = hubs;
    const onTwo = collect(two);
    const id = await store(t.database.db, "pg-written");
    const readBefore = two.rowsRead();
    const event = { appointmentId: "apt-pg-written", doctorId: null, patientId: null, clinicId: null, startsAt: "2026-11-24T05:00:00.000Z", serviceName: "Review", status: null, video: null, appointment: null, receipt: null };
    one.publish({ id, kind: "appointment.created", verification: "unsigned", occurredAt: new Date("2026-11-24T04:00:00.000Z"), receivedAt: new Date("2026-11-24T04:00:01.000Z"), event });
    await until(() => onTwo.some((e) => e.id === id));
    expect(onTwo.find((e) => e.id === id)).toMatchObject({ appointmentId: "apt-pg-written", serviceName: "Review", verification: "unsigned", occurredAt: "2026-11-24T04:00:00.000Z" });
    expect(two.rowsRead()).toBe(readBefore);
  });

  it("reshapes a row stored before the desk's shape existed when two instances read it at once, and both see the same event", async () => {
    const { t, one, two, otherDb } = hubs;
    const id = await store(t.database.db, "pg-old", { data: { appointment_id: "apt-pg-old", patient_id: "pt-pg-old", start_time: "2026-11-23T10:00:00+05:30" } });
    const [fromOne, fromTwo] = await Promise.all([one.since(id - 1), two.since(id - 1)]);
    expect(fromOne![0]).toMatchObject({ id, appointmentId: "apt-pg-old", patientId: "pt-pg-old", startsAt: "2026-11-23T04:30:00.000Z" });
    expect(fromTwo![0]).toEqual(fromOne![0]);
    const [stored] = await otherDb.select().from(webhookInbox).where(eq(webhookInbox.id, id));
    expect(stored).toMatchObject({ deskEventVersion: DESK_EVENT_VERSION, deskEvent: { appointmentId: "apt-pg-old", patientId: "pt-pg-old" } });
  });
});

/** Reads SSE text from a stream until `enough` says so, or fails after a few seconds. */
async function frameIds(reader: ReadableStreamDefaultReader<Uint8Array>, enough: (ids: number[]) => boolean): Promise<number[]> {
  const decoder = new TextDecoder();
  let text = "";
  const ids = () => [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
  const deadline = Date.now() + 5000;
  while (!enough(ids())) {
    if (Date.now() > deadline) throw new Error(`stream gave only ${ids().join(",")}`);
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  return ids();
}

describe.skipIf(!pgUp)("live hub on PostgreSQL: an instance with no live feed open", () => {
  const hubs = hubsOnTwoInstances();

  it("reads nothing for announced events, and a feed opened later resumes them from the inbox once each, then gets live ones", async () => {
    const { t, one, two } = hubs;
    expect(two.listeners()).toBe(0);
    const seen = await store(t.database.db, "skip-0");
    one.publish(seen);
    const missed = [await store(t.database.db, "skip-1"), await store(t.database.db, "skip-2")];
    for (const id of missed) one.publish(id);
    // Both announcements reached the idle instance and were counted, not read.
    await until(() => two.skipped() === 3 && one.skipped() === 3, () => `skipped ${one.skipped()} ${two.skipped()}`);

    // A desk that had seen `seen` opens its feed on the idle instance with Last-Event-ID.
    const abort = new AbortController();
    const reader = liveEventStream(two, { viewer: { role: "doctor", doctorId: "doc-1" }, after: seen, signal: abort.signal }).getReader();
    const live = collect(two);
    try {
      expect(await frameIds(reader, (ids) => ids.length >= 2)).toEqual(missed);
      const next = await store(t.database.db, "skip-3");
      one.publish(next);
      expect(await frameIds(reader, (ids) => ids.includes(next))).toEqual([next]);
      await until(() => live.length === 1, () => "live");
      expect(live.map((e) => e.id)).toEqual([next]);
      // Read, not skipped, now that a feed is open here; the other instance still has none.
      expect(two.skipped()).toBe(3);
      await until(() => one.skipped() === 4, () => `one ${one.skipped()}`);
    } finally {
      abort.abort();
      reader.releaseLock();
    }
    await until(() => two.listeners() === 1, () => `listeners ${two.listeners()}`);
  });
});
