import "server-only";
import { and, desc, eq, inArray, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db";
import { auditLog, queueAppointments, staff } from "../db/schema";

/**
 * Audit resources that are patient data: the record itself, the patient's documents and their
 * appointments (booking, check-in, no-show, cancel, reschedule, call-in and undo: the whole day).
 */
export const PATIENT_AUDIT_RESOURCES = ["patient", "patient-document", "appointment"] as const;

/** An appointment's audit line as the log names it: "appointment.checked_in", "appointment.book", … */
function appointmentAction(action: string, detail: Record<string, unknown>): string {
  if (action === "status" && typeof detail.to === "string") return `appointment.${detail.to}`;
  if (action === "undo-status") return "appointment.undo";
  if (action === "link_patient") return "appointment.link";
  return `appointment.${action}`;
}

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
  /** A cancel's reason. */
  reason: string | null;
  /** Where a reschedule moved the appointment (ISO). */
  movedTo: string | null;
  /** Why a failed action failed, as the desk answered it. */
  error: string | null;
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
  // An appointment's line is the patient's through the desk's queue (or, for a booking that failed, its request).
  const appointmentPatient = sql<string | null>`coalesce(${queueAppointments.patientId}, ${auditLog.detail} ->> 'patientId')`;
  const conditions: SQL[] = [inArray(auditLog.resource, [...PATIENT_AUDIT_RESOURCES])];
  if (filter.patientId) {
    conditions.push(
      or(
        and(inArray(auditLog.resource, ["patient", "patient-document"]), eq(auditLog.resourceId, filter.patientId)),
        and(eq(auditLog.resource, "appointment"), sql`${appointmentPatient} = ${filter.patientId}`),
      )!,
    );
  }
  if (filter.staffId) conditions.push(eq(auditLog.staffId, filter.staffId));
  const rows = await db
    .select({ entry: auditLog, staffName: staff.name, staffRole: staff.role, appointmentPatientId: appointmentPatient })
    .from(auditLog)
    .leftJoin(staff, eq(staff.id, auditLog.staffId))
    .leftJoin(queueAppointments, and(eq(auditLog.resource, "appointment"), eq(queueAppointments.appointmentId, auditLog.resourceId)))
    .where(and(...conditions))
    .orderBy(desc(auditLog.id))
    .limit(limit);
  return rows.map(({ entry, staffName, staffRole, appointmentPatientId }) => {
    const detail = (entry.detail ?? {}) as Record<string, unknown>;
    const isAppointment = entry.resource === "appointment";
    const text = (v: unknown) => (typeof v === "string" && v.trim() ? v : null);
    return {
      id: entry.id,
      at: entry.at,
      staffId: entry.staffId,
      staffName,
      // The role at the time of the action, as recorded; the current one for older rows.
      role: typeof detail.role === "string" ? detail.role : (staffRole ?? null),
      action: isAppointment ? appointmentAction(entry.action, detail) : entry.resource === "patient" ? entry.action : `${entry.resource}.${entry.action}`,
      patientId: isAppointment ? (appointmentPatientId ?? null) : entry.resourceId,
      outcome: entry.outcome,
      fileName: typeof detail.fileName === "string" ? detail.fileName : null,
      matches: Array.isArray(detail.matches) ? detail.matches.length : null,
      reason: isAppointment ? text(detail.reason) : null,
      movedTo: isAppointment && entry.action === "reschedule" ? text(detail.to) : null,
      error: entry.outcome === "failed" ? (text(detail.error) ?? text(detail.reason)) : null,
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

/** Everyone who can appear in the log, doctors included (a doctor who only called patients in is still there to choose). */
export async function staffWithPatientAudit(db: Db): Promise<{ id: string; name: string }[]> {
  return db.select({ id: staff.id, name: staff.name }).from(staff).orderBy(staff.name);
}
