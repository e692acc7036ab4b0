import "server-only";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../db";
import { assistantSessionTokens } from "../db/schema";

/** The latest token the desk received for a session (refresh answers carry it); server-side only. */
export async function storedSessionToken(db: Db, sessionId: string): Promise<string | undefined> {
  const [row] = await db.select().from(assistantSessionTokens).where(eq(assistantSessionTokens.sessionId, sessionId));
  return row?.token;
}

export async function keepSessionToken(db: Db, s: { sessionId: string; token: string; expiresAt: string }, staffId: string): Promise<void> {
  const values = { sessionId: s.sessionId, token: s.token, expiresAt: new Date(s.expiresAt), updatedBy: staffId };
  await db
    .insert(assistantSessionTokens)
    .values(values)
    .onConflictDoUpdate({ target: assistantSessionTokens.sessionId, set: { token: values.token, expiresAt: values.expiresAt, updatedBy: staffId, updatedAt: sql`now()` } });
}
