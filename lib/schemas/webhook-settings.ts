import { z } from "zod";
import { storableText } from "./storable-text";
import { endpointProblem, EventKind, SUBSCRIBABLE_EVENT_KINDS, WebhookProtocol } from "../platform/wire/webhook-names";

/** The settings form: register a subscription. The signing key is never typed; the server makes it. */
export const NewWebhookSubscription = z
  .object({
    endpoint: storableText().trim().min(1, "Enter the address that receives the events").max(2048),
    eventNames: z.array(EventKind).min(1, "Pick at least one event"),
    protocol: WebhookProtocol,
  })
  .superRefine((v, ctx) => {
    const problem = endpointProblem(v.protocol, v.endpoint);
    if (problem) ctx.addIssue({ code: "custom", path: ["endpoint"], message: `The address ${problem}` });
  });
export type NewWebhookSubscription = z.infer<typeof NewWebhookSubscription>;

export const ALL_EVENT_KINDS = [...SUBSCRIBABLE_EVENT_KINDS];

const KeyView = z.object({ id: z.string(), hint: z.string(), subscriptionId: z.string().nullable(), createdAt: z.string(), expiresAt: z.string().nullable() });
export type SigningKeyView = z.infer<typeof KeyView>;

export const WebhookSettingsView = z.object({
  receiverUrl: z.string(),
  /** The platform can raise a test event (only the sandbox can: the real one sends its own). */
  testEvents: z.boolean(),
  /** "desk": the platform has no list call (spec 4.2 documents only creating one); these are the desk's own record. */
  listedBy: z.enum(["platform", "desk"]),
  signatureHeader: z.string(),
  toleranceSeconds: z.number(),
  keyOverlapHours: z.number(),
  /** Whether the receiver can verify anything yet, and whether the unsafe unsigned opt-in is on. */
  intake: z.object({ hasKey: z.boolean(), allowUnsigned: z.boolean() }),
  subscriptions: z.array(
    z.object({
      id: z.string(),
      endpoint: z.string(),
      eventNames: z.array(z.string()),
      protocol: z.string(),
      createdAt: z.string().nullable(),
      deliverable: z.boolean(),
      keyHint: z.string().nullable(),
      pointsHere: z.boolean(),
    }),
  ),
  keys: z.array(KeyView),
});
export type WebhookSettingsView = z.infer<typeof WebhookSettingsView>;

/** Answer to create and rotate: the only time the signing key is shown. A rotation names the subscription it replaced. */
export const SigningKeyIssued = z.object({ subscriptionId: z.string(), signingKey: z.string(), replaces: z.string().optional() });
export type SigningKeyIssued = z.infer<typeof SigningKeyIssued>;

export const WebhookReceipt = z.object({
  id: z.number(),
  at: z.string(),
  outcome: z.enum(["accepted", "duplicate", "rejected"]),
  status: z.number(),
  reason: z.string().nullable(),
  kind: z.string().nullable(),
  deliveryKey: z.string().nullable(),
});
export type WebhookReceipt = z.infer<typeof WebhookReceipt>;
export const WebhookReceiptList = z.object({ receipts: z.array(WebhookReceipt) });
export type WebhookReceiptList = z.infer<typeof WebhookReceiptList>;

export const TestEventSent = z.object({ eventId: z.string(), deliveries: z.number() });
export type TestEventSent = z.infer<typeof TestEventSent>;
