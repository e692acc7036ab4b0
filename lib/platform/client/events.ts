import "server-only";
import { PlatformEventData, PlatformEventEnvelope } from "@/lib/platform/wire/webhooks";
import type { DeskEvent, EventLink } from "@/lib/schemas/desk-events";
import { toAppointmentEvent } from "./appointment-events";
import { toReceiptEvent } from "./receipt-events";

// Event text is untrusted and shown on every desk: cut once, here, when it arrives.
export const MAX_EVENT_TEXT = 120;
export const MAX_EVENT_LINK = 2048;

export const cutText = (s: string, max = MAX_EVENT_TEXT) => (s.length > max ? `${s.slice(0, max - 1)}…` : s);
const text = (v: string | null | undefined, max = MAX_EVENT_TEXT) => (v?.trim() ? cutText(v.trim(), max) : null);

function link(v: string | null | undefined): EventLink {
  const s = v?.trim() ?? "";
  if (!s) return { href: null, text: null };
  try {
    const u = new URL(s);
    if ((u.protocol === "https:" || u.protocol === "http:") && !u.username && !u.password && u.href.length <= MAX_EVENT_LINK) return { href: u.href, text: null };
  } catch {
    // not a URL at all: kept as text
  }
  return { href: null, text: cutText(s) };
}

function isoTime(v: string | null | undefined): string | null {
  const s = text(v, 40);
  return s && !Number.isNaN(Date.parse(s)) ? new Date(Date.parse(s)).toISOString() : null;
}

/** A platform event as the receiver needs it: its kind and identity, and the desk's shape to store. */
export type PlatformEventReading =
  | { ok: true; kind: string; transactionId: string | null; eventTime: number | null; occurredAt: Date | null; event: DeskEvent }
  | { ok: false; kind: string | null; reason: string };

function occurredAt(envelope: PlatformEventEnvelope): Date | null {
  const t = typeof envelope.event_time === "number" ? envelope.event_time : typeof envelope.timestamp === "number" ? envelope.timestamp : undefined;
  if (t === undefined || !Number.isFinite(t) || t <= 0) return null;
  // Seconds or milliseconds: the spec says "timestamp" without a unit.
  const d = new Date(t < 1e12 ? t * 1000 : t);
  return Number.isNaN(d.getTime()) ? null : d;
}

/** Reads a parsed event body once, on arrival; unknown kinds are read as far as they share fields with known ones. */
export function readPlatformEvent(body: Record<string, unknown>): PlatformEventReading {
  const kind = typeof body.event === "string" && body.event.trim() && body.event.length <= 200 ? body.event : null;
  if (!kind) return { ok: false, kind: null, reason: "The event body has no `event` kind." };
  const envelope = PlatformEventEnvelope.safeParse(body);
  if (!envelope.success) return { ok: false, kind, reason: "The event's `data` must be a JSON object." };
  // The identity's time is the raw value, so a retry and a replay hash the same whatever its unit.
  const at = envelope.data.event_time ?? envelope.data.timestamp;
  return {
    ok: true,
    kind,
    transactionId: envelope.data.transaction_id || null,
    eventTime: typeof at === "number" && Number.isFinite(at) ? at : null,
    occurredAt: occurredAt(envelope.data),
    event: toDeskEvent(kind, body),
  };
}

/** The desk's shape of a stored event body; also reshapes rows stored before the shape existed. */
export function toDeskEvent(kind: string, body: unknown): DeskEvent {
  const envelope = PlatformEventEnvelope.safeParse(body);
  const raw = envelope.success ? (envelope.data.data ?? {}) : {};
  const data = PlatformEventData.parse(raw);
  const video = data.video_connect;
  return {
    appointmentId: text(data.appointment_id) ?? text(envelope.success ? envelope.data.transaction_id : null),
    doctorId: text(data.doctor_id),
    patientId: text(data.patient_id) ?? (kind === "user.delete" ? (text(data.oid) ?? text(data.user_id)) : null),
    clinicId: text(data.clinic_id),
    startsAt: isoTime(data.start_time),
    serviceName: text(data.service_name),
    status: text(data.status, 40),
    video: video && (video.host_link || video.meet_link || video.vendor) ? { hostLink: link(video.host_link), meetLink: link(video.meet_link), vendor: text(video.vendor, 40) } : null,
    appointment: toAppointmentEvent(kind, raw),
    receipt: toReceiptEvent(kind, raw),
  };
}
