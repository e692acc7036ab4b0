import "server-only";
import { NextRequest } from "next/server";
import { env } from "@/lib/env";
import { checkedAuthRequest } from "./auth-input";
import { AppError, ForbiddenError, MethodNotAllowedError, NotFoundError, problemResponse } from "./errors";
import { log } from "./log";
import { answerRequest } from "./request-context";
import { isSameOrigin } from "./with-staff";

type AuthContext = { params: Promise<{ nextauth?: string[] }> };
type AuthHandler = (req: Request, ctx: AuthContext) => Promise<Response>;

/** The next-auth actions the desk uses (credentials only, no OAuth callback), and their methods. */
const AUTH_ACTIONS: Record<string, readonly string[]> = {
  providers: ["GET"],
  csrf: ["GET"],
  session: ["GET", "POST"],
  signin: ["GET", "POST"],
  signout: ["GET", "POST"],
  callback: ["POST"],
  error: ["GET"],
  _log: ["POST"],
};

/** The request again with the body already read, as the NextRequest next-auth reads its query from. */
const remade = (req: Request) => (bytes: Buffer) =>
  new NextRequest(req.url, { method: req.method, headers: req.headers, body: bytes.length ? new Uint8Array(bytes) : undefined }) as unknown as Request;

/**
 * next-auth answers an unknown action with a 400 in plain text, `GET /callback/credentials` with a
 * 500, and throws on malformed input (a JSON body that does not parse, a NUL in `error`, a
 * `callbackUrl` that is no URL); this answers those with problem+json before next-auth sees them
 * (auth-input.ts), and turns any other failure of next-auth into a problem with the same status.
 */
export function guardAuthRoute(handler: AuthHandler): AuthHandler {
  const guarded: AuthHandler = async (req, ctx) => {
    const segments = (await ctx.params).nextauth ?? [];
    const action = segments[0] ?? "";
    // A provider id or error code goes into next-auth's redirects: a NUL or a non-Latin-1 letter there threw.
    if (segments.length > 2 || segments.some((s) => !/^[A-Za-z0-9_-]{1,64}$/.test(s))) return problemResponse(new NotFoundError("No sign-in action answers at this address."));
    const methods = Object.hasOwn(AUTH_ACTIONS, action) ? AUTH_ACTIONS[action]! : undefined;
    if (!methods) return problemResponse(new NotFoundError("No sign-in action answers at this address."));
    const method = req.method === "HEAD" ? "GET" : req.method;
    if (!methods.includes(method)) return problemResponse(new MethodNotAllowedError(methods));
    // next-auth's CSRF token stops a page that cannot read the desk's cookie, but the desk's own rule is
    // stricter and the same for every mutation: a POST comes from the desk's pages or it is refused.
    if (method === "POST" && !isSameOrigin(req, env().appUrl)) return problemResponse(new ForbiddenError("This request did not come from the front-desk app."));
    try {
      const checked = await checkedAuthRequest(req, action, env().appUrl, remade(req));
      const res = await handler(checked, ctx);
      if (res.status < 400 || (res.status < 500 && res.headers.get("content-type")?.includes("json"))) return res;
      if (res.status >= 500) log().error({ action, status: res.status }, "next-auth failed a request");
      const problem = problemResponse(new AppError(res.status, res.status >= 500 ? "Something went wrong" : "Invalid request", "The sign-in service could not take this request."));
      for (const cookie of res.headers.getSetCookie()) problem.headers.append("set-cookie", cookie);
      return problem;
    } catch (err) {
      return problemResponse(err);
    }
  };
  // Sign-in posts skip the proxy (they have a body), so the id is minted here when it is missing.
  return (req, ctx) => answerRequest(req, `${req.method} auth`, () => guarded(req, ctx));
}
