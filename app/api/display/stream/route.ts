import { services } from "@/lib/server/services";
import { displayFeed, stillPaired, touchDisplay } from "@/lib/server/displays/displays";
import { displayFeedStream } from "@/lib/server/displays/display-stream";
import { withDisplay } from "@/lib/server/displays/with-display";
import { otherMethods } from "@/lib/server/route-methods";
import { counterConfig } from "@/lib/server/counter-settings/counter-config";

export const dynamic = "force-dynamic";

/** The display's live feed (SSE): a snapshot on connect and after every queue change of its clinic, on any instance. */
export const GET = withDisplay(async ({ req, display, db }) => {
  const { queueHub, displayHub } = await services();
  await touchDisplay(db, display.id);
  const stream = displayFeedStream({
    clinicId: display.clinicId,
    displayId: display.id,
    queueHub,
    displayHub,
    snapshot: async () => displayFeed(db, display, await counterConfig(db)),
    stillPaired: async () => (await stillPaired(db, display.id)) && (await touchDisplay(db, display.id), true),
    signal: req.signal,
  });
  return new Response(stream, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-store, no-transform", "x-accel-buffering": "no" },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
