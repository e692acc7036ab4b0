import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { DEFAULT_PRIORITY_MARKS } from "@/lib/queue/priority-marks";
import { bothDatabases, type TestDatabase } from "@/lib/testing/databases";
import type { Db } from "../db/connect";
import { auditLog, directoryEntries, staff, visitStatusLinks } from "../db/schema";
import { admitPublicRequest } from "../public-rate-limit";
import { rememberPatient } from "../patients/patient-index";
import { addWalkIn, counterAction, type CounterConfig } from "./opd-counter";
import { createQueueHub, type QueueHub } from "./queue-hub";
import { answerStatusPage, clinicDayEnd, readVisitStatus, STATUS_PAGE_RATE, statusLinkFor, statusTokenFor } from "./visit-status";

const CONFIG: CounterConfig = { tokenFormat: "A-{n:3}", priorityMarks: DEFAULT_PRIORITY_MARKS, skipReturnAfter: 2 };
const SECRET = "a-test-secret-of-enough-length-for-hmac-0123456789";
/** 27/11/2026 in India: 10:30, and minutes after. */
const MORNING = Date.parse("2026-11-27T10:30:00+05:30");
const min = (n: number) => MORNING + n * 60_000;
const CLINIC = "cl-status";

describe("the end of a clinic day", () => {
  it("is the next midnight in the clinic's time zone", () => {
    expect(clinicDayEnd("2026-11-27", "Asia/Kolkata").toISOString()).toBe("2026-11-27T18:30:00.000Z");
    expect(clinicDayEnd("2026-03-08", "America/New_York").toISOString()).toBe("2026-03-09T04:00:00.000Z");
  });
  it("makes 128-bit links, the same for a reprint of one visit and different for another", () => {
    const a = statusTokenFor(SECRET, "walk-in-1");
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(a, "base64url")).toHaveLength(16);
    expect(statusTokenFor(SECRET, "walk-in-1")).toBe(a);
    expect(statusTokenFor(SECRET, "walk-in-2")).not.toBe(a);
  });
});

const databases = await bothDatabases();

