import type { Db } from "./db/connect";
import { auditLog } from "./db/schema";
import { log } from "./log";

export interface AuditEntry {
  staffId?: string | null;
  action: string;
  resource: string;
  resourceId?: string | null;
  outcome: "ok" | "denied" | "failed";
  ip?: string | null;
  detail?: Record<string, unknown>;
}

/** Appends to the audit log; a failure to audit is logged loudly but never hides the answer. */
export async function recordAudit(db: Db, entry: AuditEntry): Promise<void> {
  try {
    await db.insert(auditLog).values({ ...entry, detail: entry.detail ?? null });
  } catch (err) {
    log().error({ action: entry.action, resource: entry.resource, err }, "audit log write failed");
  }
}
