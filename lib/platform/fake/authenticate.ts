import { unauthorized } from "./errors";
import type { Faults } from "./faults";
import type { RequestContext } from "./context";
import type { AccessClaims, TokenService } from "./tokens";

/**
 * Spec section 5: bearer = `Authorization: Bearer <jwt>`; business = `auth: <same access token>`
 * (the /dr/ endpoints); agent = `x-agent-id: <key>` (assistant sessions).
 */
export type AuthScheme = "bearer" | "business" | "agent";

export interface AuthOptions {
  scheme: AuthScheme;
  /** Profile API: the `client-id` header must be present and name the token's client. */
  requireClientId?: boolean;
  /** Accept a genuine but expired token (refresh calls carry one). */
  allowExpired?: boolean;
}

export type Principal = ({ kind: "token" } & AccessClaims) | { kind: "agent"; agentId: string };

export function makeAuthenticator(tokens: TokenService, faults: Faults) {
  return async function authenticate(ctx: RequestContext, opts: AuthOptions): Promise<Principal> {
    if (faults.shouldRefuseAuth(ctx.path, ctx.header("x-request-id"))) throw unauthorized("invalid_token", "Access token was refused (injected fault)");
    if (opts.scheme === "agent") {
      const agentId = ctx.header("x-agent-id");
      if (!agentId) throw unauthorized("invalid_agent", "x-agent-id header is required");
      return { kind: "agent", agentId };
    }
    const token = opts.scheme === "bearer" ? bearerToken(ctx.header("authorization")) : businessToken(ctx.header("auth"));
    if (!token) {
      throw unauthorized(
        "invalid_token",
        opts.scheme === "bearer" ? "Authorization header with a Bearer token is required" : "auth header with the business token is required",
      );
    }
    const claims = await tokens.verifyAccessToken(token, { allowExpired: opts.allowExpired });
    if (opts.requireClientId) {
      const clientId = ctx.header("client-id");
      if (!clientId) throw unauthorized("invalid_client", "client-id header is required");
      if (clientId !== claims.clientId) throw unauthorized("invalid_client", "client-id header does not match the access token");
    }
    return { kind: "token", ...claims };
  };
}

export type Authenticate = ReturnType<typeof makeAuthenticator>;

function bearerToken(header: string | undefined): string | undefined {
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return m?.[1];
}

// Clients differ on whether they prefix the business token; both forms are accepted.
function businessToken(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  return bearerToken(value) ?? value;
}
