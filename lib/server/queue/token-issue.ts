import "server-only";
import { sql } from "drizzle-orm";
import { DEFAULT_TOKEN_FORMAT, formatToken } from "@/lib/queue/token-format";
import type { Db } from "../db/connect";
import { queueCounters } from "../db/schema";

/** A database or an open transaction: issuing a token is always part of the write that stamps the visit. */
type Tx = Pick<Db, "insert" | "select" | "update">;

export interface IssuedToken {
  number: number;
  label: string;
}

/**
 * The next token of a doctor's day at a clinic. One upsert on the day's counter row: PostgreSQL
 * locks that row until the surrounding transaction ends, so a second desk or app instance waits and
 * then reads the incremented value (never the same number), and a transaction that rolls back takes
 * its number back with it (no gap). The unique index on (clinic, doctor, day, token) stands behind it.
 */
export async function issueToken(tx: Tx, q: { clinicId: string; doctorId: string; day: string; format?: string; at?: Date }): Promise<IssuedToken> {
  const [row] = await tx
    .insert(queueCounters)
    .values({ clinicId: q.clinicId, doctorId: q.doctorId, day: q.day, lastToken: 1, updatedAt: q.at ?? new Date() })
    .onConflictDoUpdate({
      target: [queueCounters.clinicId, queueCounters.doctorId, queueCounters.day],
      set: { lastToken: sql`${queueCounters.lastToken} + 1`, updatedAt: q.at ?? new Date() },
    })
    .returning({ lastToken: queueCounters.lastToken });
  const number = row!.lastToken;
  return { number, label: formatToken(q.format ?? DEFAULT_TOKEN_FORMAT, number) };
}
