import "server-only";
import { can } from "@/lib/access";
import type { LiveEvent } from "@/lib/schemas/live-events";
import type { Role } from "@/lib/schemas/staff";
import type { Db } from "../db/connect";
import { directoryEntries, webhookInbox } from "../db/schema";
import { patientNamesByIds } from "./patient-names";

type InboxRow = typeof webhookInbox.$inferSelect;

const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
const obj = (v: unknown): Record<string, unknown> => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
const httpUrl = (v: unknown) => {
  const s = str(v);
  if (!s) return null;
  try {
    const u = new URL(s);
    return u.protocol === "https:" || u.protocol === "http:" ? u.toString() : null;
  } catch {
    return null;
  }
};

/** Reshapes a stored platform event; unknown kinds keep what fields they share with the known ones. */
export function toLiveEvent(row: InboxRow, patientName: string | null = null): LiveEvent {
  const data = obj(obj(row.payload).data);
  const video = obj(data.video_connect);
  const hasVideo = Object.keys(video).length > 0;
  return {
    id: row.id,
    kind: row.kind,
    receivedAt: row.receivedAt.toISOString(),
    occurredAt: row.occurredAt?.toISOString() ?? null,
    verification: row.verification,
    appointmentId: str(data.appointment_id) ?? str(obj(row.payload).transaction_id),
    doctorId: str(data.doctor_id),
    patientId: str(data.patient_id),
    patientName,
    doctorName: null,
    clinicName: null,
    clinicId: str(data.clinic_id),
    // Only http(s) links are passed on: a javascript: URL must never become a clickable link.
    video: hasVideo ? { hostLink: httpUrl(video.host_link), meetLink: httpUrl(video.meet_link), vendor: str(video.vendor) } : null,
  };
}

export async function toLiveEvents(db: Db, rows: InboxRow[]): Promise<LiveEvent[]> {
  const ids = [...new Set(rows.map((r) => str(obj(obj(r.payload).data).patient_id)).filter((v): v is string => !!v))];
  const names = ids.length ? await patientNamesByIds(db, ids).catch(() => new Map<string, string>()) : new Map<string, string>();
  const directory = await directoryNames(db);
  return rows.map((r) => {
    const e = toLiveEvent(r);
    return {
      ...e,
      patientName: e.patientId ? (names.get(e.patientId) ?? null) : null,
      doctorName: e.doctorId ? (directory.get(`doctor:${e.doctorId}`) ?? null) : null,
      clinicName: e.clinicId ? (directory.get(`clinic:${e.clinicId}`) ?? null) : null,
    };
  });
}

/** The admin-kept directory is small (a clinic's doctors and branches): read whole. */
async function directoryNames(db: Db): Promise<Map<string, string>> {
  const rows = await db.select().from(directoryEntries).catch(() => []);
  return new Map(rows.map((r) => [`${r.kind}:${r.platformId}`, r.displayName]));
}

/** The host link starts the consultation as the doctor; nobody else's screen gets it. */
export function forRole(event: LiveEvent, role: Role): LiveEvent {
  if (can(role, "live.hostLinks") || !event.video) return event;
  return { ...event, video: { ...event.video, hostLink: null } };
}
