import { beforeEach, describe, expect, it } from "vitest";
import { decodeJwt } from "jose";
import { AccountLoginResponse, AuthErrorBody, OidcTokenResponse } from "../wire/auth";
import { call, CLIENT_ID, CLIENT_SECRET, sandboxForTests, signIn, start, tempDir, testConfig } from "./test-support";

const verifyPath = `/connect-auth/v1/oidc-client/${CLIENT_ID}/verify`;
const refreshPath = `/connect-auth/v1/oidc-client/${CLIENT_ID}/refresh`;
const searchPath = "/svc-mcp/pharmacology/v1/search?query=paracetamol";

const harness = sandboxForTests({ config: { accessTokenTtlSeconds: 900, refreshTokenTtlSeconds: 3600 } });

const expect401 = (r: { status: number; json: unknown }, code: string) => {
  expect(r.status).toBe(401);
  expect(AuthErrorBody.parse(r.json).code).toBe(code);
};

describe("OIDC verify", () => {
  it("trades a valid id_token for access and refresh tokens", async () => {
    const r = await call(harness.sandbox.url, "POST", verifyPath, { body: { id_token: await harness.idp.sign() } });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toMatch(/^application\/json/);
    const body = OidcTokenResponse.parse(r.json);
    expect(body.expires_in).toBe(900);
    expect(body.refresh_token_expires_in).toBe(3600);
    const claims = decodeJwt(body.access_token);
    expect(claims.sub).toBe("staff-42");
    expect(claims.client_id).toBe(CLIENT_ID);
    expect(claims.exp! - Math.floor(Date.now() / 1000)).toBeGreaterThan(890);
    expect(claims.exp! - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(900);
  });

  it("rejects a token for another audience", async () => {
    const r = await call(harness.sandbox.url, "POST", verifyPath, { body: { id_token: await harness.idp.sign({}, { audience: "someone-else" }) } });
    expect401(r, "invalid_token");
    expect(r.json.error).toMatch(/audience/);
  });

  it("rejects a token from another issuer", async () => {
    const r = await call(harness.sandbox.url, "POST", verifyPath, { body: { id_token: await harness.idp.sign({}, { issuer: "https://evil.example" }) } });
    expect401(r, "invalid_token");
    expect(r.json.error).toMatch(/issuer/);
  });

  it("rejects an expired token with token_expired", async () => {
    const r = await call(harness.sandbox.url, "POST", verifyPath, {
      body: { id_token: await harness.idp.sign({}, { expiresIn: Math.floor(Date.now() / 1000) - 60 }) },
    });
    expect401(r, "token_expired");
  });

  it("rejects a token signed with a key the IdP did not publish", async () => {
    const r = await call(harness.sandbox.url, "POST", verifyPath, { body: { id_token: await harness.idp.sign({}, { key: harness.idp.otherKey }) } });
    expect401(r, "invalid_token");
    expect(r.json.error).toMatch(/signature/);
  });

  it("rejects HS256 id_tokens (asymmetric algorithms only)", async () => {
    const { SignJWT } = await import("jose");
    const token = await new SignJWT({})
      .setProtectedHeader({ alg: "HS256" })
      .setIssuer(harness.idp.issuer)
      .setAudience(CLIENT_ID)
      .setSubject("x")
      .setExpirationTime("5m")
      .sign(new TextEncoder().encode("a".repeat(32)));
    expect401(await call(harness.sandbox.url, "POST", verifyPath, { body: { id_token: token } }), "invalid_token");
  });

  it("rejects an unknown client", async () => {
    const r = await call(harness.sandbox.url, "POST", "/connect-auth/v1/oidc-client/nobody/verify", { body: { id_token: await harness.idp.sign() } });
    expect401(r, "invalid_client");
  });

  it("answers 400 in the auth shape for a missing id_token and for broken JSON", async () => {
    const missing = await call(harness.sandbox.url, "POST", verifyPath, { body: {} });
    expect(missing.status).toBe(400);
    expect(AuthErrorBody.parse(missing.json).error).toMatch(/id_token/);
    const broken = await call(harness.sandbox.url, "POST", verifyPath, { rawBody: "{nope", headers: { "content-type": "application/json" } });
    expect(broken.status).toBe(400);
    expect(broken.json.error).toMatch(/JSON/);
  });
});

describe("refresh rotation", () => {
  it("issues a new pair and spends the old refresh token", async () => {
    const first = await signIn(harness.sandbox, harness.idp);
    const second = await call(harness.sandbox.url, "POST", refreshPath, { body: { refresh_token: first.refresh_token } });
    expect(second.status).toBe(200);
    const pair = OidcTokenResponse.parse(second.json);
    expect(pair.refresh_token).not.toBe(first.refresh_token);
    expect(pair.access_token).not.toBe(first.access_token);
    const third = await call(harness.sandbox.url, "POST", refreshPath, { body: { refresh_token: pair.refresh_token } });
    expect(third.status).toBe(200);
  });

  it("revokes the whole family when a spent refresh token is reused", async () => {
    const first = await signIn(harness.sandbox, harness.idp);
    const rotated = OidcTokenResponse.parse((await call(harness.sandbox.url, "POST", refreshPath, { body: { refresh_token: first.refresh_token } })).json);
    const reuse = await call(harness.sandbox.url, "POST", refreshPath, { body: { refresh_token: first.refresh_token } });
    expect401(reuse, "invalid_grant");
    // The legitimate newest token of the family is dead too, and so is its access token.
    expect401(await call(harness.sandbox.url, "POST", refreshPath, { body: { refresh_token: rotated.refresh_token } }), "invalid_grant");
    const search = await call(harness.sandbox.url, "GET", searchPath, { headers: { authorization: `Bearer ${rotated.access_token}` } });
    expect(search.status).toBe(401);
    expect(search.json.error.code).toBe("token_revoked");
  });

  it("rejects unknown refresh tokens", async () => {
    expect401(await call(harness.sandbox.url, "POST", refreshPath, { body: { refresh_token: "made-up" } }), "invalid_grant");
  });
});

describe("account login", () => {
  const loginPath = "/connect-auth/v1/account/login";
  it("logs a client in with its secret and refreshes with Bearer + client-id", async () => {
    const r = await call(harness.sandbox.url, "POST", loginPath, { body: { client_id: CLIENT_ID, client_secret: CLIENT_SECRET } });
    expect(r.status).toBe(200);
    const login = AccountLoginResponse.parse(r.json);
    expect(login.refresh_expires_in).toBe(3600);
    const refreshed = await call(harness.sandbox.url, "POST", "/connect-auth/v1/account/refresh-token", {
      body: { refresh_token: login.refresh_token },
      headers: { authorization: `Bearer ${login.access_token}`, "client-id": CLIENT_ID },
    });
    expect(refreshed.status).toBe(200);
    expect(AccountLoginResponse.parse(refreshed.json).refresh_token).not.toBe(login.refresh_token);
  });

  it("refuses a wrong secret and a refresh without the client-id header", async () => {
    expect401(await call(harness.sandbox.url, "POST", loginPath, { body: { client_id: CLIENT_ID, client_secret: "wrong" } }), "invalid_client");
    const login = AccountLoginResponse.parse((await call(harness.sandbox.url, "POST", loginPath, { body: { client_id: CLIENT_ID, client_secret: CLIENT_SECRET } })).json);
    const r = await call(harness.sandbox.url, "POST", "/connect-auth/v1/account/refresh-token", {
      body: { refresh_token: login.refresh_token },
      headers: { authorization: `Bearer ${login.access_token}` },
    });
    expect401(r, "invalid_client");
  });

  it("refuses a client that has no secret", async () => {
    const dir = await tempDir();
    const other = await start(testConfig(harness.idp, dir.dir, { clients: [{ clientId: "no-secret", issuer: harness.idp.issuer }] }));
    try {
      expect401(await call(other.url, "POST", loginPath, { body: { client_id: "no-secret", client_secret: "anything" } }), "invalid_client");
    } finally {
      await other.close();
      await dir.remove();
    }
  });
});

describe("bearer checks and forced expiry", () => {
  beforeEach(async () => {
    await call(harness.sandbox.url, "POST", "/__sandbox/faults/reset");
  });

  it("requires a bearer token on drug search, answering in the pharmacology error shape", async () => {
    const r = await call(harness.sandbox.url, "GET", searchPath);
    expect(r.status).toBe(401);
    expect(r.json).toEqual({ error: { code: "invalid_token", message: expect.stringMatching(/Bearer/) } });
    const forged = await call(harness.sandbox.url, "GET", searchPath, { headers: { authorization: "Bearer abc.def.ghi" } });
    expect(forged.json.error.code).toBe("invalid_token");
  });

  it("expire-access turns every earlier access token into token_expired, new ones still work", async () => {
    const before = await signIn(harness.sandbox, harness.idp);
    const ok = await call(harness.sandbox.url, "GET", searchPath, { headers: { authorization: `Bearer ${before.access_token}` } });
    expect(ok.status).toBe(200);
    expect((await call(harness.sandbox.url, "POST", "/__sandbox/tokens/expire-access")).status).toBe(200);
    const expired = await call(harness.sandbox.url, "GET", searchPath, { headers: { authorization: `Bearer ${before.access_token}` } });
    expect(expired.status).toBe(401);
    expect(expired.json.error.code).toBe("token_expired");
    const renewed = OidcTokenResponse.parse((await call(harness.sandbox.url, "POST", refreshPath, { body: { refresh_token: before.refresh_token } })).json);
    expect((await call(harness.sandbox.url, "GET", searchPath, { headers: { authorization: `Bearer ${renewed.access_token}` } })).status).toBe(200);
  });
});

describe("persistence", () => {
  it("keeps refresh tokens and the signing secret across a restart on the same dataDir", async () => {
    const dir = await tempDir();
    const config = testConfig(harness.idp, dir.dir);
    const first = await start(config);
    const tokens = await signIn(first, harness.idp);
    await first.close();
    const second = await start(config);
    try {
      // The old access token still verifies, so the signing secret was persisted.
      const search = await call(second.url, "GET", searchPath, { headers: { authorization: `Bearer ${tokens.access_token}` } });
      expect(search.status).toBe(200);
      const r = await call(second.url, "POST", refreshPath, { body: { refresh_token: tokens.refresh_token } });
      expect(r.status).toBe(200);
    } finally {
      await second.close();
      await dir.remove();
    }
  });
});
