import "server-only";
import { AppError, MethodNotAllowedError, NotFoundError, problemResponse } from "./errors";
import { answerRequest } from "./request-context";

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

/**
 * next-auth answers an unknown action with a 400 in plain text and `GET /callback/credentials`
 * with a 500; this answers those with problem+json before next-auth sees them, and turns any
 * other plain-text failure of next-auth into a problem with the same status.
 */
export function guardAuthRoute(handler: AuthHandler): AuthHandler {
  const guarded: AuthHandler = async (req, ctx) => {
    const action = (await ctx.params).nextauth?.[0] ?? "";
    const methods = Object.hasOwn(AUTH_ACTIONS, action) ? AUTH_ACTIONS[action]! : undefined;
    if (!methods) return problemResponse(new NotFoundError("No sign-in action answers at this address."));
    const method = req.method === "HEAD" ? "GET" : req.method;
    if (!methods.includes(method)) return problemResponse(new MethodNotAllowedError(methods));
    try {
      const res = await handler(req, ctx);
      if (res.status < 400 || res.headers.get("content-type")?.includes("json")) return res;
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
