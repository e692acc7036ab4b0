import { randomUUID } from "node:crypto";
import { createRemoteJWKSet, customFetch, type JWTVerifyGetKey } from "jose";
import { ABDM_HEADERS, CERTS_PATH, ON_SHARE_PATH, SESSIONS_PATH, SessionAnswer, type OnShareRequest } from "../wire/share";

/** How the desk reaches the ABDM gateway: the real one (ABDM_GATEWAY_URL) or the sandbox's emulation. */
export interface AbdmGatewaySettings {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  cmId: string;
  hipId: string;
  /** The `iss` of the gateway's bearer tokens. */
  issuer: string;
  fetch?: typeof fetch;
}

/**
 * The desk's side of the gateway: its key set (to check the bearer token on the share callback),
 * its session API (client credentials → an access token, reused until a minute before it ends),
 * and the `on-share` acknowledgement carrying the token number.
 */
export function abdmGateway(s: AbdmGatewaySettings) {
  const doFetch = s.fetch ?? fetch;
  const keys: JWTVerifyGetKey = createRemoteJWKSet(new URL(CERTS_PATH, s.baseUrl), { timeoutDuration: 5000, cooldownDuration: 30_000, [customFetch]: (url, init) => doFetch(url, init) });
  let session: { token: string; until: number } | undefined;

  async function accessToken(now = Date.now()): Promise<string> {
    if (session && session.until > now) return session.token;
    const res = await doFetch(new URL(SESSIONS_PATH, s.baseUrl), {
      method: "POST",
      headers: { "content-type": "application/json", [ABDM_HEADERS.requestId]: randomUUID(), [ABDM_HEADERS.timestamp]: new Date(now).toISOString(), [ABDM_HEADERS.cmId]: s.cmId },
      body: JSON.stringify({ clientId: s.clientId, clientSecret: s.clientSecret, grantType: "client_credentials" }),
      signal: AbortSignal.timeout(10_000),
    });
    const answer = SessionAnswer.parse(await res.json());
    session = { token: answer.accessToken, until: now + Math.max(0, answer.expiresIn - 60) * 1000 };
    return answer.accessToken;
  }

  return {
    issuer: s.issuer,
    hipId: s.hipId,
    keys,
    /**
     * Sends the share's acknowledgement under `requestId`, the same on every retry of one
     * acknowledgement (the gateway knows a repeat by it), with a fresh TIMESTAMP. Answers the
     * gateway's status; throws when no answer came (the outcome is unknown: send it again).
     */
    async onShare(ack: OnShareRequest, requestId: string = randomUUID(), now = Date.now()): Promise<{ status: number; body: string }> {
      const res = await doFetch(new URL(ON_SHARE_PATH, s.baseUrl), {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${await accessToken(now)}`,
          [ABDM_HEADERS.requestId]: requestId,
          [ABDM_HEADERS.timestamp]: new Date(now).toISOString(),
          [ABDM_HEADERS.cmId]: s.cmId,
        },
        body: JSON.stringify(ack),
        signal: AbortSignal.timeout(10_000),
      });
      // The gateway's refusals carry their reason in the body; kept short for the log.
      return { status: res.status, body: (await res.text().catch(() => "")).slice(0, 300) };
    },
    /** Forgets the session token (the gateway refused it): the next call asks for a new one. */
    forgetSession() {
      session = undefined;
    },
  };
}
export type AbdmGateway = ReturnType<typeof abdmGateway>;
