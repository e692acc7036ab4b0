import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** Webhook signing keys, encrypted at rest; a key with expires_at still verifies until then (rotation overlap). */
export const webhookSigningKeys = pgTable("webhook_signing_keys", {
  id: uuid("id").primaryKey().defaultRandom(),
  subscriptionId: text("subscription_id"),
  ciphertext: text("ciphertext").notNull(),
  /** Last four characters, so an admin can tell keys apart without seeing them. */
  hint: text("hint").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
});

/** Every accepted platform event, once: the delivery id (or body hash) is the duplicate key. */
export const webhookInbox = pgTable(
  "webhook_inbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    deliveryKey: text("delivery_key").notNull().unique(),
    kind: text("kind").notNull(),
    verification: text("verification", { enum: ["signed", "unsigned"] }).notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    payload: jsonb("payload").notNull(),
  },
  (t) => [index("webhook_inbox_received_idx").on(t.receivedAt)],
);

/** The receiver's log: every request, accepted, dropped as a duplicate or refused (with why). */
export const webhookReceipts = pgTable(
  "webhook_receipts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    deliveryKey: text("delivery_key"),
    outcome: text("outcome", { enum: ["accepted", "duplicate", "rejected"] }).notNull(),
    status: integer("status").notNull(),
    reason: text("reason"),
    kind: text("kind"),
    inboxId: integer("inbox_id"),
  },
  (t) => [index("webhook_receipts_at_idx").on(t.at)],
);
