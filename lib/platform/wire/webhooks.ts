import { z } from "zod";
import { endpointProblem, EventKind, SUBSCRIBABLE_EVENT_KINDS, WebhookProtocol } from "./webhook-names";

/** The platform's webhook subscriptions and event bodies (spec 4.2, 6.2): field names change here and in lib/platform/client only. */

/** Spec 4.2 request body, as the platform receives it. */
export const PlatformSubscriptionRequest = z
  .object({
    endpoint: z.string().trim().min(1, "is required").max(2048),
    event_names: z.array(EventKind).min(1, "name at least one event kind").max(SUBSCRIBABLE_EVENT_KINDS.length),
    protocol: WebhookProtocol,
    signing_key: z.string().min(16, "must be at least 16 characters").max(256).optional(),
  })
  .superRefine((v, ctx) => {
    const problem = endpointProblem(v.protocol, v.endpoint);
    if (problem) ctx.addIssue({ code: "custom", path: ["endpoint"], message: problem });
    if (new Set(v.event_names).size !== v.event_names.length) ctx.addIssue({ code: "custom", path: ["event_names"], message: "names a kind twice" });
  });
export type PlatformSubscriptionRequest = z.infer<typeof PlatformSubscriptionRequest>;

export const PlatformSubscriptionCreated = z.object({ id: z.coerce.string(), status: z.string() });

export const PlatformSubscription = z.object({
  id: z.coerce.string(),
  endpoint: z.string(),
  event_names: z.array(z.string()),
  protocol: z.string(),
  status: z.string().optional(),
  created_at: z.string().optional(),
  deliverable: z.boolean().optional(),
});
export type PlatformSubscription = z.infer<typeof PlatformSubscription>;
export const PlatformSubscriptionList = z.object({ data: z.array(PlatformSubscription), msg: z.string().optional() });

/** Spec 6.2: the body of a doctor-joined notification. */
export const DoctorJoinedBody = z.object({
  service: z.string(),
  event: z.string(),
  transaction_id: z.string(),
  event_time: z.number().int(),
  timestamp: z.number().int(),
  business_id: z.string(),
  client_id: z.string(),
  data: z.object({
    appointment_id: z.string(),
    doctor_id: z.string(),
    patient_id: z.string(),
    clinic_id: z.string(),
    video_connect: z.object({ host_link: z.string().url(), meet_link: z.string().url(), vendor: z.string() }),
  }),
});
export type DoctorJoinedBody = z.infer<typeof DoctorJoinedBody>;

// Event bodies are read leniently: a field of the wrong type reads as absent instead of losing the event.
const anyText = z.string().nullish().catch(null);

/**
 * Any event kind's envelope (spec 6.2), as the desk reads it: the strict DoctorJoinedBody above would
 * refuse unknown kinds, which are stored all the same. `data` must be an object when present.
 */
export const PlatformEventEnvelope = z.object({
  event: z.string(),
  transaction_id: anyText,
  event_time: z.unknown().optional(),
  timestamp: z.unknown().optional(),
  data: z.record(z.string(), z.unknown()).optional(),
});
export type PlatformEventEnvelope = z.infer<typeof PlatformEventEnvelope>;

/** The `data` fields shared by the kinds the desk knows (appointment and doctor-joined events). */
export const PlatformEventData = z.object({
  appointment_id: anyText,
  doctor_id: anyText,
  patient_id: anyText,
  /** user.delete's body is not documented (spec 6.1): the profile's id may come as oid or user_id rather than patient_id. */
  oid: anyText,
  user_id: anyText,
  clinic_id: anyText,
  start_time: anyText,
  service_name: anyText,
  status: anyText,
  video_connect: z.object({ host_link: anyText, meet_link: anyText, vendor: anyText }).nullish().catch(null),
});
export type PlatformEventData = z.infer<typeof PlatformEventData>;

/** What the sandbox control route accepts to raise an event (for demos and tests). */
export const SandboxEmitRequest = z.object({
  event: EventKind,
  /** Fields of `data` to use instead of generated ones. */
  data: z.record(z.string(), z.unknown()).optional(),
  business_id: z.string().optional(),
  client_id: z.string().optional(),
});
export type SandboxEmitRequest = z.infer<typeof SandboxEmitRequest>;
