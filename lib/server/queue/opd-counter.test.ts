import fc from "fast-check";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { setClock } from "@/lib/clock";
import { DEFAULT_PRIORITY_MARKS } from "@/lib/queue/priority-marks";
import { bothDatabases, postgresTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import type { QueueChange } from "@/lib/schemas/queue";
import type { AppError } from "../errors";
import { directoryEntries, queueAppointments, queueCounters, staff } from "../db/schema";
import type { Db } from "../db/connect";
import { rememberPatient } from "../patients/patient-index";
import { addWalkIn, counterAction, readCalls, type CounterConfig } from "./opd-counter";
import { changeStatus, readQueueDay, readQueueEntry, recordQueueEntry, undoLastChange } from "./queue-store";
import { createQueueHub, type QueueHub } from "./queue-hub";
import { cancelInQueue } from "./appointment-changes";
import { and, eq } from "drizzle-orm";
import { refusal } from "@/lib/testing/refusal";
import { onPgliteOnly } from "@/lib/testing/engines";

const databases = await bothDatabases();
const pgUp = databases.some((d) => d.kind === "postgres" && d.available);

const CONFIG: CounterConfig = { tokenFormat: "A-{n:3}", priorityMarks: DEFAULT_PRIORITY_MARKS, skipReturnAfter: 2 };
/** 27/11/2026, 10:30 in India. */
const MORNING = Date.parse("2026-11-27T10:30:00+05:30");
const CLINIC = "cl-opd";

let keySeq = 0;
const key = () => `test-key-${(++keySeq).toString().padStart(6, "0")}-${Math.random().toString(36).slice(2, 10)}`;

function suite(name: string, kind: "pglite" | "postgres", open: () => Promise<TestDatabase>, available: boolean) {
  // On PostgreSQL too: what overlapping requests and the server can change — a replayed key and two desks at
  // once (unique keys and locks across connections), the change every desk hears (LISTEN/NOTIFY there), and the
  // day's numbers restarting at the clinic's midnight. On PGlite alone (lib/testing/engines.ts): refusals, the
  // call order, skip and recall, check-in and cancel, and the property over sequences of them: one request after
  // another, the same SQL on the same engine code. Calls and walk-ins at once across instances are the
  // three-instance case below, on PostgreSQL.
  const engineNeutral = onPgliteOnly(kind);
  describe.skipIf(!available)(`the OPD counter on ${name}`, () => {
    let t: TestDatabase;
    let db: Db;
    let hub: QueueHub;
    let desk: string;
    const published: QueueChange[] = [];
    let patientSeq = 0;

    async function patient(): Promise<string> {
      const id = `pt-opd-${++patientSeq}`;
      await rememberPatient(db, { id, salutation: "Mr.", firstName: "Patient", middleName: null, lastName: String(patientSeq), gender: "M", dob: "1950-01-01", mobile: "+919800000000", uhid: `UH-${patientSeq}` });
      return id;
    }
    async function doctor(id: string) {
      await db.insert(directoryEntries).values({ kind: "doctor", platformId: id, displayName: `Dr ${id}` }).onConflictDoNothing();
      return id;
    }
    const walkIn = async (doctorId: string, over: { priority?: string | null; patientId?: string; key?: string } = {}) =>
      (await addWalkIn(db, hub, { key: over.key ?? key(), clinicId: CLINIC, doctorId, patientId: over.patientId ?? (await patient()), priority: over.priority ?? null, staffId: desk }, CONFIG)).entry;
    const act = (doctorId: string, action: "next" | "recall" | "skip", k = key()) => counterAction(db, hub, { clinicId: CLINIC, doctorId, action, key: k, staffId: desk }, CONFIG);

    beforeAll(async () => {
      t = await open();
      db = t.database.db;
      hub = createQueueHub({ db });
      hub.subscribe((c) => published.push(c));
      const [row] = await db.insert(staff).values({ email: `opd-${name}@clinic.test`, name: "Asha Desk", role: "receptionist", passwordHash: "x" }).returning({ id: staff.id });
      desk = row!.id;
      await db.insert(directoryEntries).values({ kind: "clinic", platformId: CLINIC, displayName: "OPD Clinic", timeZone: "Asia/Kolkata" });
    });
    afterEach(() => setClock(null));
    afterAll(async () => {
      await hub.close();
      await t.dispose();
    });

    it("a walk-in joins today's queue checked in, with the doctor's next token in the configured format, and every desk hears of it", async () => {
      setClock(() => MORNING);
      const dr = await doctor("dr-walk");
      const first = await walkIn(dr, { priority: "senior_citizen" });
      const second = await walkIn(dr);
      expect(first).toMatchObject({ status: "checked_in", source: "walk_in", day: "2026-11-27", tokenNumber: 1, tokenLabel: "A-001", priority: "senior_citizen", arrivedAt: new Date(MORNING).toISOString() });
      expect(second).toMatchObject({ tokenNumber: 2, tokenLabel: "A-002", priority: null });
      // Another doctor's tokens are counted apart.
      expect(await walkIn(await doctor("dr-walk-other"))).toMatchObject({ tokenLabel: "A-001" });
      expect(published.some((c) => c.appointmentId === first.appointmentId && c.status === "checked_in")).toBe(true);
      const day = await readQueueDay(db, { clinicId: CLINIC, day: "2026-11-27" });
      expect(day.find((e) => e.appointmentId === second.appointmentId)?.tokenLabel).toBe("A-002");
    });

    it("the same Idempotency-Key (a double click) adds one visit; the key with another patient is refused", async () => {
      setClock(() => MORNING);
      const dr = await doctor("dr-double");
      const pt = await patient();
      const k = key();
      const [a, b] = await Promise.all([
        addWalkIn(db, hub, { key: k, clinicId: CLINIC, doctorId: dr, patientId: pt, staffId: desk }, CONFIG),
        addWalkIn(db, hub, { key: k, clinicId: CLINIC, doctorId: dr, patientId: pt, staffId: desk }, CONFIG),
      ]);
      expect(a.entry.appointmentId).toBe(b.entry.appointmentId);
      expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
      expect(a.entry.tokenLabel).toBe("A-001");
      const reused = await refusal(addWalkIn(db, hub, { key: k, clinicId: CLINIC, doctorId: dr, patientId: await patient(), staffId: desk }, CONFIG));
      expect(reused).toMatchObject({ status: 409, extra: { code: "idempotency_key_reused" } });
      // One visit, one token: the next walk-in gets A-002.
      expect((await walkIn(dr)).tokenLabel).toBe("A-002");
    });

    it("two desks adding the same patient at once (two keys) make one visit; the other hears the patient is already waiting", async () => {
      setClock(() => MORNING);
      const dr = await doctor("dr-two-desks");
      const pt = await patient();
      const outcomes = await Promise.allSettled([0, 1, 2].map(() => addWalkIn(db, hub, { key: key(), clinicId: CLINIC, doctorId: dr, patientId: pt, staffId: desk }, CONFIG)));
      const added = outcomes.filter((o) => o.status === "fulfilled");
      const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === "rejected");
      expect(added).toHaveLength(1);
      expect(refused.map((r) => (r.reason as AppError).extra?.code)).toEqual(["already_waiting", "already_waiting"]);
      const rows = await db.select().from(queueAppointments).where(and(eq(queueAppointments.patientId, pt), eq(queueAppointments.doctorId, dr)));
      expect(rows).toHaveLength(1);
    });

    engineNeutral("calls nobody for a doctor or clinic the directory does not know, and writes no counter for it", async () => {
      setClock(() => MORNING);
      const refused = await refusal(counterAction(db, hub, { clinicId: CLINIC, doctorId: "d".repeat(5000), action: "next", key: key(), staffId: desk }, CONFIG));
      expect(refused).toMatchObject({ status: 422, extra: { code: "counter_invalid" } });
      expect(Object.keys(refused.extra.errors ?? {})).toEqual(["doctorId"]);
      expect(await db.select().from(queueCounters).where(eq(queueCounters.doctorId, "d".repeat(5000)))).toEqual([]);
    });

    engineNeutral("refuses an unknown patient, doctor or priority mark field by field, and a patient already waiting", async () => {
      setClock(() => MORNING);
      const bad = await refusal(addWalkIn(db, hub, { key: key(), clinicId: CLINIC, doctorId: "dr-nobody", patientId: "pt-nobody", priority: "vip", staffId: desk }, CONFIG));
      expect(bad.status).toBe(422);
      expect(Object.keys(bad.extra.errors ?? {}).sort()).toEqual(["doctorId", "patientId", "priority"]);
      const dr = await doctor("dr-twice");
      const pt = await patient();
      const first = await walkIn(dr, { patientId: pt });
      const again = await refusal(walkIn(dr, { patientId: pt }));
      expect(again).toMatchObject({ status: 409, extra: { code: "already_waiting" } });
      expect(again.detail).toContain(first.tokenLabel!);
    });

    engineNeutral("check-in issues the token once: undone and checked in again, the visit keeps it", async () => {
      setClock(() => MORNING);
      const dr = await doctor("dr-checkin");
      const pt = await patient();
      const appointmentId = `apt-checkin-${name}`;
      await recordQueueEntry(db, { appointmentId, clinicId: CLINIC, doctorId: dr, start: "2026-11-27T11:00:00+05:30", end: null, patientId: pt, confId: "c1", mode: "in_clinic", source: "desk", timeZone: "Asia/Kolkata" });
      expect((await readQueueEntry(db, appointmentId))?.tokenLabel).toBeNull();
      const inn = await changeStatus(db, { appointmentId, to: "checked_in", version: 1, staffId: desk, tokenFormat: "B{n}" });
      expect(inn.row).toMatchObject({ tokenNumber: 1, tokenLabel: "B1" });
      const back = await undoLastChange(db, { appointmentId, version: inn.row.version, staffId: desk });
      expect(back.row).toMatchObject({ status: "booked", tokenLabel: "B1" });
      const again = await changeStatus(db, { appointmentId, to: "checked_in", version: back.row.version, staffId: desk, tokenFormat: "B{n}" });
      expect(again.row).toMatchObject({ tokenNumber: 1, tokenLabel: "B1" });
      // The walk-in after it is number 2: no number was spent twice or skipped.
      expect((await walkIn(dr)).tokenNumber).toBe(2);
    });

    it("numbers restart at midnight in the clinic's time zone (IST), not at UTC midnight", async () => {
      const dr = await doctor("dr-midnight");
      setClock(() => Date.parse("2026-11-27T23:59:30+05:30"));
      const late = await walkIn(dr);
      // 00:00:30 IST on the 28th is still the 27th in UTC (18:30 UTC): it is the clinic's new day.
      setClock(() => Date.parse("2026-11-28T00:00:30+05:30"));
      const early = await walkIn(dr);
      setClock(() => Date.parse("2026-11-28T05:29:00+05:30"));
      const dawn = await walkIn(dr);
      expect([late.day, late.tokenLabel]).toEqual(["2026-11-27", "A-001"]);
      expect([early.day, early.tokenLabel]).toEqual(["2026-11-28", "A-001"]);
      expect([dawn.day, dawn.tokenLabel]).toEqual(["2026-11-28", "A-002"]);
    });

    engineNeutral("call next: emergency first, then the other marks in their order, then by token; the one in consultation is finished", async () => {
      setClock(() => MORNING);
      const dr = await doctor("dr-order");
      const plain = await walkIn(dr);
      const pregnant = await walkIn(dr, { priority: "pregnant" });
      const senior = await walkIn(dr, { priority: "senior_citizen" });
      const emergency = await walkIn(dr, { priority: "emergency" });
      const order: string[] = [];
      let finished: string[] = [];
      for (let i = 0; i < 4; i++) {
        const out = await act(dr, "next");
        order.push(out.entry!.tokenLabel!);
        expect(out.entry!.status).toBe("in_consultation");
        if (i > 0) expect(out.finished.map((f) => f.tokenLabel)).toEqual(finished);
        finished = [out.entry!.tokenLabel!];
      }
      expect(order).toEqual([emergency.tokenLabel, senior.tokenLabel, pregnant.tokenLabel, plain.tokenLabel]);
      const last = await act(dr, "next");
      expect(last.entry).toBeNull();
      expect(last.finished.map((f) => f.status)).toEqual(["done"]);
      expect((await readCalls(db, { clinicId: CLINIC, day: "2026-11-27" }))[dr]).toBe(4);
    });

    engineNeutral("skip sends the called token back for the configured number of calls; recall calls it again; a replayed key does nothing twice", async () => {
      setClock(() => MORNING);
      const dr = await doctor("dr-skip");
      const [a, b, c, d] = [await walkIn(dr), await walkIn(dr), await walkIn(dr), await walkIn(dr)];
      const k = key();
      const first = await act(dr, "next", k);
      expect(first.entry?.tokenLabel).toBe(a.tokenLabel);
      const replay = await act(dr, "next", k);
      expect(replay).toMatchObject({ replayed: true, entry: { appointmentId: a.appointmentId } });
      const recalled = await act(dr, "recall");
      expect(recalled.entry).toMatchObject({ appointmentId: a.appointmentId, callCount: 2, status: "in_consultation" });
      // The first call's double press arriving after another action is still a replay, not a second call.
      expect(await act(dr, "next", k)).toMatchObject({ replayed: true, entry: { appointmentId: a.appointmentId } });
      const skipped = await act(dr, "skip");
      expect(skipped.entry).toMatchObject({ appointmentId: a.appointmentId, status: "checked_in", skippedAtCall: 1 });
      // skipReturnAfter = 2: A sits out two calls (B, C), then it is back ahead of D.
      const calls = [];
      for (let i = 0; i < 4; i++) calls.push((await act(dr, "next")).entry?.tokenLabel);
      expect(calls).toEqual([b.tokenLabel, c.tokenLabel, a.tokenLabel, d.tokenLabel]);
      // D is skipped with nobody else waiting: it is not lost, the next call reaches it.
      expect((await act(dr, "skip")).entry).toMatchObject({ appointmentId: d.appointmentId, status: "checked_in" });
      expect((await act(dr, "next")).entry).toMatchObject({ appointmentId: d.appointmentId, status: "in_consultation", callCount: 2 });
    });

    engineNeutral("a walk-in is cancelled at the desk alone: the platform, which never had it, is not asked (and may be down)", async () => {
      setClock(() => MORNING);
      const dr = await doctor("dr-cancel");
      const visit = await walkIn(dr);
      const asked: string[] = [];
      const platformDown = {
        cancel: async (id: string) => {
          asked.push(id);
          throw new Error("platform down");
        },
      } as unknown as Parameters<typeof cancelInQueue>[1];
      const changed = await cancelInQueue(db, platformDown, hub, { appointmentId: visit.appointmentId, version: visit.version, reason: "Went home", staffId: desk });
      expect(changed.row).toMatchObject({ status: "cancelled", tokenLabel: visit.tokenLabel });
      expect(asked).toEqual([]);
    });

    engineNeutral("recall or skip with nobody called is refused with a reason", async () => {
      setClock(() => MORNING);
      const dr = await doctor("dr-nobody-called");
      const err = await refusal(act(dr, "recall"));
      expect(err).toMatchObject({ status: 409, extra: { code: "nobody_called" } });
    });

    engineNeutral("property: across any sequence of walk-ins, calls, skips and recalls no token is lost, duplicated or renumbered", async () => {
      setClock(() => MORNING);
      let run = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.oneof(fc.constant("walk-in" as const), fc.constant("next" as const), fc.constant("skip" as const), fc.constant("recall" as const)), { maxLength: 14 }),
          fc.array(fc.constantFrom(null, "emergency", "senior_citizen", "pregnant"), { minLength: 14, maxLength: 14 }),
          async (steps, priorities) => {
            const dr = await doctor(`dr-prop-${name}-${++run}`);
            const issued = new Map<string, number>();
            let p = 0;
            for (const step of steps) {
              if (step === "walk-in") {
                const e = await walkIn(dr, { priority: priorities[p++ % priorities.length] });
                issued.set(e.appointmentId, e.tokenNumber!);
              } else {
                await act(dr, step).catch((err: AppError) => {
                  if (err.extra?.code !== "nobody_called") throw err;
                });
              }
            }
            const rows = await db.select().from(queueAppointments).where(and(eq(queueAppointments.clinicId, CLINIC), eq(queueAppointments.doctorId, dr)));
            // Every visit keeps the token it was given; numbers are 1..n with no gap and no repeat.
            expect(new Map(rows.map((r) => [r.appointmentId, r.tokenNumber]))).toEqual(issued);
            expect(rows.map((r) => r.tokenNumber!).sort((x, y) => x - y)).toEqual(rows.map((_, i) => i + 1));
            // At most one patient is in consultation; everyone else waits or is done, and calling on
            // until nobody is left reaches every waiting token exactly once.
            expect(rows.filter((r) => r.status === "in_consultation").length).toBeLessThanOrEqual(1);
            const waiting = new Set(rows.filter((r) => r.status === "checked_in").map((r) => r.appointmentId));
            const reached: string[] = [];
            for (;;) {
              const out = await act(dr, "next");
              if (!out.entry) break;
              reached.push(out.entry.appointmentId);
            }
            expect(reached.sort()).toEqual([...waiting].sort());
          },
        ),
        { numRuns: 25 },
      );
    }, 120_000);
  });
}

