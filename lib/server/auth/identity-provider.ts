import "server-only";
/**
 * The app is the OIDC identity provider for its staff: it signs short-lived id_tokens that
 * the platform verifies against our JWKS before handing out platform tokens.
 */
import { randomUUID } from "node:crypto";
import { desc } from "drizzle-orm";
import { exportJWK, generateKeyPair, importJWK, SignJWT, type JWK, type CryptoKey } from "jose";
import type { Db } from "../db/connect";
import { signingKeys } from "../db/schema";

const ALG = "ES256";
const ID_TOKEN_TTL_SECONDS = 300;

interface ActiveKey {
  kid: string;
  privateKey: CryptoKey;
  publicJwk: JWK;
}

export interface IdentityProvider {
  issuer: string;
  mintIdToken(subject: { id: string; email: string; name: string; role: string }, audience: string): Promise<string>;
  jwks(): Promise<{ keys: JWK[] }>;
  configuration(): Record<string, unknown>;
}

export function identityProvider(db: Db, issuer: string): IdentityProvider {
  let active: Promise<ActiveKey> | undefined;

  async function loadOrCreateKey(): Promise<ActiveKey> {
    const [row] = await db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt)).limit(1);
    if (row) return fromRow(row);
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: "sig" };
    await db.insert(signingKeys).values({ kid, alg: ALG, privateJwk: await exportJWK(privateKey), publicJwk }).onConflictDoNothing();
    // Another instance may have created one at the same moment: use whichever is newest.
    const [winner] = await db.select().from(signingKeys).orderBy(desc(signingKeys.createdAt)).limit(1);
    if (winner && winner.kid !== kid) return fromRow(winner);
    return { kid, privateKey, publicJwk };
  }

  async function fromRow(row: typeof signingKeys.$inferSelect): Promise<ActiveKey> {
    return { kid: row.kid, privateKey: (await importJWK(row.privateJwk as JWK, row.alg)) as CryptoKey, publicJwk: row.publicJwk as JWK };
  }

  const key = () => (active ??= loadOrCreateKey().catch((e) => ((active = undefined), Promise.reject(e))));

  return {
    issuer,
    async mintIdToken(subject, audience) {
      const { kid, privateKey } = await key();
      return new SignJWT({ email: subject.email, name: subject.name, role: subject.role })
        .setProtectedHeader({ alg: ALG, kid, typ: "JWT" })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(subject.id)
        .setIssuedAt()
        .setJti(randomUUID())
        .setExpirationTime(`${ID_TOKEN_TTL_SECONDS}s`)
        .sign(privateKey);
    },
    async jwks() {
      const rows = await db.select({ publicJwk: signingKeys.publicJwk }).from(signingKeys).orderBy(desc(signingKeys.createdAt));
      if (rows.length === 0) return { keys: [(await key()).publicJwk] };
      return { keys: rows.map((r) => r.publicJwk as JWK) };
    },
    configuration() {
      return {
        issuer,
        jwks_uri: `${issuer}/.well-known/jwks.json`,
        id_token_signing_alg_values_supported: [ALG],
        subject_types_supported: ["public"],
        response_types_supported: ["id_token"],
        claims_supported: ["sub", "email", "name", "role"],
      };
    },
  };
}
