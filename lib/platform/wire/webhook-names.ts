import { z } from "zod";
import { SUBSCRIBABLE_EVENT_KINDS } from "./event-kinds";

export { DOCTOR_JOINED, SUBSCRIBABLE_EVENT_KINDS } from "./event-kinds";
export const EventKind = z.enum(SUBSCRIBABLE_EVENT_KINDS);
export type EventKind = z.infer<typeof EventKind>;

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

/** Header names: the vendor word is hidden as in the spec (platform notes). */
export const DEFAULT_SIGNATURE_HEADER = "Svc-Webhook-Signature";
export const DELIVERY_ID_HEADER = "Svc-Webhook-Id";
