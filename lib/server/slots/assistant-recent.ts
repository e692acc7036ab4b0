import "server-only";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db";
import { assistantSessionTokens, auditLog } from "../db/schema";

export interface RecentAssistantSession {
  sessionId: string;
  lastSeenAt: string;
  /** When the desk last saw it expire (from a lookup or a refresh), if known. */
  expiresAt: string | null;
  deskHoldsToken: boolean;
}

const RECENT_LIMIT = 8;

/**
 * The assistant sessions this doctor looked up or refreshed lately, newest first: the audit log
 * already records each one, so the doctor can pick a session instead of typing its id again.
 */
export async function recentAssistantSessions(db: Db, staffId: string, limit = RECENT_LIMIT): Promise<RecentAssistantSession[]> {
  const rows = await db
    .select({ sessionId: auditLog.resourceId, lastSeenAt: sql<Date>`max(${auditLog.at})`.mapWith((v: string | Date) => new Date(v)) })
    .from(auditLog)
    .where(and(eq(auditLog.resource, "assistant_session"), eq(auditLog.staffId, staffId), eq(auditLog.outcome, "ok")))
    .groupBy(auditLog.resourceId)
    .orderBy(desc(sql`max(${auditLog.at})`))
    .limit(limit);
  const ids = rows.map((r) => r.sessionId).filter((id): id is string => !!id);
  if (ids.length === 0) return [];
  const tokens = await db
    .select({ sessionId: assistantSessionTokens.sessionId, expiresAt: assistantSessionTokens.expiresAt })
    .from(assistantSessionTokens)
    .where(inArray(assistantSessionTokens.sessionId, ids));
  const held = new Map(tokens.map((t) => [t.sessionId, t.expiresAt]));
  const expiries = await lastKnownExpiries(db, staffId, ids);
  return rows
    .filter((r) => !!r.sessionId)
    .map((r) => {
      const token = held.get(r.sessionId!);
      // The latest observation wins: lookups and refreshes both record the expiry they saw.
      const expiresAt = expiries.get(r.sessionId!) ?? token ?? null;
      return { sessionId: r.sessionId!, lastSeenAt: r.lastSeenAt.toISOString(), expiresAt: expiresAt ? new Date(expiresAt).toISOString() : null, deskHoldsToken: !!token };
    });
}

/** The expiry each session showed at its latest lookup (kept in the audit entry's detail). */
async function lastKnownExpiries(db: Db, staffId: string, ids: string[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ sessionId: auditLog.resourceId, detail: auditLog.detail })
    .from(auditLog)
    .where(and(eq(auditLog.resource, "assistant_session"), eq(auditLog.staffId, staffId), inArray(auditLog.resourceId, ids)))
    .orderBy(desc(auditLog.id))
    .limit(ids.length * 20);
  const out = new Map<string, string>();
  for (const r of rows) {
    const at = (r.detail as { expiresAt?: unknown } | null)?.expiresAt;
    if (r.sessionId && typeof at === "string" && !out.has(r.sessionId)) out.set(r.sessionId, at);
  }
  return out;
}
