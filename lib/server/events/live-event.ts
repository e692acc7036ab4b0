import "server-only";
import { can } from "@/lib/access";
import type { LiveEvent } from "@/lib/schemas/live-events";
import type { Role } from "@/lib/schemas/staff";
import type { Db } from "../db/connect";
import type { webhookInbox } from "../db/schema";
import { platformEventFields } from "../platform/event-fields";
import { readClinicDirectory } from "../slots/clinic-directory";
import { patientNamesByIds } from "./patient-names";

type InboxRow = typeof webhookInbox.$inferSelect;

// Event text is untrusted and shown on every desk: cut once, here, before any page sees it.
const MAX_TEXT = 120;
const MAX_LINK = 2048;

const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const str = (v: unknown, max = MAX_TEXT) => (typeof v === "string" && v.trim() ? cut(v.trim(), max) : null);

export interface ReshapeOptions {
  /** Sandbox mode: the demo platform may send plain http: links. */
  allowHttpLinks?: boolean;
}

/** A link to open only when it is https: (http: in sandbox mode); anything else is kept as text to warn about. */
function link(v: unknown, opts: ReshapeOptions): { href: string | null; blocked: string | null } {
  const s = typeof v === "string" ? v.trim() : "";
  if (!s) return { href: null, blocked: null };
  try {
    const u = new URL(s);
    const ok = u.protocol === "https:" || (opts.allowHttpLinks === true && u.protocol === "http:");
    if (ok && !u.username && !u.password && u.href.length <= MAX_LINK) return { href: u.href, blocked: null };
  } catch {
    // not a URL at all: shown as text
  }
  return { href: null, blocked: cut(s, MAX_TEXT) };
}

const isoTime = (v: unknown) => {
  const s = str(v, 40);
  return s && !Number.isNaN(Date.parse(s)) ? new Date(Date.parse(s)).toISOString() : null;
};

/** Reshapes a stored platform event; unknown kinds keep what fields they share with the known ones. */
export function toLiveEvent(row: InboxRow, patientName: string | null = null, opts: ReshapeOptions = {}): LiveEvent {
  const f = platformEventFields(row.payload);
  const host = link(f.video?.hostLink, opts);
  const meet = link(f.video?.meetLink, opts);
  return {
    id: row.id,
    kind: cut(row.kind, MAX_TEXT),
    receivedAt: row.receivedAt.toISOString(),
    occurredAt: row.occurredAt?.toISOString() ?? null,
    verification: row.verification,
    appointmentId: str(f.appointmentId),
    doctorId: str(f.doctorId),
    patientId: str(f.patientId),
    patientName,
    doctorName: null,
    clinicName: null,
    clinicId: str(f.clinicId),
    clinicTimeZone: null,
    startsAt: isoTime(f.startsAt),
    serviceName: str(f.serviceName),
    status: str(f.status, 40),
    video: f.video ? { hostLink: host.href, meetLink: meet.href, vendor: str(f.video.vendor, 40), blockedHostLink: host.blocked, blockedMeetLink: meet.blocked } : null,
  };
}

export async function toLiveEvents(db: Db, rows: InboxRow[], opts: ReshapeOptions & { prefillDirectory?: boolean } = {}): Promise<LiveEvent[]> {
  const shaped = rows.map((r) => toLiveEvent(r, null, opts));
  const ids = [...new Set(shaped.map((e) => e.patientId).filter((v): v is string => !!v))];
  const [names, directory] = await Promise.all([
    ids.length ? patientNamesByIds(db, ids).catch(() => new Map<string, string>()) : new Map<string, string>(),
    // The admin-kept directory is small (a clinic's doctors and branches): read whole.
    readClinicDirectory(db, { prefill: opts.prefillDirectory ?? false }).catch(() => ({ doctors: [], clinics: [] })),
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

/** The host link starts the consultation as the doctor; nobody else's screen gets it, not even as text. */
export function forRole(event: LiveEvent, role: Role): LiveEvent {
  if (can(role, "live.hostLinks") || !event.video) return event;
  return { ...event, video: { ...event.video, hostLink: null, blockedHostLink: null } };
}
