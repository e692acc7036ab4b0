import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { env } from "@/lib/env";
import type { Db } from "../db";
import { assistantSessionTokens } from "../db/schema";
import { sealer, type SealingKeys } from "../crypto/seal";
import { log } from "../log";

const PURPOSE = "assistant-session-tokens";

/** The latest token the desk received for a session (refresh answers carry it); server-side only, sealed at rest. */
export async function storedSessionToken(db: Db, sessionId: string, keys: SealingKeys = env().sealing): Promise<string | undefined> {
  const [row] = await db.select().from(assistantSessionTokens).where(eq(assistantSessionTokens.sessionId, sessionId));
  if (!row) return undefined;
  const seal = sealer(keys, PURPOSE);
  let opened: { plaintext: string; reseal: boolean };
  try {
    opened = seal.openStored(row.token);
  } catch (err) {
    log().warn({ sessionId, reason: (err as Error).message }, "assistant session: stored token cannot be opened");
    return undefined;
  }
  if (opened.reseal) {
    // Written before sealing (or under an old key): sealed now, unless a refresh replaced it meanwhile.
    await db
      .update(assistantSessionTokens)
      .set({ token: seal.seal(opened.plaintext) })
      .where(and(eq(assistantSessionTokens.sessionId, sessionId), eq(assistantSessionTokens.token, row.token)));
  }
  return opened.plaintext;
}

export async function keepSessionToken(
  db: Db,
  s: { sessionId: string; token: string; expiresAt: string },
  staffId: string,
  keys: SealingKeys = env().sealing,
): Promise<void> {
  const values = { sessionId: s.sessionId, token: sealer(keys, PURPOSE).seal(s.token), expiresAt: new Date(s.expiresAt), updatedBy: staffId };
  await db
    .insert(assistantSessionTokens)
    .values(values)
    .onConflictDoUpdate({ target: assistantSessionTokens.sessionId, set: { token: values.token, expiresAt: values.expiresAt, updatedBy: staffId, updatedAt: sql`now()` } });
}
