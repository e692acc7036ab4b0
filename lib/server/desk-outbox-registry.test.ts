import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { pgliteTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { deskOutbox } from "./db/schema";
import { deskWriteKind, drainDeskOutbox, registeredDeskWriteKinds, writeDeskCopy } from "./desk-outbox";

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
});
