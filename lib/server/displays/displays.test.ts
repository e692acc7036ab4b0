import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { setClock } from "@/lib/clock";
import { DEFAULT_PRIORITY_MARKS } from "@/lib/queue/priority-marks";
import { ClaimDisplayInput, DisplayFeed } from "@/lib/schemas/displays";
import { bothDatabases, postgresTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { directoryEntries, displays, staff } from "../db/schema";
import type { Db } from "../db/connect";
import { createPubSub, type PubSub } from "../pubsub";
import { rememberPatient } from "../patients/patient-index";
import { addWalkIn, counterAction, type CounterConfig } from "../queue/opd-counter";
import { createQueueHub, type QueueHub } from "../queue/queue-hub";
import { createDisplayHub, type DisplayHub } from "./display-hub";
import { displayFeedStream, REVOKED_FRAME } from "./display-stream";
import { claimPairing, displayFeed, displayForToken, initialsOf, listDisplays, pairingStatus, PAIRING_RATE, PAIRING_TTL_MS, revokeDisplay, startPairing, stillPaired } from "./displays";
import { refusal } from "@/lib/testing/refusal";
import { setDoctorRoom } from "../counter-settings/doctor-rooms";
import { sseFrames } from "@/lib/testing/sse-frames";

const databases = await bothDatabases();
const CONFIG: CounterConfig = { tokenFormat: "A-{n:3}", priorityMarks: DEFAULT_PRIORITY_MARKS, skipReturnAfter: 2 };
/** 27/11/2026, 10:30 in India. */
const MORNING = Date.parse("2026-11-27T10:30:00+05:30");
const CLINIC = "cl-display";

let seq = 0;
const key = () => `display-key-${++seq}-${Math.random().toString(36).slice(2, 10)}`;

/** Reads an SSE stream's frames as they come. */
function frames(stream: ReadableStream<Uint8Array>) {
  const read = sseFrames(stream);
  return { ...read, snapshots: () => read.events("snapshot", (d) => DisplayFeed.parse(d)) };
}

for (const database of databases) {
  describe.skipIf(!database.available)(`waiting-room displays on ${database.name}`, () => {
    let t: TestDatabase;
    let db: Db;
    let pubsub: PubSub;
    let hub: QueueHub;
    let displayHub: DisplayHub;
    let admin: string;

    beforeAll(async () => {
      t = await database.open();
      db = t.database.db;
      pubsub = createPubSub({ db, log: () => {} });
      hub = createQueueHub({ pubsub });
      displayHub = createDisplayHub(pubsub);
      const [row] = await db.insert(staff).values({ email: `displays-${database.kind}@clinic.test`, name: "Anil Admin", role: "admin", passwordHash: "x" }).returning({ id: staff.id });
      admin = row!.id;
      await db.insert(directoryEntries).values([
        { kind: "clinic", platformId: CLINIC, displayName: "Sunrise Clinic", timeZone: "Asia/Kolkata" },
        { kind: "doctor", platformId: "dr-rao", displayName: "Dr. Arjun Rao" },
        { kind: "doctor", platformId: "dr-iyer", displayName: "Dr. Meera Iyer" },
      ]);
      // Rooms are the clinic's (Settings → Rooms): the display reads them, it keeps none of its own.
      await setDoctorRoom(db, { clinicId: CLINIC, doctorId: "dr-rao", room: "Room 2" }, admin, MORNING);
      await setDoctorRoom(db, { clinicId: CLINIC, doctorId: "dr-iyer", room: "Room 5" }, admin, MORNING);
    });
    beforeEach(() => setClock(() => MORNING));
    afterEach(() => setClock(null));
    afterAll(async () => {
      await pubsub.close();
      await t.dispose();
    });

    const claim = (code: string, over: Partial<Parameters<typeof claimPairing>[1]> = {}) =>
      claimPairing(db, { code, name: "Waiting hall TV", clinicId: CLINIC, doctors: [{ doctorId: "dr-rao" }], ...over }, admin);

    async function pairedDisplay(doctors = [{ doctorId: "dr-rao" }]) {
      const tv = await startPairing(db, MORNING);
      const display = await claim(tv.code, { doctors });
      const { token } = await pairingStatus(db, tv.secret, MORNING);
      return { display, token: token! };
    }

    it("a TV's code pairs one display once: the TV collects its session once, and the code cannot be used again", async () => {
      const tv = await startPairing(db, MORNING);
      expect(tv.code).toMatch(/^[A-Z0-9]{6}$/);
      expect(tv.expiresAt.getTime()).toBe(MORNING + PAIRING_TTL_MS);
      expect((await pairingStatus(db, tv.secret, MORNING)).status).toEqual({ status: "waiting", code: tv.code, expiresAt: tv.expiresAt.toISOString() });

      // Typed as read off the TV: lower case, with a space.
      const typed = ClaimDisplayInput.parse({ code: tv.code.toLowerCase().replace(/^(...)/, "$1 "), name: " Hall ", clinicId: CLINIC });
      expect(typed).toEqual({ code: tv.code, name: "Hall", clinicId: CLINIC, doctors: [] });
      const display = await claimPairing(db, typed, admin);
      const first = await pairingStatus(db, tv.secret, MORNING + 1000);
      expect(first.status).toEqual({ status: "paired" });
      expect(first.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect((await displayForToken(db, first.token))?.id).toBe(display.id);
      // The secret is good for one collection; the token is stored hashed, never as sent.
      expect(await pairingStatus(db, tv.secret, MORNING + 2000)).toEqual({ status: { status: "none" } });
      const [stored] = await db.select().from(displays).where(eq(displays.id, display.id));
      expect(stored!.tokenHash).not.toContain(first.token!);
      expect(stored!.tokenHash).toHaveLength(64);

      const again = await refusal(claim(tv.code));
      expect(again.status).toBe(422);
      expect(again.extra).toMatchObject({ code: "pairing_code_used", errors: { code: expect.stringMatching(/already used/) } });
    });

    it("one address gets PAIRING_RATE codes in ten minutes, then 429 with when to ask again; another address and the next window are free", async () => {
      const asker = { address: "203.0.113.77" };
      const start = MORNING - (MORNING % 600_000);
      for (let i = 0; i < PAIRING_RATE.limit; i++) await startPairing(db, start + i, asker);
      const refused = await startPairing(db, start + 60_000, asker).then(
        () => null,
        (err: unknown) => err,
      );
      expect(refused).toMatchObject({ status: 429, extra: { code: "pairing_rate", retryAfter: 540 } });
      await expect(startPairing(db, start + 60_000, { address: "203.0.113.78" })).resolves.toMatchObject({ code: expect.any(String) });
      await expect(startPairing(db, start + 600_000, asker)).resolves.toMatchObject({ code: expect.any(String) });
    });

    it("a late code is refused as expired, an unknown one as unknown, and the TV is told its code expired", async () => {
      const tv = await startPairing(db, MORNING);
      setClock(() => MORNING + PAIRING_TTL_MS + 1);
      const late = await refusal(claimPairing(db, { code: tv.code, name: "Late", clinicId: CLINIC, doctors: [] }, admin, MORNING + PAIRING_TTL_MS + 1));
      expect(late.status).toBe(422);
      expect(late.extra).toMatchObject({ code: "pairing_code_expired", errors: { code: expect.stringMatching(/expired/) } });
      expect((await pairingStatus(db, tv.secret, MORNING + PAIRING_TTL_MS + 1)).status).toEqual({ status: "expired" });
      const unknown = await refusal(claim("AAAAAA"));
      expect(unknown.extra).toMatchObject({ code: "pairing_code_unknown" });
      const place = await refusal(claim((await startPairing(db, MORNING)).code, { clinicId: "cl-nowhere", doctors: [{ doctorId: "dr-nobody" }] }));
      expect(place.extra).toMatchObject({ errors: { clinicId: expect.any(String), "doctors.0.doctorId": expect.any(String) } });
    });

    it("Settings lists a paired display; revoking it ends its session and tells its open stream at once", async () => {
      const { display, token } = await pairedDisplay();
      const listed = (await listDisplays(db, MORNING)).displays.find((d) => d.id === display.id);
      expect(listed).toMatchObject({ name: "Waiting hall TV", clinicName: "Sunrise Clinic", doctors: [{ doctorId: "dr-rao", doctorName: "Dr. Arjun Rao", room: "Room 2" }], connected: true });

      const abort = new AbortController();
      const stream = frames(
        displayFeedStream({ clinicId: CLINIC, displayId: display.id, queueHub: hub, displayHub, snapshot: () => displayFeed(db, display, CONFIG, MORNING), stillPaired: () => stillPaired(db, display.id), signal: abort.signal, heartbeatMs: 60_000 }),
      );
      await vi.waitFor(() => expect(stream.snapshots()).toHaveLength(1));
      await revokeDisplay(db, displayHub, display.id, admin, MORNING);
      await vi.waitFor(() => expect(stream.seen.at(-1)).toBe(REVOKED_FRAME));
      await vi.waitFor(() => expect(stream.closed()).toBe(true));
      expect(await displayForToken(db, token)).toBeNull();
      expect((await listDisplays(db, MORNING)).displays.some((d) => d.id === display.id)).toBe(false);
      expect((await refusal(revokeDisplay(db, displayHub, display.id, admin))).status).toBe(404);
    });

    it("the feed carries tokens and initials only, now serving and the next in call order, and follows Call next live", async () => {
      setClock(() => MORNING);
      const { display } = await pairedDisplay([{ doctorId: "dr-iyer" }]);
      const names = [
        ["Ravi", "Shankar"],
        ["सीता", "देवी"],
        ["Imran", null],
      ] as const;
      const ids: string[] = [];
      for (const [i, [first, last]] of names.entries()) {
        const id = `pt-display-${database.kind}-${i}`;
        ids.push(id);
        await rememberPatient(db, { id, salutation: null, firstName: first, middleName: null, lastName: last, gender: "M", dob: "1960-01-01", mobile: "+919812345678", uhid: `UHID-SECRET-${i}` });
        await addWalkIn(db, hub, { key: key(), clinicId: CLINIC, doctorId: "dr-iyer", patientId: id, priority: null, staffId: admin }, CONFIG, MORNING);
      }
      const abort = new AbortController();
      const stream = frames(
        displayFeedStream({ clinicId: CLINIC, displayId: display.id, queueHub: hub, displayHub, snapshot: () => displayFeed(db, display, CONFIG), stillPaired: () => stillPaired(db, display.id), signal: abort.signal, heartbeatMs: 60_000 }),
      );
      await vi.waitFor(() => expect(stream.snapshots().length).toBeGreaterThan(0));
      expect(stream.snapshots().at(-1)!.doctors).toEqual([
        { key: "d1", doctorName: "Dr. Meera Iyer", room: "Room 5", nowServing: null, calledAt: null, next: [{ token: "A-001", initials: "R S" }, { token: "A-002", initials: "स द" }, { token: "A-003", initials: "I" }] },
      ]);
      await counterAction(db, hub, { clinicId: CLINIC, doctorId: "dr-iyer", action: "next", key: key(), staffId: admin }, CONFIG, MORNING + 60_000);
      await vi.waitFor(() => expect(stream.snapshots().at(-1)!.doctors[0]!.nowServing).toEqual({ token: "A-001", initials: "R S" }));
      const feed = stream.snapshots().at(-1)!;
      expect(feed).toMatchObject({ clinicName: "Sunrise Clinic", displayName: "Waiting hall TV", timeZone: "Asia/Kolkata" });
      expect(feed.doctors[0]).toMatchObject({ calledAt: new Date(MORNING + 60_000).toISOString(), next: [{ token: "A-002" }, { token: "A-003" }] });
      // Nothing of who the patients are beyond initials: no name, mobile, UHID or platform id anywhere in what is sent.
      const sent = stream.seen.join("");
      for (const secret of ["Ravi", "Shankar", "सीता", "Imran", "9812345678", "UHID-SECRET", ...ids]) expect(sent).not.toContain(secret);
      // The schema is strict: a name added by mistake would fail to parse.
      expect(DisplayFeed.safeParse({ ...feed, doctors: [{ ...feed.doctors[0], nowServing: { token: "A-1", initials: "R S", name: "Ravi" } }] }).success).toBe(false);
      abort.abort();
    });

    it("initials take the first letter of the first and last names, in any script", () => {
      expect(initialsOf("ravi kumar", "shankar")).toBe("R S");
      expect(initialsOf("Ravi", null)).toBe("R");
      expect(initialsOf("  ", "  ")).toBe("");
    });
  });
}

describe.skipIf(!databases.find((d) => d.kind === "postgres")!.available)("a display across two instances on PostgreSQL", () => {
  it("Call next on instance A reaches a display's stream on instance B; a revocation on A closes it on B", async () => {
    const t = await postgresTestDatabase();
    const other = await t.openAnother();
    const a = createPubSub({ db: t.database.db, databaseUrl: t.url, log: () => {} });
    const b = createPubSub({ db: other.db, databaseUrl: t.url, log: () => {} });
    const hubA = createQueueHub({ pubsub: a });
    const hubB = createQueueHub({ pubsub: b });
    const displaysA = createDisplayHub(a);
    const displaysB = createDisplayHub(b);
    await Promise.all([a.ready(), b.ready()]);
    const db = t.database.db;
    const [row] = await db.insert(staff).values({ email: "cross@clinic.test", name: "Desk", role: "receptionist", passwordHash: "x" }).returning({ id: staff.id });
    await db.insert(directoryEntries).values([
      { kind: "clinic", platformId: CLINIC, displayName: "Sunrise Clinic", timeZone: "Asia/Kolkata" },
      { kind: "doctor", platformId: "dr-rao", displayName: "Dr. Arjun Rao" },
    ]);
    await setDoctorRoom(db, { clinicId: CLINIC, doctorId: "dr-rao", room: "Room 2" }, row!.id, MORNING);
    await rememberPatient(db, { id: "pt-x", salutation: null, firstName: "Kavya", middleName: null, lastName: "Nair", gender: "F", dob: "1990-01-01", mobile: null, uhid: null });
    const tv = await startPairing(db, MORNING);
    const display = await claimPairing(db, { code: tv.code, name: "Hall", clinicId: CLINIC, doctors: [{ doctorId: "dr-rao" }] }, row!.id, MORNING);
    await addWalkIn(db, hubA, { key: key(), clinicId: CLINIC, doctorId: "dr-rao", patientId: "pt-x", priority: null, staffId: row!.id }, CONFIG, MORNING);

    const abort = new AbortController();
    const stream = frames(
      displayFeedStream({ clinicId: CLINIC, displayId: display.id, queueHub: hubB, displayHub: displaysB, snapshot: () => displayFeed(other.db, display, CONFIG, MORNING), stillPaired: () => stillPaired(other.db, display.id), signal: abort.signal, heartbeatMs: 60_000 }),
    );
    await vi.waitFor(() => expect(stream.snapshots()).toHaveLength(1));
    await counterAction(db, hubA, { clinicId: CLINIC, doctorId: "dr-rao", action: "next", key: key(), staffId: row!.id }, CONFIG, MORNING + 1000);
    await vi.waitFor(() => expect(stream.snapshots().at(-1)!.doctors[0]!.nowServing).toEqual({ token: "A-001", initials: "K N" }), { timeout: 5000 });
    await revokeDisplay(db, displaysA, display.id, row!.id);
    await vi.waitFor(() => expect(stream.closed()).toBe(true), { timeout: 5000 });
    expect(stream.seen.at(-1)).toBe(REVOKED_FRAME);
    await a.close();
    await b.close();
    await t.dispose();
  });
});
