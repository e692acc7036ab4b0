import { createHash, timingSafeEqual } from "node:crypto";
import { createRemoteJWKSet, customFetch, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from "jose";
import { AccountLoginBody, OidcVerifyBody, RefreshBody } from "../wire/auth";
import type { OidcClientConfig } from "../wire/sandbox-config";
import type { Authenticate } from "./authenticate";
import type { Services, SandboxRoute } from "./context";
import { HttpError, unauthorized } from "./errors";
import type { TokenPair } from "./tokens";

const ID_TOKEN_ALGORITHMS = ["RS256", "ES256", "EdDSA", "PS256"];

const oidcAnswer = (p: TokenPair) => ({
  access_token: p.accessToken,
  expires_in: p.expiresIn,
  redirect_url: "",
  refresh_token: p.refreshToken,
  refresh_token_expires_in: p.refreshExpiresIn,
});

const accountAnswer = (p: TokenPair) => ({
  access_token: p.accessToken,
  expires_in: p.expiresIn,
  refresh_token: p.refreshToken,
  refresh_expires_in: p.refreshExpiresIn,
});

const sameSecret = (a: string, b: string) =>
  timingSafeEqual(createHash("sha256").update(a).digest(), createHash("sha256").update(b).digest());

export function authRoutes(s: Services, authenticate: Authenticate): SandboxRoute[] {
  const keySets = new Map<string, JWTVerifyGetKey>();

  const clientById = (clientId: string): OidcClientConfig => {
    const client = s.config.clients.find((c) => c.clientId === clientId);
    if (!client) throw unauthorized("invalid_client", `Client "${clientId}" is not registered with the platform`);
    return client;
  };

  // One key set per client: jose caches the fetched JWKS and refetches on an unknown kid.
  const keySetFor = (client: OidcClientConfig): JWTVerifyGetKey => {
    let set = keySets.get(client.clientId);
    if (!set) {
      const url = new URL(client.jwksUrl ?? `${client.issuer.replace(/\/$/, "")}/.well-known/jwks.json`);
      set = createRemoteJWKSet(url, { timeoutDuration: 5000, [customFetch]: s.fetch });
      keySets.set(client.clientId, set);
    }
    return set;
  };

  const verifyIdToken = async (idToken: string, client: OidcClientConfig) => {
    try {
      const { payload } = await jwtVerify(idToken, keySetFor(client), {
        issuer: client.issuer,
        audience: client.clientId,
        algorithms: ID_TOKEN_ALGORITHMS,
        requiredClaims: ["exp", "sub"],
      });
      return payload.sub!;
    } catch (err) {
      throw idTokenFailure(err);
    }
  };

  return [
    {
      method: "POST",
      pattern: "/connect-auth/v1/oidc-client/:clientId/verify",
      name: "oidc.verify",
      family: "auth",
      handler: async (ctx) => {
        const client = clientById(ctx.params.clientId!);
        const { id_token } = ctx.json(OidcVerifyBody);
        const sub = await verifyIdToken(id_token, client);
        return { body: oidcAnswer(await s.tokens.startSession(sub, client.clientId, "oidc")) };
      },
    },
    {
      method: "POST",
      pattern: "/connect-auth/v1/oidc-client/:clientId/refresh",
      name: "oidc.refresh",
      family: "auth",
      handler: async (ctx) => {
        const client = clientById(ctx.params.clientId!);
        const { refresh_token } = ctx.json(RefreshBody);
        return { body: oidcAnswer(await s.tokens.rotate(refresh_token, client.clientId, "oidc")) };
      },
    },
    {
      method: "POST",
      pattern: "/connect-auth/v1/account/login",
      name: "account.login",
      family: "auth",
      handler: async (ctx) => {
        const body = ctx.json(AccountLoginBody);
        const client = s.config.clients.find((c) => c.clientId === body.client_id);
        // Unknown client and wrong secret answer alike, so client ids cannot be probed.
        if (!client?.clientSecret || !sameSecret(client.clientSecret, body.client_secret)) {
          throw unauthorized("invalid_client", "Client id or client secret is not valid");
        }
        return { body: accountAnswer(await s.tokens.startSession(client.clientId, client.clientId, "account")) };
      },
    },
    {
      method: "POST",
      pattern: "/connect-auth/v1/account/refresh-token",
      name: "account.refresh",
      family: "auth",
      handler: async (ctx) => {
        const principal = await authenticate(ctx, { scheme: "bearer", requireClientId: true, allowExpired: true });
        if (principal.kind !== "token") throw unauthorized("invalid_token", "Access token is required");
        const { refresh_token } = ctx.json(RefreshBody);
        return { body: accountAnswer(await s.tokens.rotate(refresh_token, principal.clientId, "account")) };
      },
    },
  ];
}

function idTokenFailure(err: unknown): HttpError {
  if (err instanceof joseErrors.JWTExpired) return unauthorized("token_expired", "id_token has expired");
  if (err instanceof joseErrors.JWTClaimValidationFailed) {
    const which = err.claim === "iss" ? "issuer" : err.claim === "aud" ? "audience" : `claim "${err.claim}"`;
    return unauthorized("invalid_token", `id_token ${which} is not accepted (${err.reason})`);
  }
  if (err instanceof joseErrors.JOSEAlgNotAllowed) return unauthorized("invalid_token", "id_token must be signed with an asymmetric algorithm");
  if (err instanceof joseErrors.JWSSignatureVerificationFailed) return unauthorized("invalid_token", "id_token signature is not valid");
  if (err instanceof joseErrors.JWKSNoMatchingKey) return unauthorized("invalid_token", "No key of the identity provider matches the id_token");
  if (err instanceof joseErrors.JWKSTimeout || err instanceof joseErrors.JWKSInvalid || err instanceof TypeError) {
    return unauthorized("invalid_token", "Keys of the identity provider could not be read");
  }
  return unauthorized("invalid_token", "id_token is not valid");
}
