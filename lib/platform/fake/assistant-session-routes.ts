import { randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import { z } from "zod";
import type { Authenticate } from "./authenticate";
import type { RequestContext, SandboxRoute, Services } from "./context";
import { badRequest, HttpError } from "./errors";
import { controlRoute } from "./control-routes";

export interface StoredAssistantSession {
  session_id: string;
  token: string;
  expires_at: string;
}

/** A refresh extends a session by this long. */
export const SESSION_TTL_SECONDS = 15 * 60;
/** Demo sessions, re-armed at every start: one live, one expired an hour ago. */
export const DEMO_LIVE_SESSION_ID = "5b0e8c1e-6f3a-4c2b-9d1e-2a7f4c8b9e01";
export const DEMO_EXPIRED_SESSION_ID = "9c4d2e7f-1a3b-4e5c-8f6a-7b8c9d0e1f23";

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const newToken = () => `sess_${randomBytes(24).toString("base64url")}`;

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Assistant sessions (spec 4.9 / 4.10, body per platform notes), agent-key authenticated. */
export function assistantSessionRoutes(s: Services, authenticate: Authenticate): SandboxRoute[] {
  const inSeconds = (seconds: number) => new Date(s.now() + seconds * 1000).toISOString();
  const sessions = s.store.collection<StoredAssistantSession>("assistantSessions");
  const live = sessions.get(DEMO_LIVE_SESSION_ID);
  sessions.set(DEMO_LIVE_SESSION_ID, { session_id: DEMO_LIVE_SESSION_ID, token: live?.token ?? newToken(), expires_at: inSeconds(SESSION_TTL_SECONDS) });
  const expired = sessions.get(DEMO_EXPIRED_SESSION_ID);
  sessions.set(DEMO_EXPIRED_SESSION_ID, { session_id: DEMO_EXPIRED_SESSION_ID, token: expired?.token ?? newToken(), expires_at: inSeconds(-3600) });

  function sessionOf(ctx: RequestContext): StoredAssistantSession {
    const id = ctx.params.sessionId!;
    if (!UUID_RE.test(id)) throw badRequest(`session_id must be a UUID: ${id.slice(0, 40)}`, "invalid_session_id");
    const found = sessions.get(id.toLowerCase());
    if (!found) throw new HttpError(404, "session_not_found", `No assistant session ${id}`);
    return found;
  }

  const routes: SandboxRoute[] = [
    {
      method: "GET",
      pattern: "/med-assist/session/:sessionId",
      name: "assistant.session",
      family: "med-assist",
      handler: async (ctx) => {
        await authenticate(ctx, { scheme: "agent" });
        const { session_id, expires_at } = sessionOf(ctx);
        return { body: { session_id, expires_at } };
      },
    },
    {
      method: "GET",
      pattern: "/med-assist/session/:sessionId/refresh",
      name: "assistant.refresh",
      family: "med-assist",
      handler: async (ctx) => {
        await authenticate(ctx, { scheme: "agent" });
        const session = sessionOf(ctx);
        const presented = ctx.header("x-sess-token")?.trim();
        const isExpired = Date.parse(session.expires_at) <= s.now();
        // A live session may be extended by its agent; an expired one only with its own token.
        if (presented && !sameSecret(presented, session.token)) throw new HttpError(401, "invalid_session_token", "x-sess-token does not belong to this session");
        if (isExpired && !presented) throw new HttpError(401, "session_expired", "The session has expired; send its token in x-sess-token to refresh it");
        const next = sessions.set(session.session_id, { ...session, token: newToken(), expires_at: inSeconds(SESSION_TTL_SECONDS) });
        return { body: { session_id: next.session_id, token: next.token, expires_at: next.expires_at } };
      },
    },
  ];
  if (!s.config.controlRoutes) return routes;

  const control = controlRoute;
  const NewSession = z.object({ ttlSeconds: z.number().int().min(-86_400).max(86_400).default(SESSION_TTL_SECONDS) }).default({ ttlSeconds: SESSION_TTL_SECONDS });
  return [
    ...routes,
    // Tests and demos start sessions here; the real platform starts them in the assistant itself.
    control("POST", "assistant-sessions", "assistant.create", (ctx) => {
      const { ttlSeconds } = ctx.json(NewSession);
      const id = randomUUID();
      return { status: 201, body: sessions.set(id, { session_id: id, token: newToken(), expires_at: inSeconds(ttlSeconds) }) };
    }),
    control("POST", "assistant-sessions/:sessionId/expire", "assistant.expire", (ctx) => {
      const session = sessionOf(ctx);
      return { body: sessions.set(session.session_id, { ...session, expires_at: inSeconds(-1) }) };
    }),
  ];
}
