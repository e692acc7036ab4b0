import "server-only";
import { and, desc, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "../db";
import { auditLog, staff } from "../db/schema";

/** Audit resources that are patient data: the record itself and the patient's documents. */
export const PATIENT_AUDIT_RESOURCES = ["patient", "patient-document"] as const;

export interface PatientAuditEntry {
  id: number;
  at: Date;
  staffId: string | null;
  staffName: string | null;
  role: string | null;
  /** `resource.action` for documents ("patient-document.view"), the stored action for the record. */
  action: string;
  patientId: string | null;
  outcome: "ok" | "denied" | "failed";
  /** A document's file name, or how many possible duplicates a check found. */
  fileName: string | null;
  matches: number | null;
}

/** Consecutive entries of one kind by one staff member, shown as one line; every row stays in the log. */
export interface PatientAuditGroup extends PatientAuditEntry {
  count: number;
  /** The earliest entry of the group (`at` is the latest). */
  firstAt: Date;
}

export const PATIENT_AUDIT_PAGE = 200;
/** Entries of the same kind by the same person closer together than this are one activity. */
export const GROUP_GAP_MS = 2 * 60_000;
/** Kinds that come in bursts: each keystroke is a search, each refresh of a page lists the documents again. */
const GROUPABLE = new Set(["patients.search", "patients.duplicate-check", "patients.uhid-check", "patient-document.list"]);

/** Reads and writes of patient data, newest first, optionally for one patient and/or one staff member. */
export async function patientAuditEntries(db: Db, filter: { patientId?: string; staffId?: string }, limit = PATIENT_AUDIT_PAGE): Promise<PatientAuditEntry[]> {
  const conditions: SQL[] = [inArray(auditLog.resource, [...PATIENT_AUDIT_RESOURCES])];
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
      action: entry.resource === "patient" ? entry.action : `${entry.resource}.${entry.action}`,
      patientId: entry.resourceId,
      outcome: entry.outcome,
      fileName: typeof detail.fileName === "string" ? detail.fileName : null,
      matches: Array.isArray(detail.matches) ? detail.matches.length : null,
    };
  });
}

/**
 * Folds bursts (a search per keystroke) into one line per person and kind: entries newest
 * first, the same staff member, action, patient and outcome, each within GROUP_GAP_MS of the
 * previous one — other people's entries in between do not split a burst.
 */
export function groupPatientAudit(entries: PatientAuditEntry[], gapMs = GROUP_GAP_MS): PatientAuditGroup[] {
  const out: PatientAuditGroup[] = [];
  const open = new Map<string, PatientAuditGroup>();
  for (const e of entries) {
    if (!GROUPABLE.has(e.action)) {
      out.push({ ...e, count: 1, firstAt: e.at });
      continue;
    }
    const key = `${e.staffId}|${e.action}|${e.patientId ?? ""}|${e.outcome}`;
    const group = open.get(key);
    if (group && group.firstAt.getTime() - e.at.getTime() <= gapMs) {
      group.count += 1;
      group.firstAt = e.at;
      if (e.matches !== null) group.matches = Math.max(group.matches ?? 0, e.matches);
      continue;
    }
    const fresh = { ...e, count: 1, firstAt: e.at };
    open.set(key, fresh);
    out.push(fresh);
  }
  return out;
}

export async function staffWithPatientAudit(db: Db): Promise<{ id: string; name: string }[]> {
  return db
    .selectDistinct({ id: staff.id, name: staff.name })
    .from(staff)
    .innerJoin(auditLog, and(eq(auditLog.staffId, staff.id), inArray(auditLog.resource, [...PATIENT_AUDIT_RESOURCES])))
    .orderBy(staff.name);
}
