import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { DeskEvent } from "@/lib/schemas/desk-events";

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

/**
 * The desk's own record of the subscriptions it registered (spec 4.2 documents creating one, not
 * listing or deleting): what was asked for, so Settings can show it on a platform without a list.
 * The signing key is in webhook_signing_keys (sealed), linked by subscription_id.
 */
export const webhookSubscriptions = pgTable("webhook_subscriptions", {
  id: text("id").primaryKey(),
  endpoint: text("endpoint").notNull(),
  eventNames: jsonb("event_names").$type<string[]>().notNull(),
  protocol: text("protocol").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  /** Set when the desk removed it (on the platform, or only here when the platform has no delete). */
  removedAt: timestamp("removed_at", { withTimezone: true }),
});

/**
 * Every accepted platform event, once. Three keys each refuse a second copy: the delivery id (or body
 * hash), the event's own identity (kind + transaction id + event time, or the body hash), and the
 * verified signature — so a replay with a new delivery id and a platform retry with a fresh
 * timestamp are both duplicates, decided by the database even when two arrive at once.
 */
export const webhookInbox = pgTable(
  "webhook_inbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    deliveryKey: text("delivery_key").notNull().unique(),
    eventKey: text("event_key").unique(),
    /** The v1 signature that verified (hex); null for an unsigned delivery. */
    signature: text("signature").unique(),
    kind: text("kind").notNull(),
    verification: text("verification", { enum: ["signed", "unsigned"] }).notNull(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
    /** The body as the platform signed it; read only by lib/platform/client, to reshape. */
    payload: jsonb("payload").notNull(),
    /** The event in the desk's own shape (DeskEvent), written on arrival; null on rows stored before it existed. */
    deskEvent: jsonb("desk_event").$type<DeskEvent>(),
    /** DESK_EVENT_VERSION the row was shaped with; an older one is reshaped when read. */
    deskEventVersion: integer("desk_event_version"),
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

/** A short lease per endpoint, so two admins registering the same endpoint at once make one subscription. */
export const webhookRegistrationLeases = pgTable("webhook_registration_leases", {
  /** sha256 (hex) of the endpoint URL. */
  endpoint: text("endpoint").primaryKey(),
  holder: uuid("holder").notNull(),
  takenAt: timestamp("taken_at", { withTimezone: true }).notNull().defaultNow(),
});
