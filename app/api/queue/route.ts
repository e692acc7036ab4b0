import { counterConfig } from "@/lib/server/counter-settings/counter-config";
import { roomsOnDay } from "@/lib/server/counter-settings/doctor-rooms";
import { QueueDayQuery } from "@/lib/schemas/queue";
import { readCalls } from "@/lib/server/queue/opd-counter";
import { clinicTimeZone } from "@/lib/server/queue/desk-bookings";
import { readQueueDay } from "@/lib/server/queue/queue-store";
import { seedSandboxDay } from "@/lib/server/queue/sandbox-day";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const dynamic = "force-dynamic";

export const GET = withStaff({ action: "queue.read", query: QueueDayQuery }, async ({ db, query, platform, staff }) => {
  const timeZone = await clinicTimeZone(db, query.clinicId);
  await seedSandboxDay(db, platform, staff, { ...query, timeZone });
  const [appointments, calls, config, rooms] = await Promise.all([readQueueDay(db, query), readCalls(db, query), counterConfig(db), roomsOnDay(db, query.clinicId, query.day)]);
  const counter = { priorityMarks: config.priorityMarks, skipReturnAfter: config.skipReturnAfter, calls, rooms: Object.fromEntries(rooms) };
  return Response.json({ clinicId: query.clinicId, day: query.day, timeZone, appointments, counter }, { headers: { "cache-control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
