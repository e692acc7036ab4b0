import "server-only";
import { principalCan } from "@/lib/access";
import { db } from "../db";
import type { Db } from "../db/connect";
import { ForbiddenError, UnauthenticatedError, ValidationError, problemResponse } from "../errors";
import { answerRequest } from "../request-context";
import { clientAddress } from "../request-info";
import { logAnswered } from "../log";
import { routeWiring } from "../route-wiring";
import type { Display } from "./displays";

const ACTION = "display.feed" as const;

/**
 * The wrapper of the display feed's routes: the caller must be a paired display (lib/access.ts's
 * `display` principal). Staff are refused (403, audited): the feed is the TV's, not a desk's. The
 * routes read no query parameters, so any is refused by name.
 */
export function withDisplay(handler: (ctx: { req: Request; display: Display; db: Db }) => Promise<Response>) {
  const answer = async (req: Request): Promise<Response> => {
    try {
      const { displayFromRequest, staffSession, recordAudit } = routeWiring();
      const display = await displayFromRequest(req);
      if (!display) {
        const staff = await staffSession(req);
        if (!staff) throw new UnauthenticatedError();
        await recordAudit(await db(), { action: ACTION, resource: "display", resourceId: null, outcome: "denied", staffId: staff.id, ip: clientAddress(req.headers) ?? null, detail: { role: staff.role, method: req.method, path: new URL(req.url).pathname } });
        throw new ForbiddenError("Only a paired waiting-room display reads this feed.");
      }
      if (!principalCan("display", ACTION)) throw new ForbiddenError();
      const names = [...new Set(new URL(req.url).searchParams.keys())];
      if (names.length) throw new ValidationError(Object.fromEntries(names.map((n) => [n, `Unknown query parameter: ${n}`])), `Unknown query parameter${names.length > 1 ? "s" : ""}: ${names.join(", ")}`);
      const store = await db();
      // What a public screen read is audited like any read of the queue: which display, from where (no staff member).
      await recordAudit(store, { action: ACTION, resource: "display", resourceId: display.id, outcome: "ok", staffId: null, ip: clientAddress(req.headers) ?? null, detail: { method: req.method, path: new URL(req.url).pathname } });
      return await handler({ req, display, db: store });
    } catch (err) {
      if (req.signal.aborted) return new Response(null, { status: 499 });
      return problemResponse(err);
    }
  };
  const route = (req: Request): Promise<Response> =>
    answerRequest(req, `${req.method} ${ACTION}`, async () => {
      const started = performance.now();
      const res = await answer(req);
      logAnswered({ method: req.method, action: ACTION, status: res.status, ms: Math.round(performance.now() - started) });
      return res;
    });
  return Object.assign(route, { action: ACTION });
}
