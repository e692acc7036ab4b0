import { LiveStreamQuery } from "@/lib/schemas/live-events";
import { sessionWatch } from "@/lib/server/auth/session-watch";
import { liveHub, liveStreams } from "@/lib/server/events";
import { liveEventStream } from "@/lib/server/events/sse";
import { rowViewer } from "@/lib/server/row-owners";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const dynamic = "force-dynamic";

export const GET = withStaff({ action: "live.read", query: LiveStreamQuery }, async ({ req, staff, query, audit, db }) => {
  const header = Number(req.headers.get("last-event-id") ?? "");
  const after = Number.isSafeInteger(header) && header >= 0 && req.headers.has("last-event-id") ? header : query.after;
  await audit({ action: "subscribe", resource: "live-events", outcome: "ok", detail: { after: after ?? null } });
  const streams = await liveStreams();
  const stream = liveEventStream(await liveHub(), {
    viewer: await rowViewer(db, staff),
    after,
    signal: req.signal,
    register: (close) => streams.open(staff.id, query.tab, close),
    sessionEnd: (ended) => sessionWatch().watch(staff.sessionId, ended),
  });
  return new Response(stream, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-store, no-transform",
      "x-accel-buffering": "no",
    },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