for (const d of databases) {
  describe.skipIf(!d.available)(`the patient's status page on ${d.name}`, () => {
    let t: TestDatabase;
    let db: Db;
    let hub: QueueHub;
    let desk: string;
    let seq = 0;

    async function walkIn(doctorId: string, at: number) {
      const id = `pt-status-${d.kind}-${++seq}`;
      await rememberPatient(db, { id, salutation: "Mrs.", firstName: "Sunita", middleName: null, lastName: `Rao${seq}`, gender: "F", dob: "1960-02-02", mobile: "+919876500000", uhid: `SECRET-UHID-${seq}` });
      return (await addWalkIn(db, hub, { key: randomUUID(), clinicId: CLINIC, doctorId, patientId: id, priority: null, staffId: desk }, CONFIG, at)).entry;
    }
    const call = (doctorId: string, at: number) => counterAction(db, hub, { clinicId: CLINIC, doctorId, action: "next", key: randomUUID(), staffId: desk }, CONFIG, at);

    beforeAll(async () => {
      t = await d.open();
      db = t.database.db;
      hub = createQueueHub({ db });
      const [row] = await db.insert(staff).values({ email: `status-${d.kind}@clinic.test`, name: "Desk", role: "receptionist", passwordHash: "x" }).returning({ id: staff.id });
      desk = row!.id;
      await db.insert(directoryEntries).values([
        { kind: "clinic", platformId: CLINIC, displayName: "Status Clinic", timeZone: "Asia/Kolkata" },
        { kind: "doctor", platformId: "dr-status", displayName: "Dr Status" },
      ]);
    }, 120_000);
    afterAll(async () => {
      await hub?.close();
      await t?.dispose();
    });

    it("shows the token, who is served, how many are ahead and about how long, then done; the link ends with the clinic day", async () => {
      const dr = "dr-status";
      const a = await walkIn(dr, min(0));
      const b = await walkIn(dr, min(1));
      const c = await walkIn(dr, min(2));
      const link = (await statusLinkFor(db, SECRET, c.appointmentId))!;
      expect(link.expiresAt.toISOString()).toBe("2026-11-27T18:30:00.000Z");
      // Stored only as a hash: the secret in the QR is nowhere in the database.
      const stored = await db.select().from(visitStatusLinks).where(eq(visitStatusLinks.appointmentId, c.appointmentId));
      expect(JSON.stringify(stored)).not.toContain(link.token);
      expect(await statusLinkFor(db, SECRET, c.appointmentId)).toEqual(link);

      const before = await readVisitStatus(db, link.token, CONFIG, min(3));
      expect(before).toMatchObject({ state: "waiting", token: "A-003", nowServing: null, ahead: 2, waitMinutes: 20, averageMinutes: 10 });

      await call(dr, min(5)); // A-001 in
      await call(dr, min(11)); // A-001 done after 6 minutes, A-002 in
      const during = await readVisitStatus(db, link.token, CONFIG, min(12));
      expect(during).toMatchObject({ state: "waiting", token: "A-003", nowServing: "A-002", ahead: 0, averageMinutes: 6, waitMinutes: 3 });

      await call(dr, min(17)); // A-003 in
      expect(await readVisitStatus(db, link.token, CONFIG, min(18))).toMatchObject({ state: "called", token: "A-003", nowServing: "A-003", ahead: 0 });
      await call(dr, min(25));
      expect(await readVisitStatus(db, link.token, CONFIG, min(26))).toEqual({ state: "done", token: "A-003" });
      expect(a.tokenLabel).toBe("A-001");
      expect(b.tokenLabel).toBe("A-002");

      // 23:59:59 in Pune still works; midnight does not, and then says only that it expired.
      expect((await readVisitStatus(db, link.token, CONFIG, Date.parse("2026-11-27T23:59:59+05:30")))?.state).toBe("done");
      expect(await readVisitStatus(db, link.token, CONFIG, Date.parse("2026-11-28T00:00:00+05:30"))).toEqual({ state: "expired" });
    });

    it("answers a link it never made, or a malformed one, with not-found only; never a name, mobile or UHID", async () => {
      const v = await walkIn("dr-status", min(30));
      const link = (await statusLinkFor(db, SECRET, v.appointmentId))!;
      const visitor = { address: `198.51.100.${d.kind === "postgres" ? 2 : 1}` };
      const ok = await answerStatusPage(db, link.token, visitor, CONFIG, min(31));
      expect(ok.kind).toBe("status");
      const text = JSON.stringify(ok);
      for (const secret of ["Sunita", "Rao", "+919876500000", "9876500000", "SECRET-UHID", v.patientId, v.appointmentId]) expect(text).not.toContain(secret);
      expect(await answerStatusPage(db, statusTokenFor("another-secret-another-secret-0000", v.appointmentId), visitor, CONFIG, min(31))).toEqual({ kind: "not-found" });
      expect(await answerStatusPage(db, "not-a-token", visitor, CONFIG, min(31))).toEqual({ kind: "not-found" });
      expect(await answerStatusPage(db, `${link.token.slice(0, 21)}%`, visitor, CONFIG, min(31))).toEqual({ kind: "not-found" });
      const audited = await db.select().from(auditLog).where(eq(auditLog.action, "queue.status-page"));
      expect(audited.length).toBeGreaterThan(0);
      expect(JSON.stringify(audited)).not.toContain(link.token);
    });

    it("limits requests per address per minute, even when they arrive at once, and lets them in again in the next minute", async () => {
      const address = `203.0.113.${d.kind === "postgres" ? 9 : 8}`;
      const at = Date.parse("2026-11-27T11:00:10+05:30");
      const answers = await Promise.all(Array.from({ length: STATUS_PAGE_RATE.limit + 5 }, () => answerStatusPage(db, "not-a-token", { address }, CONFIG, at)));
      expect(answers.filter((a) => a.kind === "not-found")).toHaveLength(STATUS_PAGE_RATE.limit);
      expect(answers.filter((a) => a.kind === "limited")).toHaveLength(5);
      expect(answers.find((a) => a.kind === "limited")).toEqual({ kind: "limited", retryAfterSeconds: 50 });
      // Another address is not held back, and the next minute starts afresh.
      expect((await answerStatusPage(db, "not-a-token", { address: "203.0.113.77" }, CONFIG, at)).kind).toBe("not-found");
      expect(await admitPublicRequest(db, `status-page:${address}`, STATUS_PAGE_RATE, at + 60_000)).toEqual({ admitted: true });
    });
  });
}
