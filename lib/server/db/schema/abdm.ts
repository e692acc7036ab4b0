import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { SharePatient } from "@/lib/abdm/wire/share";

/**
 * ABDM Scan & Share, the desk's own (the platform has no API for it, so it works while the platform
 * is down): one row per patient who shared their ABHA profile at a counter. A share repeated while
 * its token is still valid is the same row and keeps its token.
 */
export const abdmShares = pgTable(
  "abdm_shares",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    abhaAddress: text("abha_address").notNull(),
    abhaNumber: text("abha_number"),
    /** The counter the facility QR belongs to (the request's metaData.context). */
    counter: text("counter").notNull(),
    hipId: text("hip_id").notNull(),
    clinicId: text("clinic_id").notNull(),
    day: text("day").notNull(),
    /** The share token's number in the day's share counter, and its printed label. */
    tokenNumber: text("token_number").notNull(),
    profile: jsonb("profile").$type<SharePatient>().notNull(),
    firstRequestId: text("first_request_id").notNull(),
    sharedAt: timestamp("shared_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** Set when a receptionist has registered-or-found the patient and issued the OPD token. */
    patientId: text("patient_id"),
    appointmentId: text("appointment_id"),
    handledAt: timestamp("handled_at", { withTimezone: true }),
    /** The acknowledgement (`on-share`) to the gateway: pending, sent, refused (the gateway said no), or expired (given up with the share). */
    onShareState: text("on_share_state").$type<"pending" | "sent" | "refused" | "expired">().notNull().default("pending"),
    onShareAttempts: integer("on_share_attempts").notNull().default(0),
    onShareError: text("on_share_error"),
    /** Set by the clean-up once an unhandled share's 30 minutes have passed: hidden from the list, kept for the retention period. */
    expiredAt: timestamp("expired_at", { withTimezone: true }),
  },
  (t) => [
    index("abdm_shares_address_idx").on(t.abhaAddress, t.expiresAt),
    uniqueIndex("abdm_shares_token_idx").on(t.clinicId, t.day, t.tokenNumber),
    index("abdm_shares_open_idx").on(t.clinicId, t.day).where(sql`${t.handledAt} is null`),
    index("abdm_shares_unhandled_expiry_idx").on(t.expiresAt).where(sql`${t.handledAt} is null and ${t.expiredAt} is null`),
  ],
);

/** Every gateway REQUEST-ID the desk has taken, so a replayed call is refused. */
export const abdmShareRequests = pgTable("abdm_share_requests", {
  requestId: text("request_id").primaryKey(),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});
