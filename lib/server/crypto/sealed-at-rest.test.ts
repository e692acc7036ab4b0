import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { pgliteTestDatabase, type TestDatabase } from "@/lib/testing/databases";
import { startPlatformHarness, TEST_CLIENT_ID, type PlatformHarness } from "@/lib/testing/platform-harness";
import { createPlatform } from "@/lib/platform/client";
import { keepSessionToken, storedSessionToken } from "../slots/assistant-session-tokens";
import { assistantSessionTokens, platformTokens } from "../db/schema";
import { sealer } from "./seal";

const KEY_A = "sealing-key-a-0123456789abcdefghijklmnopqrstuvwxyz";
const KEY_B = "sealing-key-b-0123456789abcdefghijklmnopqrstuvwxyz";

describe("the sealing helper", () => {
  it("opens what it sealed, refuses a tampered value and another key, and keeps purposes apart", () => {
    const s = sealer(KEY_A, "platform-tokens");
    const sealed = s.seal("eyJ-secret-token");
    expect(sealed).not.toContain("secret");
    expect(s.open(sealed)).toBe("eyJ-secret-token");
    expect(s.seal("eyJ-secret-token")).not.toBe(sealed);
    // One bit of the ciphertext flipped (at the byte level, so the change can never vanish in base64 padding).
    const [version, iv, ct, tag] = sealed.split(".");
    const bytes = Buffer.from(ct!, "base64url");
    bytes[0]! ^= 0x01;
    const flipped = [version, iv, bytes.toString("base64url"), tag].join(".");
    expect(flipped).not.toBe(sealed);
    expect(() => s.open(flipped)).toThrow();
    expect(() => sealer(KEY_B, "platform-tokens").open(sealed)).toThrow(/DATA_SEALING_PREVIOUS_KEYS/);
    expect(() => sealer(KEY_A, "assistant-session-tokens").open(sealed)).toThrow();
  });

  it("rotates: a previous key still opens, and its values are marked for sealing again", () => {
    const old = sealer(KEY_A, "platform-tokens").seal("refresh-me");
    const rotated = sealer({ current: KEY_B, previous: [KEY_A] }, "platform-tokens");
    expect(rotated.openStored(old)).toEqual({ plaintext: "refresh-me", reseal: true });
    expect(rotated.openStored(rotated.seal("fresh"))).toEqual({ plaintext: "fresh", reseal: false });
    expect(rotated.openStored("plain-row-from-before")).toEqual({ plaintext: "plain-row-from-before", reseal: true });
  });
});

describe("secrets in the database are sealed", () => {
  let t: TestDatabase;
  let h: PlatformHarness;

  beforeAll(async () => {
    t = await pgliteTestDatabase();
    h = await startPlatformHarness(t.database);
  });
  afterAll(async () => {
    await h?.close();
    await t?.dispose();
  });

  it("platform access and refresh tokens: the row holds no token text, and a plain row from before is sealed on read", async () => {
    const platform = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 3000 }, { database: t.database, idp: h.idp, sealing: { current: KEY_A } });
    const access = await platform.tokens.signIn(h.staff);
    const [row] = await t.database.db.select().from(platformTokens).where(eq(platformTokens.staffId, h.staff.id));
    expect(access.length).toBeGreaterThan(20);
    expect(row!.accessToken).not.toContain(access);
    expect(row!.accessToken).not.toContain(access.slice(0, 12));
    expect(sealer(KEY_A, "platform-tokens").open(row!.accessToken)).toBe(access);
    expect(sealer(KEY_A, "platform-tokens").open(row!.refreshToken)).not.toBe("");

    // A row written before sealing existed still works, and is written back sealed.
    const refresh = sealer(KEY_A, "platform-tokens").open(row!.refreshToken);
    await t.database.db.update(platformTokens).set({ accessToken: access, refreshToken: refresh }).where(eq(platformTokens.staffId, h.staff.id));
    const later = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 3000 }, { database: t.database, idp: h.idp, sealing: { current: KEY_A } });
    expect(await later.tokens.accessToken(h.staff)).toBe(access);
    const [resealed] = await t.database.db.select().from(platformTokens).where(eq(platformTokens.staffId, h.staff.id));
    expect(resealed!.accessToken).not.toContain(access);
    expect(resealed!.refreshToken).not.toContain(refresh);
  });

  it("tokens sealed under a key that is no longer configured are fetched afresh instead of failing", async () => {
    const other = createPlatform({ ...h.connection, clientId: TEST_CLIENT_ID, timeoutMs: 3000 }, { database: t.database, idp: h.idp, sealing: { current: KEY_B } });
    const token = await other.tokens.accessToken(h.staff);
    expect(token.length).toBeGreaterThan(20);
    const [row] = await t.database.db.select().from(platformTokens).where(eq(platformTokens.staffId, h.staff.id));
    expect(sealer(KEY_B, "platform-tokens").open(row!.accessToken)).toBe(token);
  });

  it("assistant-session tokens: sealed in the row, read back as text, plain rows sealed on read", async () => {
    const sessionId = "6f1f3c1e-7f0b-4a59-9a3f-2a8d7b5e0c11";
    const keys = { current: KEY_A };
    await keepSessionToken(t.database.db, { sessionId, token: "assistant-token-text-123", expiresAt: new Date(Date.now() + 60_000).toISOString() }, h.staff.id, keys);
    const [row] = await t.database.db.select().from(assistantSessionTokens).where(eq(assistantSessionTokens.sessionId, sessionId));
    expect(row!.token).not.toContain("assistant-token-text");
    expect(await storedSessionToken(t.database.db, sessionId, keys)).toBe("assistant-token-text-123");

    await t.database.db.update(assistantSessionTokens).set({ token: "plain-assistant-token" }).where(eq(assistantSessionTokens.sessionId, sessionId));
    expect(await storedSessionToken(t.database.db, sessionId, keys)).toBe("plain-assistant-token");
    const [resealed] = await t.database.db.select().from(assistantSessionTokens).where(eq(assistantSessionTokens.sessionId, sessionId));
    expect(resealed!.token).not.toContain("plain-assistant-token");
  });
});
