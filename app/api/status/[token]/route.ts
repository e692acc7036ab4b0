import { counterConfig } from "@/lib/server/counter-settings/counter-config";
import { db } from "@/lib/server/db";
import { AppError, NotFoundError, problemResponse } from "@/lib/server/errors";
import { answerStatusPage } from "@/lib/server/queue/visit-status";
import { clientAddress } from "@/lib/server/request-info";
import { answerRequest } from "@/lib/server/request-context";
import { otherMethods } from "@/lib/server/route-methods";

/** The patient's status page feed: anonymous by design (lib/access.ts ANONYMOUS_ROUTES), polled by the page. */
export async function GET(req: Request, ctx: { params: Promise<{ token: string }> }): Promise<Response> {
  return answerRequest(req, "GET /api/status/[token]", async () => {
    try {
      const { token } = await ctx.params;
      const store = await db();
      const answer = await answerStatusPage(store, token, { address: clientAddress(req.headers) }, await counterConfig(store));
      if (answer.kind === "limited") throw new AppError(429, "Too many requests", "Please wait a moment before looking again.", { retryAfter: answer.retryAfterSeconds });
      if (answer.kind === "not-found") throw new NotFoundError("This link is not known.");
      return Response.json(answer.status, { headers: { "cache-control": "no-store", "referrer-policy": "no-referrer", "x-robots-tag": "noindex" } });
    } catch (err) {
      return problemResponse(err);
    }
  });
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET");
