import "server-only";
/**
 * Keeps each staff member's platform tokens on the server. Renewal is single-flight per
 * staff member inside this process, and serialised across app instances by a PostgreSQL
 * advisory lock (PGlite is one process by nature, so the in-process guard is enough there).
 */
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { OidcTokenResponse } from "@/lib/platform/wire/auth";
import type { Database, Db } from "../../server/db/connect";
import { platformTokens } from "../../server/db/schema";
import type { IdentityProvider } from "../../server/auth/identity-provider";
import { PlatformCredentialsError, PlatformRejectedError } from "../../server/errors";
import type { IdentityApi } from "./identity";
import { sealer, type SealingKeys } from "../../server/crypto/seal";
import { log } from "../../server/log";

export interface StaffIdentity {
  id: string;
  email: string;
  name: string;
  role: string;
}

export interface TokenStoreOptions {
  database: Database;
  identity: IdentityApi;
  idp: IdentityProvider;
  clientId: string;
  /** Renew this long before the access token runs out. */
  refreshSkewSeconds?: number;
  now?: () => number;
  /** Seals the tokens in the table; the app passes the configured key (tests get a per-process one). */
  sealing?: SealingKeys;
}

const processKey = randomBytes(32).toString("base64url");

type TokenRow = typeof platformTokens.$inferSelect;

export function platformTokenStore(opts: TokenStoreOptions) {
  const now = opts.now ?? Date.now;
  const skewMs = (opts.refreshSkewSeconds ?? 60) * 1000;
  const inFlight = new Map<string, Promise<string>>();
  // Fresh tokens are served from memory: a database read per platform call cost ~1 ms and queued
  // behind PGlite's one connection under load. The table stays the truth for renewal and other instances.
  const fresh = new Map<string, TokenRow>();

  const seal = sealer(opts.sealing ?? processKey, "platform-tokens");

  const isFresh = (row: TokenRow | undefined): row is TokenRow => !!row && row.accessExpiresAt.getTime() - skewMs > now();

  /** The row with its tokens opened; rows from before sealing (or under an old key) are written back sealed. */
  async function read(db: Db, staffId: string): Promise<TokenRow | undefined> {
    const [row] = await db.select().from(platformTokens).where(eq(platformTokens.staffId, staffId)).limit(1);
    if (!row) return undefined;
    try {
      const access = seal.openStored(row.accessToken);
      const refresh = seal.openStored(row.refreshToken);
      if (access.reseal || refresh.reseal) {
        await db
          .update(platformTokens)
          .set({ accessToken: seal.seal(access.plaintext), refreshToken: seal.seal(refresh.plaintext) })
          // Only if nobody renewed meanwhile: never write older tokens over newer ones.
          .where(and(eq(platformTokens.staffId, staffId), eq(platformTokens.accessToken, row.accessToken), eq(platformTokens.refreshToken, row.refreshToken)));
      }
      return { ...row, accessToken: access.plaintext, refreshToken: refresh.plaintext };
    } catch (err) {
      // Sealed under a key no longer configured: start over with a fresh id_token rather than fail.
      log().warn({ staffId, reason: (err as Error).message }, "platform tokens cannot be opened, fetching new ones");
      return undefined;
    }
  }

  async function save(db: Db, staffId: string, t: OidcTokenResponse): Promise<string> {
    const at = now();
    const times = {
      accessExpiresAt: new Date(at + t.expires_in * 1000),
      refreshExpiresAt: new Date(at + t.refresh_token_expires_in * 1000),
      updatedAt: new Date(at),
    };
    const values = { ...times, accessToken: seal.seal(t.access_token), refreshToken: seal.seal(t.refresh_token) };
    await db.insert(platformTokens).values({ staffId, ...values }).onConflictDoUpdate({ target: platformTokens.staffId, set: values });
    fresh.set(staffId, { staffId, ...times, accessToken: t.access_token, refreshToken: t.refresh_token });
    return t.access_token;
  }

  function withLock<T>(staffId: string, fn: (db: Db) => Promise<T>): Promise<T> {
    if (opts.database.kind === "pglite") return fn(opts.database.db);
    return opts.database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${"platform-token:" + staffId}))`);
      return fn(tx as unknown as Db);
    });
  }

  async function verify(db: Db, staff: StaffIdentity): Promise<string> {
    const idToken = await opts.idp.mintIdToken(staff, opts.clientId);
    return save(db, staff.id, await opts.identity.verify(idToken));
  }

  function renew(staff: StaffIdentity, rejected?: string): Promise<string> {
    const running = inFlight.get(staff.id);
    if (running) return running;
    const flight = withLock(staff.id, async (db) => {
      const row = await read(db, staff.id);
      // Another request or instance renewed while we waited for the lock.
      if (isFresh(row) && row.accessToken !== rejected) {
        fresh.set(staff.id, row);
        return row.accessToken;
      }
      if (row && row.refreshExpiresAt.getTime() > now()) {
        try {
          return save(db, staff.id, await opts.identity.refresh(row.refreshToken));
        } catch (err) {
          if (!(err instanceof PlatformCredentialsError || err instanceof PlatformRejectedError)) throw err;
          // Refresh token refused (revoked, rotated elsewhere): start over with a fresh id_token.
        }
      }
      return verify(db, staff);
    }).finally(() => inFlight.delete(staff.id));
    inFlight.set(staff.id, flight);
    return flight;
  }

  return {
    /** Exchanges a fresh id_token for platform tokens (at sign-in). */
    signIn: (staff: StaffIdentity) => withLock(staff.id, (db) => verify(db, staff)),
    async accessToken(staff: StaffIdentity): Promise<string> {
      const cached = fresh.get(staff.id);
      if (isFresh(cached)) return cached.accessToken;
      const row = await read(opts.database.db, staff.id);
      if (!isFresh(row)) return renew(staff);
      fresh.set(staff.id, row);
      return row.accessToken;
    },
    renewAfterRejection(staff: StaffIdentity, rejected: string): Promise<string> {
      if (fresh.get(staff.id)?.accessToken === rejected) fresh.delete(staff.id);
      return renew(staff, rejected);
    },
    async forget(staffId: string): Promise<void> {
      fresh.delete(staffId);
      await opts.database.db.delete(platformTokens).where(eq(platformTokens.staffId, staffId));
    },
  };
}
export type PlatformTokenStore = ReturnType<typeof platformTokenStore>;
