import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { clockFrom, setClock } from "@/lib/clock";
import type { QueueChange } from "@/lib/schemas/queue";
import { bothDatabases, type DatabaseUnderTest, type TestDatabase } from "@/lib/testing/databases";
import type { Db } from "../db/connect";
import { webhookInbox } from "../db/schema";
import { applyInboxEvent } from "./platform-events";
import { createQueueHub, type QueueHub } from "./queue-hub";
import { changeStatus, readQueueEntry, statusHistory } from "./queue-store";

const databases = await bothDatabases();

const base = {
  appointment_id: "apt_online_1",
  partner_appointment_id: null,
  doctor_id: "dr-meera-iyer",
  clinic_id: "cl-andheri-west",
  patient_id: "pt-online",
  conf_id: "conf-mi-tele",
  service_name: "Tele-consultation",
  mode: "tele",
  start_time: "2026-11-26T10:00:00+05:30",
  end_time: "2026-11-26T10:15:00+05:30",
  status: "booked",
  amount: { price: 500, conv_fee: 30, discount: 50, total: 480, currency: "INR" },
  pre_pay: true,
  post_pay: false,
};

let n = 0;
async function deliver(db: Db, event: string, data: Record<string, unknown>) {
  const [row] = await db.insert(webhookInbox).values({ deliveryKey: `d-${++n}`, kind: event, verification: "signed", payload: { event, data } }).returning({ id: webhookInbox.id });
  return row!.id;
}

function suite({ name, open, available }: DatabaseUnderTest) {
  describe.skipIf(!available)(`platform appointment events on ${name}`, () => {
    let t: TestDatabase;
    let hub: QueueHub;
    const heard: QueueChange[] = [];
    beforeAll(async () => {
      t = await open();
      hub = createQueueHub({ db: t.database.db });
      hub.subscribe((c) => heard.push(c));
    });
    afterAll(async () => {
      await hub.close();
      await t.dispose();
    });

    it("an appointment booked online joins the queue with its price and payment terms, once", async () => {
      const db = t.database.db;
      const id = await deliver(db, "appointment.created", base);
      await applyInboxEvent(db, hub, id);
      await applyInboxEvent(db, hub, id);
      expect(await readQueueEntry(db, "apt_online_1")).toMatchObject({ source: "platform", status: "booked", price: 480, prePay: true, serviceName: "Tele-consultation", day: "2026-11-26", bookedBy: "platform", patient: null });
      expect(heard.filter((c) => c.appointmentId === "apt_online_1")).toHaveLength(1);
    });

    it("a reschedule and a cancel on the platform follow; the desk's own status is kept until the cancel", async () => {
      const db = t.database.db;
      // The patient arrives on the appointment's own day (only today's patients can be checked in).
      setClock(clockFrom("2026-11-26T09:55:00+05:30"));
      onTestFinished(() => setClock(null));
      await changeStatus(db, { appointmentId: "apt_online_1", to: "checked_in", version: 1, staffId: null });
      const moved = await deliver(db, "appointment.updated", { ...base, change: "rescheduled", start_time: "2026-11-26T11:00:00+05:30", end_time: "2026-11-26T11:15:00+05:30", previous_start_time: base.start_time, updated_at: new Date().toISOString() });
      await applyInboxEvent(db, hub, moved);
      expect(await readQueueEntry(db, "apt_online_1")).toMatchObject({ status: "checked_in", start: new Date("2026-11-26T11:00:00+05:30").toISOString() });
      const cancelled = await deliver(db, "appointment.updated", { ...base, status: "cancelled", change: "cancelled", cancel_reason: "Patient cancelled online", updated_at: new Date().toISOString() });
      await applyInboxEvent(db, hub, cancelled);
      await applyInboxEvent(db, hub, cancelled);
      expect(await readQueueEntry(db, "apt_online_1")).toMatchObject({ status: "cancelled", cancelReason: "Patient cancelled online" });
      expect((await statusHistory(db, "apt_online_1")).map((h) => h.toStatus)).toEqual(["booked", "checked_in", "checked_in", "cancelled"]);
    });

    it("an update for an appointment the desk never saw creates it; other and malformed events are left alone", async () => {
      const db = t.database.db;
      await applyInboxEvent(db, hub, await deliver(db, "appointment.updated", { ...base, appointment_id: "apt_stranger", status: "cancelled", change: "cancelled", cancel_reason: "x", updated_at: new Date().toISOString() }));
      expect(await readQueueEntry(db, "apt_stranger")).toMatchObject({ status: "cancelled" });
      await applyInboxEvent(db, hub, await deliver(db, "appointment.created", { appointment_id: "apt_broken" }));
      await applyInboxEvent(db, hub, await deliver(db, "lab.report.ready", { appointment_id: "apt_lab" }));
      expect(await readQueueEntry(db, "apt_broken")).toBeNull();
      expect(await readQueueEntry(db, "apt_lab")).toBeNull();
    });
  });
}

for (const db of databases) suite(db);
