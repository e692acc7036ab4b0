import { z } from "zod";
import { sessionWatch } from "@/lib/server/auth/session-watch";
import { queueHub } from "@/lib/server/queue";
import { queueChangeStream } from "@/lib/server/queue/queue-hub";
import { withStaff } from "@/lib/server/with-staff";
import { otherMethods } from "@/lib/server/route-methods";

export const dynamic = "force-dynamic";

const StreamQuery = z.strictObject({ clinicId: z.string().trim().min(1).max(100) });

export const GET = withStaff({ action: "queue.read", query: StreamQuery }, async ({ req, query, staff, audit }) => {
  const stream = queueChangeStream(await queueHub(), {
    clinicId: query.clinicId,
    signal: req.signal,
    sessionEnd: (ended) => sessionWatch().watch(staff.sessionId, ended),
    // A share's row (ABHA profile) sent to this member of staff is a read of patient data, as the list's is.
    onShare: (m) => {
      if (m.share) void audit({ action: "push", resource: "abdm_share", resourceId: m.share.id, outcome: "ok", detail: { clinicId: m.clinicId, day: m.day } }).catch(() => {});
    },
  });
  return new Response(stream, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache, no-store, no-transform", "x-accel-buffering": "no" },
  });
});

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
