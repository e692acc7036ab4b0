import { z } from "zod";

/** One platform event as the live feed shows it: the app's own shape, never the platform's field names. */
export const LiveEvent = z.object({
  /** Inbox sequence number; also the SSE event id used to resume. */
  id: z.number().int(),
  kind: z.string(),
  receivedAt: z.string(),
  occurredAt: z.string().nullable(),
  verification: z.enum(["signed", "unsigned"]),
  appointmentId: z.string().nullable(),
  doctorId: z.string().nullable(),
  patientId: z.string().nullable(),
  /** Known only when the patient is in the clinic's own records. */
  patientName: z.string().nullable(),
  /** Display names from the clinic's doctor and clinic directory, when it knows the ids. */
  doctorName: z.string().nullable().default(null),
  clinicName: z.string().nullable().default(null),
  clinicId: z.string().nullable(),
  /** The clinic's IANA zone from the directory, so appointment times read as the clinic's clock. */
  clinicTimeZone: z.string().nullable().default(null),
  /** Appointment events: when it starts, which service, and its status, as the platform sent them. */
  startsAt: z.string().nullable().default(null),
  serviceName: z.string().nullable().default(null),
  status: z.string().nullable().default(null),
  video: z
    .object({
      /** Only sent to doctors: it starts the consultation as host. https: only (http: in sandbox mode). */
      hostLink: z.string().nullable(),
      meetLink: z.string().nullable(),
      vendor: z.string().nullable(),
      /** A link that is not safe to open (javascript:, data:, plain http:), kept as text to show with a warning. */
      blockedHostLink: z.string().nullable().default(null),
      blockedMeetLink: z.string().nullable().default(null),
    })
    .nullable(),
});
export type LiveEvent = z.infer<typeof LiveEvent>;

export const LiveEventPage = z.object({ events: z.array(LiveEvent) });
export type LiveEventPage = z.infer<typeof LiveEventPage>;

export const LiveHistoryQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.coerce.number().int().positive().optional(),
});

export const LiveStreamQuery = z.strictObject({
  /** Resume after this event id when the browser cannot send Last-Event-ID (first connection). */
  after: z.coerce.number().int().min(0).optional(),
  /** The browser tab's own id: a tab's new stream replaces its old one. */
  tab: z.string().regex(/^[A-Za-z0-9-]{1,64}$/).optional(),
});

/** Why the server closed a live stream for good (the browser should not reconnect on its own). */
export const LiveStreamClosed = z.object({ reason: z.enum(["too-many-streams", "replaced", "signed-out"]) });
export type LiveStreamClosed = z.infer<typeof LiveStreamClosed>;
