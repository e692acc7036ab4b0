import { LiveHistoryQuery } from "@/lib/schemas/live-events";
import { liveHub } from "@/lib/server/events";
import { forRole } from "@/lib/server/events/live-event";
import { withStaff } from "@/lib/server/with-staff";

/** The live feed's history, newest first; the page shows it before the stream's live events. */
export const GET = withStaff({ feature: "live", query: LiveHistoryQuery }, async ({ staff, query, audit }) => {
  const events = await (await liveHub()).history(query);
  await audit({ action: "read", resource: "live-events", outcome: "ok", detail: { count: events.length } });
  return Response.json({ events: events.map((e) => forRole(e, staff.role)) }, { headers: { "cache-control": "private, no-store" } });
});
