/** The patient's status page, live: the stream across two instances on PostgreSQL, its end at day end, and its route (anonymous, rate-limited). */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_PRIORITY_MARKS } from "@/lib/queue/priority-marks";
import { VisitStatus } from "@/lib/schemas/visit-status";
import { bothDatabases, pgliteTestDatabase, postgresTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { setClock } from "@/lib/clock";
import { sseFrames } from "@/lib/testing/sse-frames";
import { installWiringForFile } from "@/lib/testing/process-wiring";
import { useUpWindow } from "@/lib/testing/rate-window";
import type { Database } from "../db/connect";

const state = { database: undefined as Database | undefined, hub: undefined as ReturnType<typeof createQueueHub> | undefined };
installWiringForFile(
  {
    env: () => ({ appUrl: "http://localhost:3000", trustedProxyHops: 0, trustedProxyAddresses: [], opd: { tokenFormat: "A-{n:3}", priorityMarks: [], skipReturnAfter: 3 }, logLevel: "warn" }),
    database: () => state.database!,
    services: () => ({ queueHub: state.hub }),
  },
  "status-stream.test.ts",
);

const { GET } = await import("@/app/api/status/[token]/stream/route");
const { directoryEntries, staff } = await import("../db/schema");
const { createPubSub } = await import("../pubsub");
const { rememberPatient } = await import("../patients/patient-index");
const { addWalkIn, counterAction } = await import("./opd-counter");
const { createQueueHub } = await import("./queue-hub");
const { STATUS_PAGE_RATE, readVisitStatus, statusLinkFor, statusPageRateKey } = await import("./visit-status");
const { EXPIRED_FRAME, visitStatusStream } = await import("./visit-status-stream");
const { clientAddress } = await import("../request-info");

const MORNING = Date.parse("2026-11-27T10:30:00+05:30");
const SECRET = "stream-secret-stream-secret-stream-secret";
const CONFIG = { tokenFormat: "A-{n:3}", priorityMarks: DEFAULT_PRIORITY_MARKS, skipReturnAfter: 3 };
const PRIVATE = ["Ramesh", "Kulkarni", "9811122233", "PUN-2026-000777", "pt-stream"];

function frames(stream: ReadableStream<Uint8Array>) {
  const read = sseFrames(stream);
  return { ...read, statuses: () => read.events("status", (d) => VisitStatus.parse(d)) };
}

async function setUp(db: TestDatabase["database"]["db"], hub: ReturnType<typeof createQueueHub>, tag: string) {
  const [desk] = await db.insert(staff).values({ email: `stream-${tag}@clinic.test`, name: "Desk", role: "receptionist", passwordHash: "x" }).returning({ id: staff.id });
  await db.insert(directoryEntries).values([
    { kind: "clinic", platformId: "cl-stream", displayName: "Stream Clinic", timeZone: "Asia/Kolkata" },
    { kind: "doctor", platformId: "dr-stream", displayName: "Dr Stream" },
  ]);
  const visits = [];
  for (const n of [1, 2]) {
    await rememberPatient(db, { id: `pt-stream-${n}`, salutation: "Mr.", firstName: "Ramesh", middleName: null, lastName: "Kulkarni", gender: "M", dob: "1950-01-01", mobile: "+919811122233", uhid: `PUN-2026-00077${n}` });
    visits.push((await addWalkIn(db, hub, { key: randomUUID(), clinicId: "cl-stream", doctorId: "dr-stream", patientId: `pt-stream-${n}`, priority: null, staffId: desk!.id }, CONFIG, MORNING + n * 60_000)).entry);
  }
  const link = (await statusLinkFor(db, SECRET, visits[1]!.appointmentId))!;
  const call = () => counterAction(db, hub, { clinicId: "cl-stream", doctorId: "dr-stream", action: "next", key: randomUUID(), staffId: desk!.id }, CONFIG, MORNING + 10 * 60_000);
  return { link, call };
}

const databases = await bothDatabases();

describe.skipIf(!databases.find((d) => d.kind === "postgres")!.available)("the status stream across two instances on PostgreSQL", () => {
  it("Call next on instance A moves the status on a stream served by instance B, then the visit's end closes it; never a name, mobile or UHID", async () => {
    const t = await postgresTestDatabase();
    const other = await t.openAnother();
    const a = createPubSub({ db: t.database.db, databaseUrl: t.url, log: () => {} });
    const b = createPubSub({ db: other.db, databaseUrl: t.url, log: () => {} });
    const hubA = createQueueHub({ pubsub: a });
    const hubB = createQueueHub({ pubsub: b });
    await Promise.all([a.ready(), b.ready()]);
    try {
      const { link, call } = await setUp(t.database.db, hubA, "pg");
      const abort = new AbortController();
      const stream = frames(
        visitStatusStream({ clinicId: "cl-stream", expiresAt: link.expiresAt, queueHub: hubB, read: () => readVisitStatus(other.db, link.token, CONFIG, MORNING + 11 * 60_000), signal: abort.signal, now: () => MORNING + 11 * 60_000 }),
      );
      await vi.waitFor(() => expect(stream.statuses()).toHaveLength(1));
      expect(stream.statuses()[0]).toMatchObject({ state: "waiting", token: "A-002", nowServing: null, ahead: 1 });
      await call();
      await vi.waitFor(() => expect(stream.statuses().at(-1)).toMatchObject({ state: "waiting", nowServing: "A-001", ahead: 0 }), { timeout: 5000 });
      await call();
      await vi.waitFor(() => expect(stream.statuses().at(-1)).toMatchObject({ state: "called", token: "A-002" }), { timeout: 5000 });
      await call();
      await vi.waitFor(() => expect(stream.closed()).toBe(true), { timeout: 5000 });
      expect(stream.statuses().at(-1)).toMatchObject({ state: "done" });
      expect(stream.seen.at(-1)).toBe("event: end\ndata: {}\n\n");
      for (const secret of PRIVATE) expect(stream.seen.join("")).not.toContain(secret);
      abort.abort();
    } finally {
      await Promise.all([a.close(), b.close()]);
      await t.dispose();
    }
  });
});

describe("the status stream's route, anonymous, on PGlite", () => {
  let t: TestDatabase;
  let token = "";
  let expiresAt: Date;
  let call: () => Promise<unknown>;
  const get = (tok: string, address = "203.0.113.7") => {
    const abort = new AbortController();
    return { abort, res: GET(new Request(`http://localhost:3000/api/status/${tok}/stream`, { signal: abort.signal, headers: { "x-forwarded-for": address } }), { params: Promise.resolve({ token: tok }) }) };
  };
  beforeAll(async () => {
    t = await pgliteTestDatabase();
    state.database = t.database;
    const hub = createQueueHub({ db: t.database.db });
    state.hub = hub;
    ({ link: { token, expiresAt }, call } = await setUp(t.database.db, hub, "route"));
  }, 120_000);
  afterAll(async () => {
    setClock(null);
    await state.hub?.close();
    await t?.dispose();
  });

  it("streams the status as SSE, follows a call, and carries nothing that names the patient", async () => {
    setClock(() => MORNING + 11 * 60_000);
    const { abort, res } = get(token);
    const answer = await res;
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    const stream = frames(answer.body!);
    await vi.waitFor(() => expect(stream.statuses()[0]).toMatchObject({ state: "waiting", token: "A-002", ahead: 1 }));
    await call();
    await vi.waitFor(() => expect(stream.statuses().at(-1)).toMatchObject({ nowServing: "A-001", ahead: 0 }));
    for (const secret of PRIVATE) expect(stream.seen.join("")).not.toContain(secret);
    abort.abort();
  });

  it("says 'expired' and closes when the clinic day ends, and a link of yesterday closes at once", async () => {
    setClock(() => expiresAt.getTime() - 200);
    const now = () => expiresAt.getTime() - 200;
    const abort = new AbortController();
    const live = frames(visitStatusStream({ clinicId: "cl-stream", expiresAt, queueHub: state.hub!, read: async () => ({ state: "waiting", token: "A-002", nowServing: null, ahead: 1, waitMinutes: 10, averageMinutes: 10, expiresAt: expiresAt.toISOString() }), signal: abort.signal, now }));
    await vi.waitFor(() => expect(live.closed()).toBe(true), { timeout: 3000 });
    expect(live.seen.join("")).toContain(EXPIRED_FRAME);

    setClock(() => expiresAt.getTime() + 60_000);
    const answer = await get(token, "203.0.113.8").res;
    const late = frames(answer.body!);
    await vi.waitFor(() => expect(late.closed()).toBe(true));
    expect(late.statuses()).toEqual([{ state: "expired" }]);
  });

  it("refuses an unknown link 404 and, past the address's minute, 429 (a connection counts as a request)", async () => {
    const noon = Date.parse("2026-11-27T12:00:00+05:30");
    setClock(() => noon);
    // The address has used all but three of its minute's requests: the unknown link and two connections take the rest.
    // (Counted as the route counts it: with no trusted proxy, X-Forwarded-For is not believed and the address is unknown.)
    const address = clientAddress(new Headers({ "x-forwarded-for": "203.0.113.9" }));
    await useUpWindow(t.database.db, statusPageRateKey(address), STATUS_PAGE_RATE, STATUS_PAGE_RATE.limit - 3, noon);
    const unknown = await get("A".repeat(22), "203.0.113.9").res;
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toContain("application/problem+json");
    const opened = [];
    for (let i = 0; i < 2; i++) {
      const { abort, res } = get(token, "203.0.113.9");
      const r = await res;
      opened.push(r.status);
      abort.abort();
      await r.body?.cancel();
    }
    expect(opened).toEqual([200, 200]);
    const over = await get(token, "203.0.113.9").res;
    expect(over.status).toBe(429);
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
