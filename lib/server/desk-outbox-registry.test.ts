import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { pgliteTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { deskOutbox } from "./db/schema";
import { deskWriteKind, drainDeskOutbox, registeredDeskWriteKinds, stopDeskOutboxDrain, writeDeskCopy } from "./desk-outbox";

describe("the desk outbox is a registry each feature adds its write kinds to", () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await pgliteTestDatabase();
  });
  afterAll(async () => {
    await t.dispose();
  });

  it("knows the kinds of every feature that writes a desk copy, each registered by its feature", async () => {
    await Promise.all([import("./patients/register-patient"), import("./patients/update-patient"), import("./slots/slot-bookings"), import("./documents/upload")]);
    expect(registeredDeskWriteKinds()).toEqual(expect.arrayContaining(["booking.booked", "document.record", "patient.directory", "patient.remember", "registration.directory", "registration.profile"]));
  });

  it("keeps a queued write of a kind no feature has registered yet, and applies it once one does", async () => {
    const db = t.database.db;
    const kind = `probe.${Math.random().toString(36).slice(2, 8)}`;
    const [row] = await db.insert(deskOutbox).values({ kind, payload: { kind, n: 7 }, attempts: 3, lastError: "database was down" }).returning();
    expect(await drainDeskOutbox(db)).toBe(1);
    const [waiting] = await db.select().from(deskOutbox).where(eq(deskOutbox.id, row!.id));
    expect(waiting).toMatchObject({ doneAt: null, attempts: 4, lastError: expect.stringContaining(kind) });

    const applied: unknown[] = [];
    const probe = deskWriteKind(kind, async (_db, w: { n: number }) => void applied.push(w));
    expect(await drainDeskOutbox(db)).toBe(0);
    expect(applied).toEqual([{ kind, n: 7 }]);
    const [done] = await db.select().from(deskOutbox).where(eq(deskOutbox.id, row!.id));
    expect(done!.doneAt).not.toBeNull();

    // A write made through the kind's constructor is applied at once, with its kind attached.
    expect(await writeDeskCopy(db, probe({ n: 8 }))).toBe("done");
    expect(applied).toEqual([{ kind, n: 7 }, { kind, n: 8 }]);
  });

  it("a queued write is retried in the background until it is applied, unless its owner stopped that drain (then it waits for the next drain)", async () => {
    // Only the drain's interval is simulated; the database's own timers run for real.
    const db = t.database.db;
    // The drain an earlier test's write started is that test's, not this one's.
    stopDeskOutboxDrain(db);
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    try {
      const state = { down: true, applied: [] as number[] };
      const kind = `retry.${Math.random().toString(36).slice(2, 8)}`;
      const write = deskWriteKind(kind, async (_db, w: { n: number }) => {
        if (state.down) throw new Error("database was down");
        state.applied.push(w.n);
      });
      const pending = async () => (await db.select().from(deskOutbox).where(eq(deskOutbox.kind, kind))).filter((r) => r.doneAt === null).length;

      // Left running, the background drain applies the write once the database answers.
      expect(await writeDeskCopy(db, write({ n: 1 }))).toBe("catching-up");
      state.down = false;
      await vi.advanceTimersByTimeAsync(5_000);
      await vi.waitFor(async () => expect(await pending()).toBe(0));
      expect(state.applied).toEqual([1]);

      // Stopped by its owner, it applies nothing more: the write stays queued for the next drain.
      state.down = true;
      expect(await writeDeskCopy(db, write({ n: 2 }))).toBe("catching-up");
      stopDeskOutboxDrain(db);
      state.down = false;
      await vi.advanceTimersByTimeAsync(20_000);
      await new Promise((r) => setTimeout(r, 50));
      expect(await pending()).toBe(1);
      expect(state.applied).toEqual([1]);
      expect(await drainDeskOutbox(db)).toBe(0);
      expect(state.applied).toEqual([1, 2]);
    } finally {
      stopDeskOutboxDrain(t.database.db);
      vi.useRealTimers();
    }
  });
});
