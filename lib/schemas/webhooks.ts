import { z } from "zod";

/** Spec 6.1: the kinds a subscription names, plus the documented tele-consultation notification. */
export const SUBSCRIBABLE_EVENT_KINDS = [
  "appointment.created",
  "appointment.updated",
  "prescription.created",
  "prescription.updated",
  "receipt.created",
  "receipt.updated",
  "user.delete",
  "appointment.tele.dr_joined",
] as const;
export const EventKind = z.enum(SUBSCRIBABLE_EVENT_KINDS);
export type EventKind = z.infer<typeof EventKind>;

export const DOCTOR_JOINED = "appointment.tele.dr_joined" satisfies EventKind;

export const WEBHOOK_PROTOCOLS = ["http", "https", "sqs", "lambda"] as const;
export const WebhookProtocol = z.preprocess((v) => (typeof v === "string" ? v.trim().toLowerCase() : v), z.enum(WEBHOOK_PROTOCOLS));
export type WebhookProtocol = z.infer<typeof WebhookProtocol>;

const SQS_QUEUE_URL = /^https:\/\/sqs\.[a-z0-9-]+\.amazonaws\.com(\.cn)?\/\d{12}\/[A-Za-z0-9_-]{1,80}(\.fifo)?$/;
// A Lambda function is named by its ARN (optionally with a version or alias) or by its bare name.
const LAMBDA_FUNCTION = /^(arn:aws[a-z-]*:lambda:[a-z0-9-]+:\d{12}:function:)?[A-Za-z0-9_-]{1,64}(:[A-Za-z0-9$_-]{1,128})?$/;

/** Why an endpoint does not fit its protocol, or undefined when it does. */
export function endpointProblem(protocol: WebhookProtocol, endpoint: string): string | undefined {
  if (protocol === "sqs") return SQS_QUEUE_URL.test(endpoint) ? undefined : "must be an SQS queue URL (https://sqs.<region>.amazonaws.com/<account>/<queue>)";
  if (protocol === "lambda") return LAMBDA_FUNCTION.test(endpoint) ? undefined : "must be a Lambda function name or ARN";
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "must be a fully qualified URL";
  }
  if (url.protocol !== `${protocol}:`) return `must be an ${protocol}:// URL for the ${protocol} protocol`;
  if (url.username || url.password) return "must not carry a user name or password";
  return undefined;
}

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

/** What the sandbox control route accepts to raise an event (for demos and tests). */
export const SandboxEmitRequest = z.object({
  event: EventKind,
  /** Fields of `data` to use instead of generated ones. */
  data: z.record(z.string(), z.unknown()).optional(),
  business_id: z.string().optional(),
  client_id: z.string().optional(),
});
export type SandboxEmitRequest = z.infer<typeof SandboxEmitRequest>;

/** Header names: the vendor word is hidden as in the spec (platform notes). */
export const DEFAULT_SIGNATURE_HEADER = "Svc-Webhook-Signature";
export const DELIVERY_ID_HEADER = "Svc-Webhook-Id";
