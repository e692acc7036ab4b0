import "server-only";
import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../db";
import { auditLog, staff } from "../db/schema";

export interface PatientAuditEntry {
  id: number;
  at: Date;
  staffId: string | null;
  staffName: string | null;
  role: string | null;
  action: string;
  patientId: string | null;
  outcome: "ok" | "denied" | "failed";
}

export const PATIENT_AUDIT_PAGE = 200;

/** Reads and writes of patient data, newest first, optionally for one patient and/or one staff member. */
export async function patientAuditEntries(db: Db, filter: { patientId?: string; staffId?: string }, limit = PATIENT_AUDIT_PAGE): Promise<PatientAuditEntry[]> {
  const conditions: SQL[] = [eq(auditLog.resource, "patient")];
  if (filter.patientId) conditions.push(eq(auditLog.resourceId, filter.patientId));
  if (filter.staffId) conditions.push(eq(auditLog.staffId, filter.staffId));
  const rows = await db
    .select({ entry: auditLog, staffName: staff.name, staffRole: staff.role })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return rows.map(({ entry, staffName, staffRole }) => {
    const detail = (entry.detail ?? {}) as Record<string, unknown>;
    return {
      id: entry.id,
      at: entry.at,
      staffId: entry.staffId,
      staffName,
      // The role at the time of the action, as recorded; the current one for older rows.
      role: typeof detail.role === "string" ? detail.role : (staffRole ?? null),
      action: entry.action,
      patientId: entry.resourceId,
      outcome: entry.outcome,
    };
  });
}

export async function staffWithPatientAudit(db: Db): Promise<{ id: string; name: string }[]> {
  return db.selectDistinct({ id: staff.id, name: staff.name }).from(staff).innerJoin(auditLog, and(eq(auditLog.staffId, staff.id), eq(auditLog.resource, "patient"))).orderBy(staff.name);
}
