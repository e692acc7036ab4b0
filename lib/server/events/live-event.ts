import "server-only";
import { canOnRow, type RowViewer } from "@/lib/access";
import type { LiveEvent } from "@/lib/schemas/live-events";
import type { Db } from "../db/connect";
import type { EventLink } from "@/lib/schemas/desk-events";
import { cutText } from "@/lib/platform/client";
import { readClinicDirectory, type DirectoryPrefill } from "../slots/clinic-directory";
import { inDeskShape, type InboxEventRow, type StoredEvent } from "./inbox-events";
import { patientNamesByIds } from "./patient-names";

export interface ReshapeOptions {
  /** Sandbox mode: the demo platform may send plain http: links. */
  allowHttpLinks?: boolean;
}

/** A link opens only when it is https: (http: in sandbox mode); anything else is shown as text to warn about. */
function shownLink(l: EventLink, opts: ReshapeOptions): { href: string | null; blocked: string | null } {
  if (l.href && (l.href.startsWith("https:") || (opts.allowHttpLinks === true && l.href.startsWith("http:")))) return { href: l.href, blocked: null };
  const text = l.href ?? l.text;
  return { href: null, blocked: text ? cutText(text) : null };
}

/** A stored event as the live feed shows it; names come from the desk's own records (toLiveEvents). */
export function toLiveEvent(row: StoredEvent, patientName: string | null = null, opts: ReshapeOptions = {}): LiveEvent {
  const { event: e } = row;
  const host = e.video ? shownLink(e.video.hostLink, opts) : null;
  const meet = e.video ? shownLink(e.video.meetLink, opts) : null;
  return {
    id: row.id,
    kind: cutText(row.kind),
    receivedAt: row.receivedAt.toISOString(),
    occurredAt: row.occurredAt?.toISOString() ?? null,
    verification: row.verification,
    appointmentId: e.appointmentId,
    doctorId: e.doctorId,
    patientId: e.patientId,
    patientName,
    doctorName: null,
    clinicName: null,
    clinicId: e.clinicId,
    clinicTimeZone: null,
    startsAt: e.startsAt,
    serviceName: e.serviceName,
    status: e.status,
    video: e.video && host && meet ? { hostLink: host.href, meetLink: meet.href, vendor: e.video.vendor, blockedHostLink: host.blocked, blockedMeetLink: meet.blocked } : null,
  };
}

export async function toLiveEvents(db: Db, rows: InboxEventRow[], opts: ReshapeOptions & { prefillDirectory?: DirectoryPrefill } = {}): Promise<LiveEvent[]> {
  return storedToLiveEvents(db, await inDeskShape(db, rows), opts);
}

/** Events already in the desk's shape (as the receiver stored them): names are looked up, the inbox is not read. */
export async function storedToLiveEvents(db: Db, stored: StoredEvent[], opts: ReshapeOptions & { prefillDirectory?: DirectoryPrefill } = {}): Promise<LiveEvent[]> {
  const shaped = stored.map((r) => toLiveEvent(r, null, opts));
  const ids = [...new Set(shaped.map((e) => e.patientId).filter((v): v is string => !!v))];
  const [names, directory] = await Promise.all([
    ids.length ? patientNamesByIds(db, ids).catch(() => new Map<string, string>()) : new Map<string, string>(),
    // The admin-kept directory is small (a clinic's doctors and branches): read whole.
    readClinicDirectory(db, { prefill: opts.prefillDirectory }).catch(() => ({ doctors: [], clinics: [] })),
  ]);
  const doctors = new Map(directory.doctors.map((d) => [d.platformId, d]));
  const clinics = new Map(directory.clinics.map((c) => [c.platformId, c]));
  return shaped.map((e) => {
    const clinic = e.clinicId ? clinics.get(e.clinicId) : undefined;
    return {
      ...e,
      patientName: e.patientId ? (names.get(e.patientId) ?? null) : null,
      doctorName: e.doctorId ? (doctors.get(e.doctorId)?.displayName ?? null) : null,
      clinicName: clinic?.displayName ?? null,
      clinicTimeZone: clinic?.timeZone ?? null,
    };
  });
}

/** The host link starts the consultation as its own doctor; nobody else's screen gets it, not even as text. */
export function forViewer(event: LiveEvent, viewer: RowViewer): LiveEvent {
  if (!event.video || canOnRow(viewer, "live.hostLinks", event.doctorId)) return event;
  return { ...event, video: { ...event.video, hostLink: null, blockedHostLink: null } };
}
