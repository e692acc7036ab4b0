import { StatusToken } from "@/lib/schemas/visit-status";
import { counterConfig } from "@/lib/server/counter-settings/counter-config";
import { db } from "@/lib/server/db";
import { AppError, NotFoundError, problemResponse } from "@/lib/server/errors";
import { answerStatusPage, readVisitStatus } from "@/lib/server/queue/visit-status";
import { statusStreamTarget, visitStatusStream } from "@/lib/server/queue/visit-status-stream";
import { clientAddress } from "@/lib/server/request-info";
import { answerRequest } from "@/lib/server/request-context";
import { otherMethods } from "@/lib/server/route-methods";
import { services } from "@/lib/server/services";

export const dynamic = "force-dynamic";

/**
 * The patient's status page, live (SSE): anonymous like its feed (lib/access.ts ANONYMOUS_ROUTES),
 * counted against the same per-address limit on connect, closed when the link expires at day end.
 */
export async function GET(req: Request, ctx: { params: Promise<{ token: string }> }): Promise<Response> {
  return answerRequest(req, "GET /api/status/[token]/stream", async () => {
    try {
      const { token } = await ctx.params;
      const store = await db();
      // The same admission, validation and audit as one read of the feed.
      const answer = await answerStatusPage(store, token, { address: clientAddress(req.headers) }, await counterConfig(store));
      if (answer.kind === "limited") throw new AppError(429, "Too many requests", "Please wait a moment before looking again.", { retryAfter: answer.retryAfterSeconds });
      const target = answer.kind === "status" && StatusToken.safeParse(token).success ? await statusStreamTarget(store, token) : null;
      if (!target) throw new NotFoundError("This link is not known.");
      const stream = visitStatusStream({
        clinicId: target.clinicId,
        expiresAt: target.expiresAt,
        queueHub: (await services()).queueHub,
        read: async () => readVisitStatus(store, token, await counterConfig(store)),
        signal: req.signal,
      });
      return new Response(stream, {
        headers: {
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "no-cache, no-store, no-transform",
          "x-accel-buffering": "no",
          "referrer-policy": "no-referrer",
          "x-robots-tag": "noindex",
        },
      });
    } catch (err) {
      return problemResponse(err);
    }
  });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
