import { env } from "@/lib/env";
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
  const [appointments, calls] = await Promise.all([readQueueDay(db, query), readCalls(db, query)]);
  const { priorityMarks, skipReturnAfter } = env().opd;
  return Response.json({ clinicId: query.clinicId, day: query.day, timeZone, appointments, counter: { priorityMarks, skipReturnAfter, calls } }, { headers: { "cache-control": "no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