for (const d of databases) suite(d.name, d.kind, d.open, d.available);

describe.skipIf(!pgUp)("tokens across app instances on one PostgreSQL", () => {
  it("60 walk-ins sent at once through 3 instances get 60 distinct, gapless numbers", async () => {
    setClock(() => MORNING);
    const t = await postgresTestDatabase();
    try {
      const instances = [t.database, await t.openAnother(), await t.openAnother()];
      const db = t.database.db;
      const [row] = await db.insert(staff).values({ email: "opd-cluster@clinic.test", name: "Asha Desk", role: "receptionist", passwordHash: "x" }).returning({ id: staff.id });
      await db.insert(directoryEntries).values([
        { kind: "clinic", platformId: CLINIC, displayName: "OPD Clinic", timeZone: "Asia/Kolkata" },
        { kind: "doctor", platformId: "dr-cluster", displayName: "Dr Cluster" },
      ]);
      await Promise.all(
        Array.from({ length: 60 }, (_, i) => rememberPatient(db, { id: `pt-c-${i}`, salutation: "Ms.", firstName: "P", middleName: null, lastName: String(i), gender: "F", dob: "1990-01-01", mobile: "+919800000001", uhid: null })),
      );
      const hubs = instances.map((d) => createQueueHub({ db: d.db }));
      const results = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          addWalkIn(instances[i % 3]!.db, hubs[i % 3]!, { key: key(), clinicId: CLINIC, doctorId: "dr-cluster", patientId: `pt-c-${i}`, staffId: row!.id }, CONFIG),
        ),
      );
      const numbers = results.map((r) => r.entry.tokenNumber!).sort((a, b) => a - b);
      expect(numbers).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
      expect(new Set(results.map((r) => r.entry.tokenLabel)).size).toBe(60);
      // Two desks pressing "Call next" at once call two different patients.
      const calls = await Promise.all(instances.map((d, i) => counterAction(d.db, hubs[i]!, { clinicId: CLINIC, doctorId: "dr-cluster", action: "next", key: key(), staffId: row!.id }, CONFIG)));
      const called = calls.map((c) => c.entry!.tokenNumber);
      expect(new Set(called).size).toBe(3);
      await Promise.all(hubs.map((h) => h.close()));
    } finally {
      setClock(null);
      await t.dispose();
    }
  }, 60_000);
});

