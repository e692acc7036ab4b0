import { z } from "zod";
import { sessionWatch } from "@/lib/server/auth/session-watch";
import { queueHub } from "@/lib/server/queue";
import { queueChangeStream } from "@/lib/server/queue/queue-hub";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const dynamic = "force-dynamic";

const StreamQuery = z.strictObject({ clinicId: z.string().trim().min(1).max(100) });

export const GET = withStaff({ action: "queue.read", query: StreamQuery }, async ({ req, query, staff }) => {
  const stream = queueChangeStream(await queueHub(), {
    clinicId: query.clinicId,
    signal: req.signal,
    sessionEnd: (ended) => sessionWatch().watch(staff.sessionId, ended),
  });
  return new Response(stream, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-store, no-transform", "x-accel-buffering": "no" },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
