import { LiveHistoryQuery } from "@/lib/schemas/live-events";
import { liveHub } from "@/lib/server/events";
import { forViewer } from "@/lib/server/events/live-event";
import { rowViewer } from "@/lib/server/row-owners";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

/** The live feed's history, newest first; the page shows it before the stream's live events. */
export const GET = withStaff({ action: "live.read", query: LiveHistoryQuery }, async ({ staff, query, audit, db }) => {
  const events = await (await liveHub()).history(query);
  const viewer = await rowViewer(db, staff);
  await audit({ action: "read", resource: "live-events", outcome: "ok", detail: { count: events.length } });
  return Response.json({ events: events.map((e) => forViewer(e, viewer)) }, { headers: { "cache-control": "private, no-store" } });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
