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
    /** Sends the share's acknowledgement; true when the gateway took it. */
    async onShare(ack: OnShareRequest): Promise<boolean> {
      const res = await doFetch(new URL(ON_SHARE_PATH, s.baseUrl), {
        method: "POST",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${await accessToken()}`,
          [ABDM_HEADERS.requestId]: randomUUID(),
          [ABDM_HEADERS.timestamp]: new Date().toISOString(),
          [ABDM_HEADERS.cmId]: s.cmId,
        },
        body: JSON.stringify(ack),
        signal: AbortSignal.timeout(10_000),
      });
      return res.ok;
    },
  };
}
export type AbdmGateway = ReturnType<typeof abdmGateway>;
