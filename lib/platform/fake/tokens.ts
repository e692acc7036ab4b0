import { createHash, randomBytes, randomUUID } from "node:crypto";
import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from "jose";
import { unauthorized } from "./errors";
import type { Store } from "./store";

const ISSUER = "sandbox-platform";
const PRUNE_EVERY_MS = 60 * 60 * 1000;

export type SessionKind = "oidc" | "account";

/** A chain of refresh tokens born from one sign-in; reuse of a spent link revokes the chain. */
interface TokenFamily {
  clientId: string;
  sub: string;
  kind: SessionKind;
  createdAt: number;
  revokedAt?: number;
  revokedReason?: string;
}

interface RefreshRecord {
  family: string;
  clientId: string;
  sub: string;
  kind: SessionKind;
  issuedAt: number;
  expiresAt: number;
  usedAt?: number;
}

export interface AccessClaims {
  sub: string;
  clientId: string;
  family: string;
}

export interface TokenPair {
  accessToken: string;
  expiresIn: number;
  refreshToken: string;
  refreshExpiresIn: number;
}

// Only a digest is stored, so a copy of the data directory does not hand out live refresh tokens.
const digest = (token: string) => createHash("sha256").update(token).digest("base64url");
export class TokenService {
  private readonly key: Uint8Array;
  private readonly families;
  private readonly refreshTokens;
  private readonly counters;
  private lastPrune = 0;

  constructor(
    store: Store,
    private readonly ttl: { accessSeconds: number; refreshSeconds: number },
    private readonly nowMs: () => number = Date.now,
  ) {
    this.key = Buffer.from(store.persistentSecret("accessTokenSecret"), "base64url");
    this.families = store.collection<TokenFamily>("tokenFamilies");
    this.refreshTokens = store.collection<RefreshRecord>("refreshTokens");
    this.counters = store.collection<number>("counters");
    this.prune();
  }

  /** Starts a new session (sign-in) and returns its first access and refresh tokens. */
  async startSession(sub: string, clientId: string, kind: SessionKind): Promise<TokenPair> {
    if (this.nowMs() - this.lastPrune > PRUNE_EVERY_MS) this.prune();
    const family = randomUUID();
    this.families.set(family, { clientId, sub, kind, createdAt: this.nowMs() });
    return this.issuePair({ sub, clientId, family }, kind);
  }

  /** Trades a refresh token for a new pair; the presented token is spent (rotation). */
  async rotate(refreshToken: string, clientId: string, kind: SessionKind): Promise<TokenPair> {
    const id = digest(refreshToken);
    const rec = this.refreshTokens.get(id);
    if (!rec || rec.kind !== kind) throw unauthorized("invalid_grant", "Refresh token is not known");
    if (rec.clientId !== clientId) throw unauthorized("invalid_grant", "Refresh token was issued to another client");
    const family = this.families.get(rec.family);
    if (!family || family.revokedAt) throw unauthorized("invalid_grant", "Refresh token belongs to a revoked session");
    if (rec.usedAt) {
      this.revokeFamily(rec.family, "refresh token reused");
      throw unauthorized("invalid_grant", "Refresh token was already used; the whole session has been revoked");
    }
    if (rec.expiresAt <= this.nowMs()) throw unauthorized("token_expired", "Refresh token has expired");
    this.refreshTokens.set(id, { ...rec, usedAt: this.nowMs() });
    return this.issuePair({ sub: rec.sub, clientId: rec.clientId, family: rec.family }, kind);
  }

  /**
   * Checks signature, expiry, the sandbox's "expire everything" switch and revocation.
   * With allowExpired, an expired but genuine token is accepted (the account refresh call carries one).
   */
  async verifyAccessToken(token: string, opts: { allowExpired?: boolean } = {}): Promise<AccessClaims> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.key, { issuer: ISSUER, algorithms: ["HS256"] }));
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) {
        if (!opts.allowExpired) throw unauthorized("token_expired", "Access token has expired");
        payload = err.payload;
      } else {
        throw unauthorized("invalid_token", "Access token is not valid");
      }
    }
    const { sub, client_id: clientId, fam: family, gen } = payload as Record<string, unknown>;
    if (typeof sub !== "string" || typeof clientId !== "string" || typeof family !== "string" || typeof gen !== "number") {
      throw unauthorized("invalid_token", "Access token is missing claims");
    }
    if (gen < this.generation() && !opts.allowExpired) throw unauthorized("token_expired", "Access token has expired");
    if (this.families.get(family)?.revokedAt) throw unauthorized("token_revoked", "Access token belongs to a revoked session");
    return { sub, clientId, family };
  }

  /** Makes every access token issued so far expired (tests force a 401 mid-session with it). */
  expireAllAccessTokens(): number {
    return this.counters.set("accessTokenGeneration", this.generation() + 1);
  }

  revokeFamily(family: string, reason: string): void {
    this.families.update(family, (f) => ({ ...f, revokedAt: this.nowMs(), revokedReason: reason }));
  }

  private generation(): number {
    return this.counters.get("accessTokenGeneration") ?? 0;
  }

  private async issuePair(claims: AccessClaims, kind: SessionKind): Promise<TokenPair> {
    const accessToken = await new SignJWT({ client_id: claims.clientId, fam: claims.family, gen: this.generation() })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setIssuer(ISSUER)
      .setSubject(claims.sub)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(Math.floor(this.nowMs() / 1000) + this.ttl.accessSeconds)
      .sign(this.key);
    const refreshToken = randomBytes(32).toString("base64url");
    const issuedAt = this.nowMs();
    this.refreshTokens.set(digest(refreshToken), {
      family: claims.family,
      clientId: claims.clientId,
      sub: claims.sub,
      kind,
      issuedAt,
      expiresAt: issuedAt + this.ttl.refreshSeconds * 1000,
    });
    return { accessToken, expiresIn: this.ttl.accessSeconds, refreshToken, refreshExpiresIn: this.ttl.refreshSeconds };
  }

  private prune() {
    const now = this.nowMs();
    this.lastPrune = now;
    this.refreshTokens.deleteWhere((r) => r.expiresAt <= now);
    const live = new Set(this.refreshTokens.values().map((r) => r.family));
    this.families.deleteWhere((_, id) => !live.has(id));
  }
}
