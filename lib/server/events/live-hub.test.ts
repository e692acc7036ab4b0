import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LiveEvent } from "@/lib/schemas/live-events";
import { pgliteTestDatabase, postgresAvailable, postgresTestDatabase, SKIP_POSTGRES_MESSAGE, type TestDatabase } from "@/lib/testing/databases";
import type { Db } from "../db/connect";
import { webhookInbox } from "../db/schema";
import { rememberPatient } from "../patients/patient-index";
import { createLiveHub, type LiveHub } from "./live-hub";

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

async function until(check: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe("live hub on PGlite (one instance)", () => {
  let t: TestDatabase;
  let hub: LiveHub;
  beforeAll(async () => {
    t = await pgliteTestDatabase();
    hub = createLiveHub({ db: t.database.db });
  });
  afterAll(async () => {
    await hub.close();
    await t.dispose();
  });

  it("pushes a published event to subscribers, reshaped, with unsafe links dropped", async () => {
    const got = collect(hub);
    const id = await store(t.database.db, "a1");
    hub.publish(id);
    await until(() => got.length === 1);
    expect(got[0]).toMatchObject({ id, kind: "appointment.tele.dr_joined", doctorId: "doc-1", patientId: "pt-9", appointmentId: "apt-9" });
    expect(got[0]!.video).toEqual({ hostLink: "https://meet.jit.si/r#host", meetLink: null, vendor: "jitsi" });
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

describe.skipIf(!pgUp)("live hub on PostgreSQL: LISTEN/NOTIFY between two app instances", () => {
  let t: TestDatabase;
  let one: LiveHub;
  let two: LiveHub;
  let otherDb: Db;
  beforeAll(async () => {
    t = await postgresTestDatabase();
    otherDb = (await t.openAnother()).db;
    one = createLiveHub({ db: t.database.db, databaseUrl: t.url });
    two = createLiveHub({ db: otherDb, databaseUrl: t.url });
    // Both LISTEN connections must be up before publishing.
    await new Promise((r) => setTimeout(r, 500));
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await t?.dispose();
  });

  it("delivers an event stored and published by one instance to subscribers of both, once each", async () => {
    const onOne = collect(one);
    const onTwo = collect(two);
    const id = await store(t.database.db, "pg1");
    one.publish(id);
    await until(() => onOne.length === 1 && onTwo.length === 1);
    const id2 = await store(otherDb, "pg2");
    two.publish(id2);
    await until(() => onOne.length === 2 && onTwo.length === 2);
    await new Promise((r) => setTimeout(r, 200));
    expect(onOne.map((e) => e.id)).toEqual([id, id2]);
    expect(onTwo.map((e) => e.id)).toEqual([id, id2]);
  });
});
