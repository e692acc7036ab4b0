import "server-only";
import { z } from "zod";
import { AppError, NotFoundError, PlatformCredentialsError, PlatformRejectedError } from "../../server/errors";
import type { PlatformHttp } from "./http";

const SessionAnswer = z.object({ session_id: z.string(), expires_at: z.string() });
const RefreshAnswer = SessionAnswer.extend({ token: z.string().min(1) });

export interface AssistantSession {
  sessionId: string;
  expiresAt: string;
}

export class AssistantNotConfiguredError extends AppError {
  constructor() {
    super(503, "Assistant not configured", "The assistant agent key (PLATFORM_AGENT_KEY) is not set for this clinic. Ask an admin to add it.");
  }
}

/** The platform refused to extend an expired session: the desk holds no (or no current) token for it. */
export class AssistantSessionExpiredError extends AppError {
  constructor(code: string) {
    super(
      409,
      "Session expired",
      code === "invalid_session_token"
        ? "This session has expired and the token the desk holds for it is no longer valid. Start a new session in the assistant."
        : "This session has expired and the desk holds no token for it. Start a new session in the assistant.",
      { code },
    );
  }
}

function humane(err: unknown): never {
  if (err instanceof PlatformRejectedError && err.status === 404) throw new NotFoundError("No assistant session has this id. Check the id and try again.");
  const code = err instanceof AppError ? err.extra.code : undefined;
  if (err instanceof PlatformCredentialsError && (code === "session_expired" || code === "invalid_session_token")) throw new AssistantSessionExpiredError(code);
  throw err;
}

const toSession = (a: { session_id: string; expires_at: string }): AssistantSession => ({ sessionId: a.session_id, expiresAt: new Date(a.expires_at).toISOString() });

/** Assistant sessions (spec 4.9 / 4.10): agent-key authenticated; the session token never leaves the server. */
export function assistantSessionsApi(http: PlatformHttp, agentKey: string | undefined) {
  const headers = (extra: Record<string, string> = {}) => {
    if (!agentKey) throw new AssistantNotConfiguredError();
    return { "x-agent-id": agentKey, ...extra };
  };
  return {
    async lookup(sessionId: string): Promise<AssistantSession> {
      const raw = await http({ method: "GET", path: `/med-assist/session/${encodeURIComponent(sessionId)}`, auth: "none", headers: headers(), schema: SessionAnswer }).catch(humane);
      return toSession(raw);
    },
    async refresh(sessionId: string, token: string | undefined): Promise<AssistantSession & { token: string }> {
      const raw = await http({
        method: "GET",
        path: `/med-assist/session/${encodeURIComponent(sessionId)}/refresh`,
        auth: "none",
        headers: headers(token ? { "x-sess-token": token } : {}),
        schema: RefreshAnswer,
      }).catch(humane);
      return { ...toSession(raw), token: raw.token };
    },
  };
}
